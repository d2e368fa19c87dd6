'use client';

import { useHydrated } from '@/lib/client/navigate';

/**
 * The Reload button of the 'Loading Error' screens: reloads the page. Disabled until the page is
 * interactive (its scripts come after the first paint), so a tap before then is not lost silently.
 */
export function ReloadButton({ label }: { label: string }) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => window.location.reload()}
      className="min-h-11 w-[var(--button-width)] rounded-lg bg-gray-900 px-4 py-2 font-semibold text-white disabled:opacity-60"
    >
      {label}
    </button>
  );
}

'use client';

/** The Reload button of the 'Loading Error' screens: reloads the page. */
export function ReloadButton() {
  return (
    <button
      type="button"
      onClick={() => window.location.reload()}
      className="min-h-11 w-[var(--button-width)] rounded-lg bg-gray-900 px-4 py-2 font-semibold text-white"
    >
      Reload
    </button>
  );
}

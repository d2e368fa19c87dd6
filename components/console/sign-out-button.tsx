'use client';
import { useState } from 'react';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { hardNavigate, useHydrated } from '@/lib/client/navigate';
import { CONSOLE_SIGN_IN_PATH } from '@/lib/shared/console-nav';

// Signs out of the console: the session ends on the server, then the sign-in screen.
export function SignOutButton({ label = 'Sign out', onLight = false }: { label?: string; onLight?: boolean } = {}) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  async function signOut() {
    setBusy(true);
    try {
      await consoleApi(CONSOLE_API.signOut);
    } finally {
      hardNavigate(CONSOLE_SIGN_IN_PATH);
    }
  }
  return (
    <button type="button" onClick={signOut} disabled={busy || !hydrated} aria-busy={busy || undefined} className={`min-h-11 rounded-md border px-3 py-1 font-medium disabled:opacity-60 ${onLight ? 'border-gray-600 text-gray-900' : 'border-white/70 text-white'}`}>
      {label}
    </button>
  );
}

'use client';
import { useState } from 'react';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { hardNavigate } from '@/lib/client/navigate';
import { CONSOLE_SIGN_IN_PATH } from '@/lib/shared/console-nav';
import { ConsoleButton } from './button';

// Signs out of the console: the session ends on the server, then the sign-in screen. A console
// button (the kit's header look on the coloured bar, secondary on a light page).
export function SignOutButton({ label = 'Sign out', onLight = false }: { label?: string; onLight?: boolean } = {}) {
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    try {
      await consoleApi(CONSOLE_API.signOut);
    } finally {
      hardNavigate(CONSOLE_SIGN_IN_PATH);
    }
  }
  return (
    <ConsoleButton variant={onLight ? 'secondary' : 'header'} busy={busy} onClick={signOut}>
      {label}
    </ConsoleButton>
  );
}

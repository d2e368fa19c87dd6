'use client';
import { useState } from 'react';
import { signOut } from '@/lib/client/lazy-http';
import { hardNavigate } from '@/lib/client/navigate';
import { useT } from '@/components/shell/i18n-context';

// POST /api/auth/customer/logout, then the sign-in screen.
export function SignOutButton() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className="block whitespace-nowrap rounded-full bg-gray-900 px-3 py-1 text-white"
      onClick={async () => {
        setBusy(true);
        try {
          await signOut();
        } catch (err) {
          console.error('[sign-out] logout failed', err);
        }
        hardNavigate('/login');
      }}
    >
      {t('account.signOut')}
    </button>
  );
}

'use client';
import { useEffect, type ReactNode } from 'react';
import { useAuthState } from '@/lib/client/status';
import { hardNavigate } from '@/lib/client/navigate';
import type { CustomerProfile } from '@/lib/schemas/customer';
import { ProfileProvider } from './profile';

// The signed-in part of the shell: the profile the server loaded (a failed one is the layout's
// user-data reload screen) is held for the screens; a failed token refresh sends the visitor to
// /login, remembering where they were (spec section 8). React Query is not here: the screens
// that need it load it with themselves after the first paint (components/shell/query-island.tsx).
export function SignedInShell({ profile, children }: { profile: CustomerProfile; children: ReactNode }) {
  const auth = useAuthState();

  useEffect(() => {
    if (auth.status !== 'FAILED') return;
    const from = window.location.pathname + window.location.search;
    hardNavigate(`/login?from=${encodeURIComponent(from)}`);
  }, [auth.status]);

  return <ProfileProvider profile={profile}>{children}</ProfileProvider>;
}

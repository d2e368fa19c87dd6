'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { profileQuery } from '@/lib/client/queries/profile';
import { useAuthState } from '@/lib/client/status';
import { hardNavigate } from '@/lib/client/navigate';
import type { CustomerProfile } from '@/lib/schemas/customer';
import { LoadError, USER_DATA_ERROR } from './load-error';
import { LoadingAnimation } from './loading-animation';
import { QueryProvider } from './query-provider';

// The signed-in part of the shell: the profile the server loaded seeds React Query; a failed
// profile shows the user-data reload screen; a failed token refresh sends the visitor to
// /login, remembering where they were (spec section 8).
export function SignedInShell({ profile, children }: { profile: CustomerProfile; children: ReactNode }) {
  return (
    <QueryProvider>
      <ProfileGate profile={profile}>{children}</ProfileGate>
    </QueryProvider>
  );
}

function ProfileGate({ profile, children }: { profile: CustomerProfile; children: ReactNode }) {
  const queryClient = useQueryClient();
  useState(() => queryClient.setQueryData(profileQuery().queryKey, profile));
  const query = useQuery(profileQuery());
  const auth = useAuthState();

  useEffect(() => {
    if (auth.status !== 'FAILED') return;
    const from = window.location.pathname + window.location.search;
    hardNavigate(`/login?from=${encodeURIComponent(from)}`);
  }, [auth.status]);

  if (query.isPending) return <LoadingAnimation />;
  if (query.isError && !query.data) return <LoadError message={USER_DATA_ERROR} />;
  return <>{children}</>;
}

'use client';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getQueryClient } from '@/lib/client/query-client';

// React Query for the parts of the app that fetch in the browser (the signed-in screens, the
// legal banners). Not in the root shell: an anonymous verify page needs none of it, and a slow
// phone should not download it first. One client in the browser, whichever part mounts it.
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}

'use client';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { getQueryClient } from '@/lib/client/query-client';

// React Query for the parts of the app that fetch in the browser (the signed-in screens, the
// legal banners). Not in the root shell: an anonymous verify page needs none of it, and a slow
// phone should not download it first. One client in the browser, whichever part mounts it.
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}

/**
 * `Component` inside the QueryProvider. The screens that need React Query are loaded after the
 * first paint with it (their `*.deferred.tsx` loaders import this module and the screen
 * together), so no signed-in page carries the library in its first load.
 */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}

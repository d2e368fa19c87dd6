'use client';
import { useEffect, type ReactNode } from 'react';
import { refreshAccessToken } from '@/lib/client/lazy-http';
import { appDataStore } from '@/lib/client/status';
import type { CloneInfo } from '@/lib/schemas/client';
import { BrandProvider } from './brand-context';

// Client-side root: the brand context (clone-info as the server read it) and the start-up token
// refresh (spec section 7; its failure is tolerated here, the signed-in shell handles it). React
// Query is mounted only where the browser fetches (QueryProvider), to keep first loads small.
export function Providers({ brand, children }: { brand: CloneInfo; children: ReactNode }) {
  useEffect(() => {
    appDataStore.set('SUCCESS');
    document.documentElement.dataset.hydrated = 'true'; // lets end-to-end tests wait for an interactive page
    refreshAccessToken().catch(() => undefined);
  }, []);
  return <BrandProvider brand={brand}>{children}</BrandProvider>;
}

'use client';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { getQueryClient } from '@/lib/client/query-client';
import { cloneInfoQuery } from '@/lib/client/queries/clone-info';
import { refreshAccessToken } from '@/lib/client/http';
import { appDataStore } from '@/lib/client/status';
import type { CloneInfo } from '@/lib/schemas/client';
import { BrandProvider } from './brand-context';

// Client-side roots: React Query seeded with the server's clone-info, the brand context, and
// the start-up token refresh (spec section 7; its failure is tolerated here, the signed-in
// shell handles it).
export function Providers({ brand, children }: { brand: CloneInfo; children: ReactNode }) {
  const [queryClient] = useState(() => {
    const qc = getQueryClient();
    qc.setQueryData(cloneInfoQuery().queryKey, brand);
    return qc;
  });
  useEffect(() => {
    appDataStore.set('SUCCESS');
    document.documentElement.dataset.hydrated = 'true'; // lets end-to-end tests wait for an interactive page
    refreshAccessToken().catch(() => undefined);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <BrandProvider brand={brand}>{children}</BrandProvider>
    </QueryClientProvider>
  );
}

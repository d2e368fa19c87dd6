'use client';
import dynamic from 'next/dynamic';

// The warranty screen with React Query, loaded after the first paint (see withQueryClient). Until
// it arrives the page shows what the screen shows while its data load.
export const WarrantyScreen = dynamic(
  () =>
    Promise.all([import('./warranty-screen'), import('@/components/shell/query-provider')]).then(([m, q]) => q.withQueryClient(m.WarrantyScreen)),
  { ssr: false, loading: () => <p className="text-gray-800">Loading…</p> },
);

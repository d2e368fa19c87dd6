'use client';
import dynamic from 'next/dynamic';
import { useT } from '@/components/shell/i18n-context';

function Loading() {
  return <p className="text-gray-800">{useT()('complaints.loading')}</p>;
}

// The warranty screen with React Query, loaded after the first paint (see withQueryClient). Until
// it arrives the page shows what the screen shows while its data load.
export const WarrantyScreen = dynamic(
  () =>
    Promise.all([import('./warranty-screen'), import('@/components/shell/query-provider')]).then(([m, q]) => q.withQueryClient(m.WarrantyScreen)),
  { ssr: false, loading: Loading },
);

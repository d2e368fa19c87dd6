'use client';
import dynamic from 'next/dynamic';
import { useT } from '@/components/shell/i18n-context';

function Loading() {
  return <p className="text-gray-800">{useT()('rewards.loading')}</p>;
}

// The rewards list with React Query, loaded after the first paint (see withQueryClient). Until it
// arrives the page shows what the list shows while its rewards load.
export const RewardsList = dynamic(
  () =>
    Promise.all([import('./rewards-list'), import('@/components/shell/query-provider')]).then(([m, q]) => q.withQueryClient(m.RewardsList)),
  { ssr: false, loading: Loading },
);

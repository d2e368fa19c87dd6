'use client';
import dynamic from 'next/dynamic';

// The complaint form with React Query, loaded after the first paint (see withQueryClient). Until
// it arrives the page shows what the form shows while its options load.
export const RaiseComplaintForm = dynamic(
  () =>
    Promise.all([import('./raise-complaint-form'), import('@/components/shell/query-provider')]).then(([m, q]) =>
      q.withQueryClient(m.RaiseComplaintForm),
    ),
  { ssr: false, loading: () => <p className="text-gray-800">Loading…</p> },
);

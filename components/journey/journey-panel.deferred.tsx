'use client';
import dynamic from 'next/dynamic';
import { Section } from '@/components/products/section';

// The scan journey with React Query, loaded after the first paint (see withQueryClient). Until it
// arrives the page shows what the panel shows while its steps load.
export const JourneyPanel = dynamic(
  () =>
    Promise.all([import('./journey-panel'), import('@/components/shell/query-provider')]).then(([m, q]) => q.withQueryClient(m.JourneyPanel)),
  {
    ssr: false,
    loading: () => (
      <Section title="Your journey">
        <p className="text-gray-800">Loading the steps…</p>
      </Section>
    ),
  },
);

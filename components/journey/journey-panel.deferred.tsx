'use client';
import dynamic from 'next/dynamic';
import { Section } from '@/components/products/section';
import { useT } from '@/components/shell/i18n-context';

function Loading() {
  const t = useT();
  return (
    <Section title={t('products.journey')}>
      <p className="text-gray-800">{t('products.journeyLoading')}</p>
    </Section>
  );
}

// The scan journey with React Query, loaded after the first paint (see withQueryClient). Until it
// arrives the page shows what the panel shows while its steps load.
export const JourneyPanel = dynamic(
  () =>
    Promise.all([import('./journey-panel'), import('@/components/shell/query-provider')]).then(([m, q]) => q.withQueryClient(m.JourneyPanel)),
  {
    ssr: false,
    loading: Loading,
  },
);

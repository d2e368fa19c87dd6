'use client';
import { QueryProvider } from '@/components/shell/query-provider';
import { LegalBanners } from './legal-banners';
import type { PolicyUrlConfig } from './policy-links';

// The banners with the query client they need, as one chunk loaded after the page is interactive.
export default function LegalBannersRoot({ ui }: { ui: PolicyUrlConfig }) {
  return (
    <QueryProvider>
      <LegalBanners ui={ui} />
    </QueryProvider>
  );
}

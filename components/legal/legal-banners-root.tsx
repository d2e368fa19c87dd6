'use client';
import { QueryProvider } from '@/components/shell/query-provider';
import { LegalBanners, type SeenCookie } from './legal-banners';
import type { PolicyUrlConfig } from './policy-links';

// The banners with the query client they need, as one chunk loaded after the page is interactive.
export default function LegalBannersRoot({ ui, seenCookie }: { ui: PolicyUrlConfig; seenCookie: SeenCookie }) {
  return (
    <QueryProvider>
      <LegalBanners ui={ui} seenCookie={seenCookie} />
    </QueryProvider>
  );
}

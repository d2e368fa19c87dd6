'use client';
import dynamic from 'next/dynamic';
import type { PolicyUrlConfig } from './policy-links';

// The policy and cookie banners load after the page itself: the verdict of a scan must not wait
// for them on a slow phone (they need the browser's session and storage anyway, so there is
// nothing for the server to render).
const LegalBannersRoot = dynamic(() => import('./legal-banners-root'), { ssr: false });

export function DeferredLegalBanners({ ui }: { ui: PolicyUrlConfig }) {
  return <LegalBannersRoot ui={ui} />;
}

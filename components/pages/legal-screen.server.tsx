import 'server-only';
import type { ReactNode } from 'react';
import { readBrand } from '@/lib/server/tenant';
import { Page } from '@/components/ui/page';

// A legal screen: the brand's own published document when it registered one, and what this
// app itself does.
export async function LegalScreen({ title, kind, children }: { title: string; kind: 'terms' | 'privacy'; children: ReactNode }) {
  const result = await readBrand();
  const brand = result.ok ? result.brand : undefined;
  const published = brand && (kind === 'terms' ? brand.masterClientData.embedTermsURL : brand.masterClientData.embedPrivacyPolicyURL);
  return (
    <Page title={title}>
      <div className="space-y-4 text-gray-800">
        {children}
        {published && (
          <p>
            Read the full document published by {brand.organizationName}:{' '}
            <a className="underline" href={published} rel="noopener noreferrer">{title}</a>.
          </p>
        )}
      </div>
    </Page>
  );
}

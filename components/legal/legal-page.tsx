import type { ReactNode } from 'react';
import { Page } from '@/components/ui/page';
import type { LegalDocument } from '@/lib/schemas/legal';
import { LegalDocumentView } from './legal-document-view';

// /terms-of-use and /privacy-policy: the brand's current published documents, each in its own
// section (the Cookie Policy at #cookie-policy); an embedding brand's own page (its
// embedding_App_…_URL) is linked in place of ours; without a published document, what the app
// itself does (`fallback`).
export type LegalSection = { id: string; title: string; document?: LegalDocument };

export function LegalPage({
  title,
  sections,
  externalUrl,
  organizationName,
  fallback,
}: {
  title: string;
  sections: LegalSection[];
  externalUrl: string | null;
  organizationName: string;
  fallback: ReactNode;
}) {
  const published = sections.filter((s) => s.document);
  return (
    <Page title={title}>
      <div className="space-y-6 text-gray-800">
        {externalUrl && (
          <p>
            {organizationName} publishes its {title} on its own site:{' '}
            <a className="font-semibold underline" href={externalUrl} target="_blank" rel="noopener noreferrer">
              read the {title}
            </a>
            .
          </p>
        )}
        {published.length === 0 && !externalUrl && <div className="space-y-4">{fallback}</div>}
        {published.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-4 space-y-2">
            {sections.length > 1 && (
              <h2 id={`${s.id}-title`} className="text-xl font-bold text-gray-900">
                {s.title}
              </h2>
            )}
            <LegalDocumentView document={s.document!} />
          </section>
        ))}
      </div>
    </Page>
  );
}

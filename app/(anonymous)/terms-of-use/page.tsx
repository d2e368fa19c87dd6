import { readBrand } from '@/lib/server/tenant';
import { currentLegalDocuments } from '@/lib/server/legal-documents';
import { LegalPage } from '@/components/legal/legal-page';

// /terms-of-use — the brand's current Terms & Conditions (or its own page, when it names one)
export default async function TermsOfUsePage() {
  const result = await readBrand();
  const name = result.ok ? result.brand.organizationName : 'The brand';
  const docs = await currentLegalDocuments(['Terms & Conditions']);
  return (
    <LegalPage
      title="Terms of use"
      organizationName={name}
      externalUrl={result.ok ? result.brand.uiDesignCriteria.embedding_App_Terms_And_Conditions_URL : null}
      sections={[{ id: 'terms', title: 'Terms & Conditions', document: docs['Terms & Conditions'] }]}
      fallback={
        <>
          <p>
            {name} offers this app so that you can check whether its products are genuine and use its after-sales services.
            Use it only for products you bought or are about to buy, and do not try to scan, copy or guess codes that are not yours.
          </p>
          <p>A verification result describes the code that was scanned. If a result looks wrong, raise a complaint with {name}.</p>
        </>
      }
    />
  );
}

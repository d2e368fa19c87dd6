import { readBrand } from '@/lib/server/tenant';
import { LegalScreen } from '@/components/pages/legal-screen';

// /terms-of-use
export default async function TermsOfUsePage() {
  const result = await readBrand();
  const name = result.ok ? result.brand.organizationName : 'The brand';
  return (
    <LegalScreen title="Terms of use" kind="terms">
      <p>
        {name} offers this app so that you can check whether its products are genuine and use its after-sales services.
        Use it only for products you bought or are about to buy, and do not try to scan, copy or guess codes that are not yours.
      </p>
      <p>A verification result describes the code that was scanned. If a result looks wrong, raise a complaint with {name}.</p>
    </LegalScreen>
  );
}

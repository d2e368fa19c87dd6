import { readBrand } from '@/lib/server/tenant';
import { currentLegalDocuments } from '@/lib/server/legal-documents';
import { LegalPage } from '@/components/legal/legal-page';
import { COOKIE_POLICY_ANCHOR } from '@/components/legal/policy-links';

// /privacy-policy — the brand's current Privacy Policy (or its own page, when it names one),
// then its Cookie Policy at #cookie-policy (the banners link there)
export default async function PrivacyPolicyPage() {
  const result = await readBrand();
  const name = result.ok ? result.brand.organizationName : 'the brand';
  const docs = await currentLegalDocuments(['Privacy Policy', 'Cookie Policy']);
  return (
    <LegalPage
      title="Privacy policy"
      organizationName={name}
      externalUrl={result.ok ? result.brand.uiDesignCriteria.embedding_App_Privacy_Policy_URL : null}
      sections={[
        { id: 'privacy-policy', title: 'Privacy Policy', document: docs['Privacy Policy'] },
        { id: COOKIE_POLICY_ANCHOR, title: 'Cookie Policy', document: docs['Cookie Policy'] },
      ]}
      fallback={
        <>
          <p>
            This app keeps what you give it for your account with {name}: your mobile number or e-mail address, your name and the
            profile details you enter, and the product codes you scan with the time of each scan.
          </p>
          <p>Your password is stored only as a slow, salted hash. You can change your details or delete your account at any time from your profile.</p>
        </>
      }
    />
  );
}

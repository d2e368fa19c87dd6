import { readBrand } from '@/lib/server/tenant';
import { LegalScreen } from '@/components/pages/legal-screen';

// /privacy-policy
export default async function PrivacyPolicyPage() {
  const result = await readBrand();
  const name = result.ok ? result.brand.organizationName : 'the brand';
  return (
    <LegalScreen title="Privacy policy" kind="privacy">
      <p>
        This app keeps what you give it for your account with {name}: your mobile number or e-mail address, your name and the
        profile details you enter, and the product codes you scan with the time of each scan.
      </p>
      <p>Your password is stored only as a slow, salted hash. You can change your details or delete your account at any time from your profile.</p>
    </LegalScreen>
  );
}

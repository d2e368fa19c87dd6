import { Page } from '@/components/ui/page';
import { OtpVerifyForm } from '@/components/auth/otp-verify-form';
import { pageLanguage } from '@/lib/server/i18n';

// /otp-verify — the code of the flow in progress (kept in sessionStorage).
export default async function OtpVerifyPage() {
  const { t } = await pageLanguage();
  return (
    <Page title={t('auth.otpTitle')}>
      <OtpVerifyForm />
    </Page>
  );
}

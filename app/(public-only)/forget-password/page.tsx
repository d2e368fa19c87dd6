import { Page } from '@/components/ui/page';
import { ForgetPasswordForm } from '@/components/auth/forget-password-form';
import { pageLanguage } from '@/lib/server/i18n';

// /forget-password
export default async function ForgetPasswordPage() {
  const { t } = await pageLanguage();
  return (
    <Page title={t('auth.resetTitle')}>
      <ForgetPasswordForm />
    </Page>
  );
}

import { Page } from '@/components/ui/page';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { pageLanguage } from '@/lib/server/i18n';

// /reset-password — change the password while signed in.
export default async function ResetPasswordPage() {
  const { t } = await pageLanguage();
  return (
    <Page title={t('account.changePassword')}>
      <ChangePasswordForm />
    </Page>
  );
}

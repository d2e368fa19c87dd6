import { Page } from '@/components/ui/page';
import { ChangePasswordForm } from '@/components/account/change-password-form';

// /reset-password — change the password while signed in.
export default function ResetPasswordPage() {
  return (
    <Page title="Change password">
      <ChangePasswordForm />
    </Page>
  );
}

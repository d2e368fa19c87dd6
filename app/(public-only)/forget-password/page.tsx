import { Page } from '@/components/ui/page';
import { ForgetPasswordForm } from '@/components/auth/forget-password-form';

// /forget-password
export default function ForgetPasswordPage() {
  return (
    <Page title="Reset your password">
      <ForgetPasswordForm />
    </Page>
  );
}

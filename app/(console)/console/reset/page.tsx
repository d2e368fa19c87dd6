import { ResetRequestForm } from '@/components/console/reset-forms';
import { AuthFrame } from '../auth-frame';

// /reset — a link to choose a new password, by e-mail.
export default function ResetPage() {
  return (
    <AuthFrame title="Reset your password" intro="Enter the e-mail of your console account. We will send you a link that works for 1 hour.">
      <ResetRequestForm />
    </AuthFrame>
  );
}

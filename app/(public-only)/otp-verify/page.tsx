import { Page } from '@/components/ui/page';
import { OtpVerifyForm } from '@/components/auth/otp-verify-form';

// /otp-verify — the code of the flow in progress (kept in sessionStorage).
export default function OtpVerifyPage() {
  return (
    <Page title="Enter your code">
      <OtpVerifyForm />
    </Page>
  );
}

import { ModuleScreen } from '@/components/pages/module-screen.server';
import { UpiDetailsForm } from '@/components/rewards/upi-details-form';
import { VerifyContactGate } from '@/components/account/verify-contact-gate';

// /upi-details — where cashback rewards are paid.
export default function UpiDetailsPage() {
  return (
    <ModuleScreen title="UPI details" flag="isLoyalityProgramEnabled" intro="Cashback rewards are paid to this UPI id.">
      <VerifyContactGate what="or change your UPI id">
        <UpiDetailsForm />
      </VerifyContactGate>
    </ModuleScreen>
  );
}

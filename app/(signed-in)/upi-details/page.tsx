import { ModuleScreen } from '@/components/pages/module-screen';
import { UpiDetailsForm } from '@/components/rewards/upi-details-form';

// /upi-details — where cashback rewards are paid.
export default function UpiDetailsPage() {
  return (
    <ModuleScreen title="UPI details" flag="isLoyalityProgramEnabled" intro="Cashback rewards are paid to this UPI id.">
      <UpiDetailsForm />
    </ModuleScreen>
  );
}

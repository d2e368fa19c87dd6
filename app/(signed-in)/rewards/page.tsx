import { ModuleScreen } from '@/components/pages/module-screen.server';
import { RewardsList } from '@/components/rewards/rewards-list.deferred';
import { VerifyContactGate } from '@/components/account/verify-contact-gate';

// /rewards — cashback and coupons earned on the scan journeys.
export default function RewardsPage() {
  return (
    <ModuleScreen title="Rewards" flag="isLoyalityProgramEnabled" intro="Cashback and coupons you earned by scanning genuine products. Cashback is paid to your UPI id.">
      <VerifyContactGate what="your rewards">
        <RewardsList />
      </VerifyContactGate>
    </ModuleScreen>
  );
}

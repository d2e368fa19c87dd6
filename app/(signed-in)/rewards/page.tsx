import { ModuleScreen } from '@/components/pages/module-screen';
import { RewardsList } from '@/components/rewards/rewards-list';

// /rewards — cashback and coupons earned on the scan journeys.
export default function RewardsPage() {
  return (
    <ModuleScreen title="Rewards" flag="isLoyalityProgramEnabled" intro="Cashback and coupons you earned by scanning genuine products. Cashback is paid to your UPI id.">
      <RewardsList />
    </ModuleScreen>
  );
}

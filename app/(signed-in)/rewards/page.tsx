import { ModuleScreen } from '@/components/pages/module-screen.server';
import { RewardsList } from '@/components/rewards/rewards-list.deferred';
import { VerifyContactGate } from '@/components/account/verify-contact-gate';
import { pageLanguage } from '@/lib/server/i18n';

// /rewards — cashback and coupons earned on the scan journeys.
export default async function RewardsPage() {
  const { t } = await pageLanguage();
  return (
    <ModuleScreen title={t('module.rewards')} flag="isLoyalityProgramEnabled" intro={t('rewards.intro')}>
      <VerifyContactGate what={t('account.verifyWhatRewards')}>
        <RewardsList />
      </VerifyContactGate>
    </ModuleScreen>
  );
}

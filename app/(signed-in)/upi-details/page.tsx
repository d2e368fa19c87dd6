import { ModuleScreen } from '@/components/pages/module-screen.server';
import { UpiDetailsForm } from '@/components/rewards/upi-details-form';
import { VerifyContactGate } from '@/components/account/verify-contact-gate';
import { pageLanguage } from '@/lib/server/i18n';

// /upi-details — where cashback rewards are paid.
export default async function UpiDetailsPage() {
  const { t } = await pageLanguage();
  return (
    <ModuleScreen title={t('upi.title')} flag="isLoyalityProgramEnabled" intro={t('upi.intro')}>
      <VerifyContactGate what={t('account.verifyWhatUpi')}>
        <UpiDetailsForm />
      </VerifyContactGate>
    </ModuleScreen>
  );
}

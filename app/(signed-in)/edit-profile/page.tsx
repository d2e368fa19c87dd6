import { Page } from '@/components/ui/page';
import { EditProfileForm } from '@/components/account/edit-profile-form';
import { VerifyContactGate } from '@/components/account/verify-contact-gate';
import { pageLanguage } from '@/lib/server/i18n';

// /edit-profile
export default async function EditProfilePage() {
  const { t } = await pageLanguage();
  return (
    <Page title={t('account.editProfile')}>
      <VerifyContactGate what={t('account.verifyWhatProfile')}>
        <EditProfileForm />
      </VerifyContactGate>
    </Page>
  );
}

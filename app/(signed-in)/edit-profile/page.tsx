import { Page } from '@/components/ui/page';
import { EditProfileForm } from '@/components/account/edit-profile-form';
import { DeferredMyData } from '@/components/account/deferred-my-data';
import { VerifyContactGate } from '@/components/account/verify-contact-gate';
import { callRoute } from '@/lib/server/call-route';
import { myDataRoute } from '@/lib/server/routes';
import { pageLanguage } from '@/lib/server/i18n';

// /edit-profile — the profile, and "My data": the consents given, and everything held as a download.
export default async function EditProfilePage() {
  const [{ t }, data] = await Promise.all([pageLanguage(), callRoute(myDataRoute, {})]);
  return (
    <Page title={t('account.editProfile')}>
      <VerifyContactGate what={t('account.verifyWhatProfile')}>
        <EditProfileForm />
      </VerifyContactGate>
      <DeferredMyData consents={data.consents} />
    </Page>
  );
}

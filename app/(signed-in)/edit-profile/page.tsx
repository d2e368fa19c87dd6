import { Page } from '@/components/ui/page';
import { EditProfileForm } from '@/components/account/edit-profile-form';
import { DeferredMyData } from '@/components/account/deferred-my-data';
import { VerifyContactGate } from '@/components/account/verify-contact-gate';
import { callRoute } from '@/lib/server/call-route';
import { myDataRoute } from '@/lib/server/routes';
import { pageLanguage } from '@/lib/server/i18n';

// /edit-profile — the profile, and "My data": the consents given, and everything held as a download.
// ?contact=changed: back from /change-contact, which changed the contact signed in with.
export default async function EditProfilePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const contactChanged = (await searchParams).contact === 'changed';
  const [{ t }, data] = await Promise.all([pageLanguage(), callRoute(myDataRoute, {})]);
  return (
    <Page title={t('account.editProfile')}>
      <VerifyContactGate what={t('account.verifyWhatProfile')}>
        <EditProfileForm contactChanged={contactChanged} />
      </VerifyContactGate>
      <DeferredMyData consents={data.consents} />
    </Page>
  );
}

import { Page } from '@/components/ui/page';
import { ChangeContactForm } from '@/components/account/change-contact-form';
import { pageLanguage } from '@/lib/server/i18n';

// /change-contact — the e-mail address or mobile number the customer signs in with, changed with a
// code sent to the new one (reached from /edit-profile; docs/security.md, "Changing the sign-in contact").
export default async function ChangeContactPage() {
  const { t } = await pageLanguage();
  return (
    <Page title={t('account.changeContactTitle')}>
      <ChangeContactForm />
    </Page>
  );
}

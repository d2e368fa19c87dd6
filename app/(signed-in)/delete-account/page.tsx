import { readBrand } from '@/lib/server/tenant';
import { Page } from '@/components/ui/page';
import { DeleteAccountForm } from '@/components/account/delete-account-form';
import { pageLanguage } from '@/lib/server/i18n';

// /delete-account
export default async function DeleteAccountPage() {
  const [result, { t }] = await Promise.all([readBrand(), pageLanguage()]);
  return (
    <Page title={t('account.deleteAccount')}>
      <DeleteAccountForm brandName={result.ok ? result.brand.organizationName : t('shell.thisBrand')} />
    </Page>
  );
}

import { readBrand } from '@/lib/server/tenant';
import { Page } from '@/components/ui/page';
import { DeleteAccountForm } from '@/components/account/delete-account-form';

// /delete-account
export default async function DeleteAccountPage() {
  const result = await readBrand();
  return (
    <Page title="Delete account">
      <DeleteAccountForm brandName={result.ok ? result.brand.organizationName : 'this'} />
    </Page>
  );
}

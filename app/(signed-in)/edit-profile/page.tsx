import { Page } from '@/components/ui/page';
import { EditProfileForm } from '@/components/account/edit-profile-form';

// /edit-profile
export default function EditProfilePage() {
  return (
    <Page title="Edit profile">
      <EditProfileForm />
    </Page>
  );
}

import { Page } from '@/components/ui/page';
import { EditProfileForm } from '@/components/account/edit-profile-form';
import { VerifyContactGate } from '@/components/account/verify-contact-gate';

// /edit-profile
export default function EditProfilePage() {
  return (
    <Page title="Edit profile">
      <VerifyContactGate what="or change your profile">
        <EditProfileForm />
      </VerifyContactGate>
    </Page>
  );
}

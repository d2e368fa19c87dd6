import Link from 'next/link';
import { invitationDetails } from '@/lib/console/staff';
import { InvitationForm } from '@/components/console/invitation-form';
import { Alert } from '@/components/ui/alert';
import { AuthFrame } from '../../auth-frame';

// /invitation/<token> — the link of an invitation e-mail: whose staff, as what, then the form.
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const details = await invitationDetails(token);
  if (!details) {
    return (
      <AuthFrame title="This invitation cannot be used">
        <Alert>This link has expired or was already used. Ask the brand&rsquo;s owner to invite you again.</Alert>
        <Link href="/sign-in" className="underline">
          Sign in
        </Link>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame
      title={`Join ${details.brandName}`}
      intro={
        <p>
          You are invited to the staff of {details.brandName} as <strong>{details.role}</strong>, with the e-mail {details.email}.
          {details.hasAccount ? ' You already have a console account: confirm with its password.' : ''}
        </p>
      }
    >
      <InvitationForm token={token} hasAccount={details.hasAccount} />
    </AuthFrame>
  );
}

import Link from 'next/link';
import { resetTokenUsable } from '@/lib/console/staff';
import { ResetConfirmForm } from '@/components/console/reset-forms';
import { Alert } from '@/components/ui/alert';
import { AuthFrame } from '../../auth-frame';

// /reset/<token> — the link of a reset e-mail: a new password.
export default async function ResetConfirmPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  if (!(await resetTokenUsable(token))) {
    return (
      <AuthFrame title="This link cannot be used">
        <Alert>This link has expired or was already used.</Alert>
        <Link href="/reset" className="underline">
          Ask for a new link
        </Link>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Choose a new password">
      <ResetConfirmForm token={token} />
    </AuthFrame>
  );
}

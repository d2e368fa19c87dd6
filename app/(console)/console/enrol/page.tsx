import { redirect } from 'next/navigation';
import { readStaffSession } from '@/lib/server/console-session';
import { safeReturnPath } from '@/lib/shared/return-path';
import { CONSOLE_SECOND_FACTOR_PATH, CONSOLE_SIGN_IN_PATH } from '@/lib/shared/console-nav';
import { EnrolForm } from '@/components/console/enrol-form';
import { AuthFrame } from '../auth-frame';

// /enrol — the first sign-in sets up the authenticator app that gives every later sign-in its code.
export default async function EnrolPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const from = safeReturnPath(typeof params.from === 'string' ? params.from : undefined);
  const session = await readStaffSession();
  if (!session) redirect(CONSOLE_SIGN_IN_PATH);
  if (session.secondFactor) redirect(from);
  if (session.totpEnrolled) redirect(CONSOLE_SECOND_FACTOR_PATH);
  return (
    <AuthFrame title="Set up your authenticator app" intro="The console asks for a code from this app each time you sign in.">
      <EnrolForm from={from} />
    </AuthFrame>
  );
}

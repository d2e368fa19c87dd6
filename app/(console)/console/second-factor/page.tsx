import { redirect } from 'next/navigation';
import { readStaffSession } from '@/lib/server/console-session';
import { safeReturnPath } from '@/lib/shared/return-path';
import { CONSOLE_ENROL_PATH, CONSOLE_SIGN_IN_PATH } from '@/lib/shared/console-nav';
import { SecondFactorForm } from '@/components/console/second-factor-form';
import { AuthFrame } from '../auth-frame';

// /second-factor — after the password, the authenticator's code.
export default async function SecondFactorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const from = safeReturnPath(typeof params.from === 'string' ? params.from : undefined);
  const session = await readStaffSession();
  if (!session) redirect(CONSOLE_SIGN_IN_PATH);
  if (session.secondFactor) redirect(from);
  if (!session.totpEnrolled) redirect(CONSOLE_ENROL_PATH);
  return (
    <AuthFrame title="Enter your code" intro="Open your authenticator app and enter the code it shows for the brand console.">
      <SecondFactorForm from={from} />
    </AuthFrame>
  );
}

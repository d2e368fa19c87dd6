import { redirect } from 'next/navigation';
import { readStaffSession } from '@/lib/server/console-session';
import { safeReturnPath } from '@/lib/shared/return-path';
import { ConsoleSignInForm } from '@/components/console/sign-in-form';
import { AuthFrame } from '../auth-frame';

// /sign-in on the console host. Someone signed in already goes where they were headed.
export default async function ConsoleSignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const from = safeReturnPath(typeof params.from === 'string' ? params.from : undefined);
  const session = await readStaffSession();
  if (session?.secondFactor) redirect(from);
  return (
    <AuthFrame title="Sign in to the brand console" intro="For the staff of the brands on this service.">
      <ConsoleSignInForm from={from} />
    </AuthFrame>
  );
}

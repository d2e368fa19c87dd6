import Link from 'next/link';
import { requireStaffSession } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleRecoveryCodesStatusRoute } from '@/lib/server/routes';
import { RECOVERY_CODE_COUNT } from '@/lib/domain/recovery-codes';
import { RegenerateRecoveryCodes } from '@/components/console/recovery-codes';
import { ConsoleHeader } from '../console-header';

// /recovery-codes — one's own second factor: the authenticator app, how many recovery codes are
// left unused, and a new set on request (confirmed; the old codes stop working; shown once).
export default async function SecondFactorSettingsPage() {
  const session = await requireStaffSession();
  const { remaining } = await callRoute(consoleRecoveryCodesStatusRoute);
  return (
    <>
      <ConsoleHeader email={session.email} />
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8">
        <p className="mb-2">
          <Link href="/" className="underline">
            Your brands
          </Link>
        </p>
        <h1 className="mb-4 text-2xl font-bold">Your second factor</h1>
        <p className="mb-4">An authenticator app gives the code you enter after your password each time you sign in.</p>
        <h2 className="mb-2 text-lg font-semibold">Recovery codes</h2>
        <p className="mb-2" data-testid="recovery-codes-left">
          {remaining === 0
            ? 'You have no unused recovery codes.'
            : `${remaining} of ${RECOVERY_CODE_COUNT} recovery codes ${remaining === 1 ? 'is' : 'are'} unused.`}
        </p>
        <p className="mb-4 text-gray-800">
          Without your phone, a recovery code signs you in instead of the app&rsquo;s code, once. {remaining <= 3 ? 'Make a new set before you run out.' : ''}
        </p>
        <RegenerateRecoveryCodes remaining={remaining} />
        <p className="mt-8">
          <Link href="/sessions" className="underline">
            Where you are signed in
          </Link>
        </p>
      </main>
    </>
  );
}

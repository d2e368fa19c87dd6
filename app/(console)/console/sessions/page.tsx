import Link from 'next/link';
import { requireStaffSession } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleOwnSessionsRoute } from '@/lib/server/routes';
import { OwnSessionButton } from '@/components/console/staff-actions';
import { ConsoleHeader } from '../console-header';
import { device, when } from '../format';

// /sessions — where one's own console account is signed in; sign out any other one, or all.
export default async function OwnSessionsPage() {
  const session = await requireStaffSession();
  const { sessions } = await callRoute(consoleOwnSessionsRoute);
  const others = sessions.filter((s) => s.id !== session.sessionId);
  return (
    <>
      <ConsoleHeader email={session.email} />
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8">
        <p className="mb-2">
          <Link href="/" className="underline">
            Your brands
          </Link>
        </p>
        <h1 className="mb-4 text-2xl font-bold">Your sessions</h1>
        <ul className="mb-6 space-y-3">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 rounded-md border border-gray-300 bg-white p-3">
              <span>
                {device(s.userAgent)}, from {s.address ?? 'an unknown address'}; signed in {when(s.createdAt)}, last seen {when(s.lastSeenAt)}
                {s.id === session.sessionId && <strong> (this browser)</strong>}
              </span>
              {s.id !== session.sessionId && <OwnSessionButton sessionId={s.id} />}
            </li>
          ))}
        </ul>
        {others.length > 0 && <OwnSessionButton all />}
        <p className="mt-8">
          <Link href="/recovery-codes" className="underline">
            Your second factor and recovery codes
          </Link>
        </p>
      </main>
    </>
  );
}

import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleMemberSessionsRoute, consoleStaffListRoute } from '@/lib/server/routes';
import { EndSessionsButton } from '@/components/console/staff-actions';
import { device, when } from '../../../format';

// /<brand>/staff/<staffId> (owner only) — a member's live sessions, each to sign out.
export default async function MemberSessionsPage({ params }: { params: Promise<{ brand: string; staffId: string }> }) {
  const { brand, staffId } = await params;
  const { timeZone: tz } = await requireStaffPage(brand, 'staff', 'read');
  const member = (await callRoute(consoleStaffListRoute, { params: { brand } })).members.find((m) => m.staffId === staffId);
  if (!member) notFound();
  const { sessions } = await callRoute(consoleMemberSessionsRoute, { params: { brand, staffId } });
  return (
    <>
      <p className="mb-2">
        <Link href={`/${brand}/staff`} className="underline">
          Back to the staff
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">Sessions of {member.email}</h1>
      {sessions.length === 0 ? (
        <p>No live session of {member.email} at this brand.</p>
      ) : (
        <ul className="space-y-3">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 rounded-md border border-gray-300 bg-white p-3">
              <span>
                {device(s.userAgent)}, from {s.address ?? 'an unknown address'}; signed in {when(s.createdAt, tz)}, last seen {when(s.lastSeenAt, tz)}
              </span>
              <EndSessionsButton brand={brand} staffId={staffId} email={member.email} sessionId={s.id} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

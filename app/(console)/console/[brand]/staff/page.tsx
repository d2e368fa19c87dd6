import Link from 'next/link';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleStaffListRoute } from '@/lib/server/routes';
import {
  CancelInvitationButton,
  DisableMemberButton,
  EndSessionsButton,
  InviteStaffForm,
  MemberRoleForm,
  ReinviteButton,
  RemoveMemberButton,
  ResetSecondFactorButton,
} from '@/components/console/staff-actions';
import { RoleGuide } from '@/components/console/role-guide';
import { STAFF_HEADINGS } from '@/components/console/staff-headings';
import { when } from '../../format';

// /<brand>/staff (owner only) — who is on the brand's staff, their role, state and last sign-in;
// invite, change a role, remove, end sessions, disable or enable a member at this brand, reset
// another member's second factor. A brand always keeps an enabled owner (the API refuses otherwise).
export default async function StaffPage({ params }: { params: Promise<{ brand: string }> }) {
  const { brand } = await params;
  const { timeZone: tz, staff: me, brand: current } = await requireStaffPage(brand, 'staff', 'read');
  const { members, invitations } = await callRoute(consoleStaffListRoute, { params: { brand } });
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">Staff of {current.name}</h1>
      <InviteStaffForm brand={brand} />
      <h2 id={STAFF_HEADINGS.members} tabIndex={-1} className="mb-2 text-lg font-semibold">Members</h2>
      <div className="relative mb-8 max-w-full overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Members of the staff</caption>
          <thead>
            <tr className="border-b border-gray-400">
              <th scope="col" className="py-2 pr-4">Member</th>
              <th scope="col" className="py-2 pr-4">Role</th>
              <th scope="col" className="py-2 pr-4">State</th>
              <th scope="col" className="py-2 pr-4">Last sign-in</th>
              <th scope="col" className="py-2">Actions</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.staffId} className="border-b border-gray-200 align-top">
                <td className="py-2 pr-4">
                  <span className="block font-medium">{m.name || m.email}</span>
                  <span className="text-sm text-gray-700">{m.email}</span>
                  {m.staffId === me.id && <span className="ml-1 text-sm text-gray-700">(you)</span>}
                </td>
                <td className="py-2 pr-4">
                  <MemberRoleForm brand={brand} staffId={m.staffId} email={m.email} role={m.role} />
                </td>
                <td className="py-2 pr-4" data-testid={`state-${m.email}`}>
                  <span className={`block font-medium ${m.disabledAt ? 'text-red-800' : ''}`}>{m.disabledAt ? `Disabled since ${when(m.disabledAt, tz)}` : 'Active'}</span>
                  <span className="text-sm text-gray-700">{m.secondFactor ? 'Authenticator set up' : 'No authenticator yet'}</span>
                </td>
                <td className="py-2 pr-4">{when(m.lastSignInAt, tz)}</td>
                <td className="flex flex-wrap gap-2 py-2">
                  <Link href={`/${brand}/staff/${m.staffId}`} className="min-h-11 py-2 underline">
                    Sessions<span className="sr-only"> of {m.email}</span>
                  </Link>
                  {m.staffId !== me.id && <EndSessionsButton brand={brand} staffId={m.staffId} email={m.email} />}
                  {m.staffId !== me.id && <DisableMemberButton brand={brand} staffId={m.staffId} email={m.email} disabled={m.disabledAt !== null} />}
                  {m.staffId !== me.id && m.secondFactor && <ResetSecondFactorButton brand={brand} staffId={m.staffId} email={m.email} />}
                  <RemoveMemberButton brand={brand} staffId={m.staffId} email={m.email} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 id={STAFF_HEADINGS.invitations} tabIndex={-1} className="mb-2 text-lg font-semibold">Open invitations</h2>
      {invitations.length === 0 ? (
        <p>No invitation is waiting to be accepted.</p>
      ) : (
        <ul className="space-y-2">
          {invitations.map((i) => (
            <li key={i.email} className="flex flex-wrap items-center gap-3">
              <span>
                {i.email} as {i.role}, sent {when(i.invitedAt, tz)}, good until {when(i.expiresAt, tz)}
              </span>
              <ReinviteButton brand={brand} email={i.email} role={i.role} />
              <CancelInvitationButton brand={brand} email={i.email} />
            </li>
          ))}
        </ul>
      )}
      <RoleGuide />
    </>
  );
}

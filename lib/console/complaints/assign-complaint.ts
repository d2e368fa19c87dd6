import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { staff, staffMemberships } from '@/lib/db/schema';
import type { ComplaintStatus } from '@/lib/domain/complaints';
import { roleMay, isStaffRole } from '@/lib/domain/staff-roles';
import { fieldError } from '@/lib/errors';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { requireTicket, closedRefusal, moveTicket } from './shared';

/**
 * Who a ticket goes to: a staff member of the brand (by id, or for the command line by e-mail),
 * a free name (the command line), or nobody.
 */
export type AssignTo = { staffId: string } | { staffEmail: string } | { name: string } | null;

async function resolveAssignee(db: DbOrTx, clientId: string, to: Exclude<AssignTo, null>): Promise<{ staffId: string | null; name: string }> {
  if ('name' in to) return { staffId: null, name: to.name };
  const [member] = await db
    .select({ id: staff.id, name: staff.name, email: staff.email, role: staffMemberships.role })
    .from(staffMemberships)
    .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
    .where(and(eq(staffMemberships.clientId, clientId), isNull(staff.disabledAt), isNull(staffMemberships.disabledAt), 'staffId' in to ? eq(staff.id, to.staffId) : eq(staff.email, to.staffEmail.toLowerCase())));
  if (!member) throw fieldError('unprocessable', 'staffId', 'is not a staff member of this brand');
  if (!isStaffRole(member.role) || !roleMay(member.role, 'complaints', 'write')) throw fieldError('unprocessable', 'staffId', `a ${member.role} may not handle complaints`);
  return { staffId: member.id, name: member.name || member.email };
}

export async function assignIn(tx: DbOrTx, scope: ConsoleScope, args: { ticketId: string; to: AssignTo }) {
  const c = await requireTicket(tx, scope.clientId, args.ticketId);
  if (c.status === 'closed') throw closedRefusal(c.ticketId);
  const who = args.to ? await resolveAssignee(tx, scope.clientId, args.to) : null;
  const status: ComplaintStatus = who && c.status === 'unassigned' ? 'open' : c.status;
  const row = await moveTicket(tx, scope.clientId, c, { status, assignee: who?.name ?? null, assigneeStaffId: who?.staffId ?? null });
  await recordAudit(tx, scope, {
    action: who ? 'complaint.assign' : 'complaint.unassign',
    target: c.ticketId,
    before: { status: c.status, assignee: c.assignee, assigneeStaffId: c.assigneeStaffId },
    after: { status: row.status, assignee: row.assignee, assigneeStaffId: row.assigneeStaffId },
  });
  return { ticketId: row.ticketId, status: row.status, assignee: row.assignee };
}

/** Assigns a ticket (an unassigned one becomes open) or takes it off whoever had it (its status stays). */
export async function assignComplaint(scope: ConsoleScope, args: { ticketId: string; to: AssignTo }) {
  const db = await getDb();
  return db.transaction((tx) => assignIn(tx, scope, args));
}

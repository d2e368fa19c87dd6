import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staffMemberships } from '@/lib/db/schema';
import type { StaffRole } from '@/lib/domain/staff-roles';
import { fieldError } from '@/lib/errors';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { lockedOwners, memberOf, lastEnabledOwner, LAST_OWNER } from './shared';

/** Gives a member another role (never the last owner away from owner), audited. */
export async function changeStaffRole(scope: ConsoleScope, staffId: string, role: StaffRole): Promise<{ staffId: string; email: string; role: StaffRole }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const owners = await lockedOwners(tx, scope.clientId);
    const member = await memberOf(tx, scope, staffId);
    if (member.role === role) return { staffId, email: member.email, role };
    if (lastEnabledOwner(owners, member)) throw fieldError('conflict', 'role', LAST_OWNER);
    await tx.update(staffMemberships).set({ role }).where(and(eq(staffMemberships.clientId, scope.clientId), eq(staffMemberships.staffId, staffId)));
    await recordAudit(tx, scope, { action: 'staff.role', target: member.email, before: { role: member.role }, after: { role } });
    return { staffId, email: member.email, role };
  });
}

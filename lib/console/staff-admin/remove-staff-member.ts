import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staffMemberships } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { lockedOwners, memberOf, lastEnabledOwner, LAST_OWNER } from './shared';

/** Takes a member off the brand's staff (never the last owner), audited. Their account and other brands stay. */
export async function removeStaffMember(scope: ConsoleScope, staffId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const owners = await lockedOwners(tx, scope.clientId);
    const member = await memberOf(tx, scope, staffId);
    if (lastEnabledOwner(owners, member)) throw new ApiError('conflict', LAST_OWNER);
    await tx.delete(staffMemberships).where(and(eq(staffMemberships.clientId, scope.clientId), eq(staffMemberships.staffId, staffId)));
    await recordAudit(tx, scope, { action: 'staff.remove', target: member.email, before: { role: member.role } });
  });
}

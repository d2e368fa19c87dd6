import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { staff, staffMemberships, staffSessions } from '@/lib/db/schema';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { ApiError } from '@/lib/errors';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { dropRecoveryCodes } from '../recovery-codes';
import { staffSecurityEvent } from '@/lib/auth/security-events';

/** A member of this brand's staff (their account and role), or 404. */
export async function memberOf(db: DbOrTx, scope: ConsoleScope, staffId: string) {
  const [row] = await db
    .select({ staffId: staff.id, email: staff.email, role: staffMemberships.role, disabledAt: staffMemberships.disabledAt })
    .from(staffMemberships)
    .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
    .where(and(eq(staffMemberships.clientId, scope.clientId), eq(staffMemberships.staffId, staffId)));
  if (!row) throw new ApiError('not_found', 'No such member of this brand’s staff');
  return row;
}

export const LAST_OWNER = 'A brand keeps at least one owner: make someone else owner first.';

/**
 * The brand's enabled owners, locked (with the disabled ones) for the rest of the transaction, so
 * two owners demoting, removing or disabling each other at once cannot leave the brand without one.
 */
export async function lockedOwners(tx: DbOrTx, clientId: string): Promise<string[]> {
  const rows = await tx
    .select({ staffId: staffMemberships.staffId, disabledAt: staffMemberships.disabledAt })
    .from(staffMemberships)
    .where(and(eq(staffMemberships.clientId, clientId), eq(staffMemberships.role, 'owner')))
    .for('update');
  return rows.filter((r) => r.disabledAt === null).map((r) => r.staffId);
}

/** Whether the member is one of the brand's enabled owners, the last of whom the brand keeps. */
export const lastEnabledOwner = (owners: string[], member: { staffId: string; role: string; disabledAt: Date | null }) =>
  member.role === 'owner' && member.disabledAt === null && owners.length <= 1;

export const OWNERS_ONLY = 'Only an owner of this brand may do this.';

/** The handler's own role check (the route's guard already asked for the staff area): owners, or the command line. */
export function assertOwner(scope: ConsoleScope): void {
  if (scope.actor.kind === 'staff' && scope.actor.role !== 'owner') throw new ApiError('forbidden', OWNERS_ONLY);
}

/** The reset itself, in the caller's transaction: authenticator and recovery codes gone, sessions ended, audited, other brands told. */
export async function resetSecondFactorIn(
  tx: DbOrTx,
  scope: ConsoleScope,
  member: { staffId: string; email: string },
  now: Date,
  toldElsewhere: string,
  auditAfter: Record<string, unknown> = {},
): Promise<{ staffId: string; email: string; revoked: number }> {
  const { staffId } = member;
  await tx.update(staff).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now }).where(eq(staff.id, staffId));
  await dropRecoveryCodes(tx, staffId);
  const ended = await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  await recordAudit(tx, scope, { action: 'staff.totp.reset', target: member.email, after: { sessionsEnded: ended.length, ...auditAfter } });
  const elsewhere = (await tx.select({ clientId: staffMemberships.clientId }).from(staffMemberships).where(eq(staffMemberships.staffId, staffId)))
    .map((m) => m.clientId)
    .filter((id) => id !== scope.clientId);
  if (elsewhere.length) {
    await staffSecurityEvent(
      {
        event: 'session.revoked',
        // Who reset it is not named to another brand: the entry says what happened to its member.
        actor: { kind: 'anonymous' },
        subjectStaffId: staffId,
        target: member.email,
        detail: { what: toldElsewhere },
      },
      { db: tx, clientIds: elsewhere },
    );
  }
  return { staffId, email: member.email, revoked: ended.length };
}

import 'server-only';
import { and, asc, desc, eq, gt, inArray, isNull, isNotNull, max } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staff, staffMemberships, staffSessionBrands, staffSessions, staffTokens } from '@/lib/db/schema';
import { isStaffRole, type StaffRole } from '@/lib/domain/staff-roles';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { ApiError, fieldError } from '@/lib/errors';
import { recordAudit } from './audit';
import type { ConsoleScope } from './scope';
import { liveSessionsOf, type StaffSessionRow } from './sessions';

// The staff screen of a brand (owner only, docs/console.md): who is on the brand's staff, with
// what role and when they last signed in, the invitations not yet accepted; changing a role,
// taking someone off the staff (a brand always keeps an owner), and ending a member's sessions.
// Every query is scoped by the brand; every change is audited in its own transaction. A member's
// sessions (and last sign-in) are those that reached this brand (staff_session_brands): a member
// of several brands is seen and signed out by each brand only where they worked for it.

export type StaffMemberView = { staffId: string; email: string; name: string; role: StaffRole; joinedAt: Date; lastSignInAt: Date | null };
export type PendingInvitationView = { email: string; role: StaffRole; invitedAt: Date; expiresAt: Date };

export async function listStaff(scope: ConsoleScope, now = new Date()): Promise<{ members: StaffMemberView[]; invitations: PendingInvitationView[] }> {
  const db = await getDb();
  const lastSignIn = db
    .select({ staffId: staffSessions.staffId, at: max(staffSessions.secondFactorAt).as('at') })
    .from(staffSessions)
    .innerJoin(staffSessionBrands, and(eq(staffSessionBrands.sessionId, staffSessions.id), eq(staffSessionBrands.clientId, scope.clientId)))
    .where(isNotNull(staffSessions.secondFactorAt))
    .groupBy(staffSessions.staffId)
    .as('last_sign_in');
  const rows = await db
    .select({ staffId: staff.id, email: staff.email, name: staff.name, role: staffMemberships.role, joinedAt: staffMemberships.createdAt, lastSignInAt: lastSignIn.at })
    .from(staffMemberships)
    .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
    .leftJoin(lastSignIn, eq(lastSignIn.staffId, staff.id))
    .where(eq(staffMemberships.clientId, scope.clientId))
    .orderBy(asc(staff.email));
  const pending = await db
    .select({ email: staffTokens.email, role: staffTokens.role, invitedAt: staffTokens.createdAt, expiresAt: staffTokens.expiresAt })
    .from(staffTokens)
    .where(and(eq(staffTokens.clientId, scope.clientId), eq(staffTokens.kind, 'invitation'), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, now)))
    .orderBy(desc(staffTokens.createdAt));
  return {
    members: rows.filter((r) => isStaffRole(r.role)).map((r) => ({ ...r, role: r.role as StaffRole, lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt) : null })),
    invitations: pending.filter((p) => isStaffRole(p.role)).map((p) => ({ ...p, role: p.role as StaffRole })),
  };
}

/** A member of this brand's staff (their account and role), or 404. */
async function memberOf(db: DbOrTx, scope: ConsoleScope, staffId: string) {
  const [row] = await db
    .select({ staffId: staff.id, email: staff.email, role: staffMemberships.role })
    .from(staffMemberships)
    .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
    .where(and(eq(staffMemberships.clientId, scope.clientId), eq(staffMemberships.staffId, staffId)));
  if (!row) throw new ApiError('not_found', 'No such member of this brand’s staff');
  return row;
}

export const LAST_OWNER = 'A brand keeps at least one owner: make someone else owner first.';

/**
 * The brand's owners, locked for the rest of the transaction, so two owners demoting or removing
 * each other at once cannot leave the brand without one.
 */
async function lockedOwners(tx: DbOrTx, clientId: string): Promise<string[]> {
  const rows = await tx
    .select({ staffId: staffMemberships.staffId })
    .from(staffMemberships)
    .where(and(eq(staffMemberships.clientId, clientId), eq(staffMemberships.role, 'owner')))
    .for('update');
  return rows.map((r) => r.staffId);
}

/** Gives a member another role (never the last owner away from owner), audited. */
export async function changeStaffRole(scope: ConsoleScope, staffId: string, role: StaffRole): Promise<{ staffId: string; email: string; role: StaffRole }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const owners = await lockedOwners(tx, scope.clientId);
    const member = await memberOf(tx, scope, staffId);
    if (member.role === role) return { staffId, email: member.email, role };
    if (member.role === 'owner' && owners.length <= 1) throw fieldError('conflict', 'role', LAST_OWNER);
    await tx.update(staffMemberships).set({ role }).where(and(eq(staffMemberships.clientId, scope.clientId), eq(staffMemberships.staffId, staffId)));
    await recordAudit(tx, scope, { action: 'staff.role', target: member.email, before: { role: member.role }, after: { role } });
    return { staffId, email: member.email, role };
  });
}

/** Takes a member off the brand's staff (never the last owner), audited. Their account and other brands stay. */
export async function removeStaffMember(scope: ConsoleScope, staffId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const owners = await lockedOwners(tx, scope.clientId);
    const member = await memberOf(tx, scope, staffId);
    if (member.role === 'owner' && owners.length <= 1) throw new ApiError('conflict', LAST_OWNER);
    await tx.delete(staffMemberships).where(and(eq(staffMemberships.clientId, scope.clientId), eq(staffMemberships.staffId, staffId)));
    await recordAudit(tx, scope, { action: 'staff.remove', target: member.email, before: { role: member.role } });
  });
}

/** A member's live sessions that reached this brand (never those used only at other brands). */
export async function memberSessions(scope: ConsoleScope, staffId: string): Promise<StaffSessionRow[]> {
  const db = await getDb();
  await memberOf(db, scope, staffId);
  return liveSessionsOf(staffId, new Date(), scope.clientId);
}

/** Ends one of a member's sessions at this brand, or all of them (`sessionId` undefined); audited. Takes effect at their next request. */
export async function revokeMemberSessions(scope: ConsoleScope, staffId: string, sessionId?: string, now = new Date()): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, scope, staffId);
    const ended = await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffSessions.staffId, staffId),
          isNull(staffSessions.revokedAt),
          sessionId ? eq(staffSessions.id, sessionId) : undefined,
          inArray(staffSessions.id, tx.select({ id: staffSessionBrands.sessionId }).from(staffSessionBrands).where(eq(staffSessionBrands.clientId, scope.clientId))),
        ),
      )
      .returning({ id: staffSessions.id });
    if (sessionId && ended.length === 0) throw new ApiError('not_found', 'No such live session of this member');
    await recordAudit(tx, scope, { action: 'staff.sessions.revoke', target: member.email, after: { sessions: ended.length, ...(sessionId ? { sessionId } : { all: true }) } });
    return ended.length;
  });
}

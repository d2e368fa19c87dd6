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
import { dropRecoveryCodes } from './recovery-codes';
import { staffSecurityEvent } from '@/lib/auth/security-events';
import { normalEmail } from './staff';

// The staff screen of a brand (owner only, docs/console.md): who is on the brand's staff, with
// what role and when they last signed in, the invitations not yet accepted; changing a role,
// taking someone off the staff (a brand always keeps an owner), and ending a member's sessions.
// Every query is scoped by the brand; every change is audited in its own transaction. A member's
// sessions (and last sign-in) are those that reached this brand (staff_session_brands): a member
// of several brands is seen and signed out by each brand only where they worked for it.
// An owner may also disable a member at this brand (and enable them again) and reset another
// member's second factor (issue 28).

export type StaffMemberView = {
  staffId: string;
  email: string;
  name: string;
  role: StaffRole;
  joinedAt: Date;
  lastSignInAt: Date | null;
  disabledAt: Date | null;
  /** Whether the account has an authenticator set up. */
  secondFactor: boolean;
};
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
    .select({
      staffId: staff.id,
      email: staff.email,
      name: staff.name,
      role: staffMemberships.role,
      joinedAt: staffMemberships.createdAt,
      lastSignInAt: lastSignIn.at,
      disabledAt: staffMemberships.disabledAt,
      totpEnabledAt: staff.totpEnabledAt,
    })
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
    members: rows
      .filter((r) => isStaffRole(r.role))
      .map(({ totpEnabledAt, ...r }) => ({ ...r, role: r.role as StaffRole, lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt) : null, secondFactor: totpEnabledAt !== null })),
    invitations: pending.filter((p) => isStaffRole(p.role)).map((p) => ({ ...p, role: p.role as StaffRole })),
  };
}

/** A member of this brand's staff (their account and role), or 404. */
async function memberOf(db: DbOrTx, scope: ConsoleScope, staffId: string) {
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
async function lockedOwners(tx: DbOrTx, clientId: string): Promise<string[]> {
  const rows = await tx
    .select({ staffId: staffMemberships.staffId, disabledAt: staffMemberships.disabledAt })
    .from(staffMemberships)
    .where(and(eq(staffMemberships.clientId, clientId), eq(staffMemberships.role, 'owner')))
    .for('update');
  return rows.filter((r) => r.disabledAt === null).map((r) => r.staffId);
}

/** Whether the member is one of the brand's enabled owners, the last of whom the brand keeps. */
const lastEnabledOwner = (owners: string[], member: { staffId: string; role: string; disabledAt: Date | null }) =>
  member.role === 'owner' && member.disabledAt === null && owners.length <= 1;

export const OWNERS_ONLY = 'Only an owner of this brand may do this.';
export const NOT_YOURSELF_DISABLE = 'You cannot disable yourself. Ask another owner.';
export const NOT_YOURSELF_RESET = 'Reset your own authenticator from your second-factor page instead: sign in with a recovery code and set it up again.';

/** The handler's own role check (the route's guard already asked for the staff area): owners, or the command line. */
function assertOwner(scope: ConsoleScope): void {
  if (scope.actor.kind === 'staff' && scope.actor.role !== 'owner') throw new ApiError('forbidden', OWNERS_ONLY);
}

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

/**
 * Cancels the brand's open invitation of an e-mail: its link stops working at once (marked used),
 * audited as staff.invitation.cancel. 404 when the brand has no open invitation of that address.
 */
export async function cancelInvitation(scope: ConsoleScope, email: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const open = and(eq(staffTokens.clientId, scope.clientId), eq(staffTokens.kind, 'invitation'), eq(staffTokens.email, email), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, now));
    const ended = await tx.update(staffTokens).set({ usedAt: now }).where(open).returning({ role: staffTokens.role });
    if (!ended.length) throw new ApiError('not_found', `No open invitation of ${email} to this brand`, undefined, 'email');
    await recordAudit(tx, scope, { action: 'staff.invitation.cancel', target: email, before: { role: ended[0]!.role } });
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

/**
 * Disables a member at this brand, or enables them again (owner only; never oneself, never the
 * last enabled owner), audited as staff.disable / staff.enable. Disabling is per membership: the
 * account, its data and its other brands stay as they are. While disabled, every request of theirs
 * at this brand is refused (the guards read the membership at each request); when no brand of
 * theirs is left enabled, every session of the account ends now and they cannot sign in.
 * Answers how many sessions ended.
 */
export async function setMemberDisabled(scope: ConsoleScope, staffId: string, disabled: boolean, now = new Date()): Promise<{ staffId: string; email: string; disabled: boolean; revoked: number }> {
  assertOwner(scope);
  if (disabled && scope.actor.kind === 'staff' && scope.actor.staffId === staffId) throw new ApiError('conflict', NOT_YOURSELF_DISABLE);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const owners = await lockedOwners(tx, scope.clientId);
    const member = await memberOf(tx, scope, staffId);
    if ((member.disabledAt !== null) === disabled) return { staffId, email: member.email, disabled, revoked: 0 };
    if (disabled && lastEnabledOwner(owners, member)) throw new ApiError('conflict', LAST_OWNER);
    const mine = and(eq(staffMemberships.clientId, scope.clientId), eq(staffMemberships.staffId, staffId));
    await tx
      .update(staffMemberships)
      .set(disabled ? { disabledAt: now, disabledBy: scope.actor.kind === 'staff' ? scope.actor.staffId : null } : { disabledAt: null, disabledBy: null })
      .where(mine);
    let revoked = 0;
    if (disabled) {
      const [enabledElsewhere] = await tx
        .select({ clientId: staffMemberships.clientId })
        .from(staffMemberships)
        .where(and(eq(staffMemberships.staffId, staffId), isNull(staffMemberships.disabledAt)))
        .limit(1);
      if (!enabledElsewhere) {
        const ended = await tx
          .update(staffSessions)
          .set({ revokedAt: now })
          .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
          .returning({ id: staffSessions.id });
        revoked = ended.length;
      }
    }
    await recordAudit(tx, scope, {
      action: disabled ? 'staff.disable' : 'staff.enable',
      target: member.email,
      before: { disabled: !disabled },
      after: { disabled, role: member.role, ...(disabled ? { sessionsEnded: revoked } : {}) },
    });
    return { staffId, email: member.email, disabled, revoked };
  });
}

/**
 * An owner's reset of another member's second factor (issue 28): the authenticator and the
 * recovery codes are removed and every session of the account ends, so at their next sign-in the
 * member sets up an authenticator again (the console always asks for one). Audited as
 * staff.totp.reset with actor and target at this brand; the member's other brands, whose sign-in
 * this changes too (the second factor belongs to the account), get a security entry naming it.
 */
export async function resetMemberSecondFactor(scope: ConsoleScope, staffId: string, now = new Date()): Promise<{ staffId: string; email: string; revoked: number }> {
  assertOwner(scope);
  if (scope.actor.kind === 'staff' && scope.actor.staffId === staffId) throw new ApiError('conflict', NOT_YOURSELF_RESET);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, scope, staffId);
    return resetSecondFactorIn(tx, scope, member, now, 'second factor reset by an owner of another brand of theirs');
  });
}

export const OPERATOR_ONLY = 'Only the operator\'s command line resets an owner\'s second factor this way.';
export const NOT_AN_OWNER = 'is not an owner of this brand: an owner resets a member\'s second factor in the console (Staff)';
export const OWNER_DISABLED = 'is disabled at this brand: an owner enables them first';
export const ANOTHER_OWNER = 'is not the brand\'s only owner: another owner resets their second factor in the console (Staff), where it is audited with that owner\'s name';

/**
 * The operator's reset of a brand's sole owner's second factor (`npm run brand -- reset-2fa`),
 * for when the only owner has lost both the authenticator and the recovery codes and no other
 * owner can reset it in the console (docs/security.md, "Resetting a sole owner's second factor").
 * Command line only; the member is found by e-mail among this brand's staff and must be its one
 * enabled owner (the owners' rows are locked, so an owner added at the same moment is seen). The
 * same reset as an owner's: authenticator and recovery codes removed, every session ended, audited
 * as staff.totp.reset by the command line, the member's other brands told.
 */
export async function resetSoleOwnerSecondFactor(scope: ConsoleScope, email: string, now = new Date()): Promise<{ staffId: string; email: string; revoked: number }> {
  if (scope.actor.kind !== 'cli') throw new ApiError('forbidden', OPERATOR_ONLY);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const owners = await lockedOwners(tx, scope.clientId);
    const [member] = await tx
      .select({ staffId: staff.id, email: staff.email, role: staffMemberships.role, disabledAt: staffMemberships.disabledAt })
      .from(staffMemberships)
      .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
      .where(and(eq(staffMemberships.clientId, scope.clientId), eq(staff.email, normalEmail(email))));
    if (!member) throw fieldError('not_found', 'email', 'is not a member of this brand\'s staff');
    if (member.role !== 'owner') throw fieldError('conflict', 'email', NOT_AN_OWNER);
    if (member.disabledAt !== null) throw fieldError('conflict', 'email', OWNER_DISABLED);
    if (owners.some((id) => id !== member.staffId)) throw fieldError('conflict', 'email', ANOTHER_OWNER);
    return resetSecondFactorIn(tx, scope, member, now, 'second factor reset by the operator at another brand of theirs', { soleOwner: true });
  });
}

/** The reset itself, in the caller's transaction: authenticator and recovery codes gone, sessions ended, audited, other brands told. */
async function resetSecondFactorIn(
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

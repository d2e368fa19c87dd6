import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clients, staff, staffMemberships, staffTokens } from '@/lib/db/schema';
import { ApiError, fieldError } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import { hashPassword, passwordProblem, verifyPassword } from '@/lib/auth/password';
import { sendMessage } from '@/lib/messaging';
import { isStaffRole, type StaffRole } from '@/lib/domain/staff-roles';
import { recordAudit } from './audit';
import type { ConsoleScope } from './scope';
import { revokeAllStaffSessions } from './sessions';

// Staff accounts, their memberships of brands, and the one-time tokens sent by e-mail
// (docs/console.md): an invitation (7 days) grants a role at a brand and, for a new account, sets
// its password; a reset (1 hour) sets a new password. Tokens are random (256 bits), stored only as
// their SHA-256 and good once. The command line (`npm run brand -- invite-staff`) and the
// console's staff screen call the same inviteStaff.

export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
export const RESET_TTL_MS = 3_600_000;
export const TOKEN_UNUSABLE = 'This link has expired or was already used. Ask for a new one.';

export const normalEmail = (email: string) => email.trim().toLowerCase();
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export type StaffAccount = typeof staff.$inferSelect;

export async function findStaffByEmail(email: string): Promise<StaffAccount | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(staff).where(eq(staff.email, normalEmail(email)));
  return row;
}

export async function findStaffById(staffId: string): Promise<StaffAccount | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId));
  return row;
}

export type Membership = { clientId: string; slug: string; name: string; organizationType: 'Manufacturer' | 'Retailer'; role: StaffRole };

const orgType = (t: string): Membership['organizationType'] => (t === 'Retailer' ? 'Retailer' : 'Manufacturer');

/** The brands a staff member belongs to and is not disabled at, with the role at each, by brand name. */
export async function membershipsOf(staffId: string): Promise<Membership[]> {
  const db = await getDb();
  const rows = await db
    .select({ clientId: clients.id, slug: clients.slug, name: clients.organizationName, organizationType: clients.organizationType, role: staffMemberships.role })
    .from(staffMemberships)
    .innerJoin(clients, eq(clients.id, staffMemberships.clientId))
    .where(and(eq(staffMemberships.staffId, staffId), isNull(staffMemberships.disabledAt)))
    .orderBy(asc(clients.organizationName));
  return rows.filter((r) => isStaffRole(r.role)).map((r) => ({ ...r, organizationType: orgType(r.organizationType), role: r.role as StaffRole }));
}

/**
 * A staff member's membership of the brand with this slug, with the brand's row; undefined when
 * none (or no such brand). `disabled` when an owner disabled them there: the guards refuse them.
 */
export async function membershipAt(staffId: string, slug: string) {
  const db = await getDb();
  const [row] = await db
    .select({ client: clients, role: staffMemberships.role, disabledAt: staffMemberships.disabledAt })
    .from(staffMemberships)
    .innerJoin(clients, eq(clients.id, staffMemberships.clientId))
    .where(and(eq(staffMemberships.staffId, staffId), eq(clients.slug, slug)));
  if (!row || !isStaffRole(row.role)) return undefined;
  return { client: row.client, role: row.role, disabled: row.disabledAt !== null };
}

export const MEMBER_DISABLED = 'Your access to this brand has been disabled by its owner.';
export const ACCOUNT_DISABLED = 'Your console access has been disabled. Ask the owner of your brand to enable it again.';

/** Whether the account is disabled at every brand it belongs to (and belongs to one): it may not sign in. */
export async function disabledEverywhere(staffId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.select({ disabledAt: staffMemberships.disabledAt }).from(staffMemberships).where(eq(staffMemberships.staffId, staffId));
  return rows.length > 0 && rows.every((r) => r.disabledAt !== null);
}

export type Invitation = { email: string; role: StaffRole; link: string; expiresAt: Date };

/**
 * Invites an e-mail address to a brand's staff with a role: a new token (earlier unused
 * invitations of that address to that brand stop working), the e-mail with its link, and the
 * audit entry. Someone already on the brand's staff is refused (change their role instead).
 */
export async function inviteStaff(scope: ConsoleScope, args: { email: string; role: StaffRole }, consoleOrigin: string, now = new Date()): Promise<Invitation> {
  const email = normalEmail(args.email);
  const db = await getDb();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const brandName = await db.transaction(async (tx) => {
    const [brand] = await tx.select({ name: clients.organizationName }).from(clients).where(eq(clients.id, scope.clientId));
    if (!brand) throw new ApiError('not_found', 'No such brand');
    const [member] = await tx
      .select({ role: staffMemberships.role })
      .from(staffMemberships)
      .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
      .where(and(eq(staffMemberships.clientId, scope.clientId), eq(staff.email, email)));
    if (member) throw fieldError('conflict', 'email', `${email} is already on the staff of this brand (as ${member.role}); change their role instead`);
    await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(and(eq(staffTokens.kind, 'invitation'), eq(staffTokens.email, email), eq(staffTokens.clientId, scope.clientId), isNull(staffTokens.usedAt)));
    await tx.insert(staffTokens).values({
      tokenHash: hashToken(token),
      kind: 'invitation',
      email,
      clientId: scope.clientId,
      role: args.role,
      invitedBy: scope.actor.kind === 'staff' ? scope.actor.staffId : null,
      createdAt: now,
      expiresAt,
    });
    await recordAudit(tx, scope, { action: 'staff.invite', target: email, after: { role: args.role, expiresAt: expiresAt.toISOString() } });
    return brand.name;
  });
  const link = `${consoleOrigin}/invitation/${token}`;
  await sendMessage({ channel: 'email', to: email, purpose: 'STAFF-INVITATION', code: '', link, clientId: scope.clientId, brandName });
  return { email, role: args.role, link, expiresAt };
}

/** A usable token of a kind (not used, not expired), or undefined. */
async function usableToken(kind: 'invitation' | 'reset', token: string, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(staffTokens)
    .where(and(eq(staffTokens.tokenHash, hashToken(token)), eq(staffTokens.kind, kind), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, now)));
  return row;
}

export type InvitationDetails = { email: string; brandName: string; role: StaffRole; hasAccount: boolean };

/** What the invitation screen shows, or undefined when the link is no good. */
export async function invitationDetails(token: string, now = new Date()): Promise<InvitationDetails | undefined> {
  const row = await usableToken('invitation', token, now);
  if (!row?.clientId || !isStaffRole(row.role)) return undefined;
  const db = await getDb();
  const [brand] = await db.select({ name: clients.organizationName }).from(clients).where(eq(clients.id, row.clientId));
  if (!brand) return undefined;
  const account = await findStaffByEmail(row.email);
  return { email: row.email, brandName: brand.name, role: row.role, hasAccount: !!account?.passwordHash };
}

/**
 * The places a guess at an existing account's password holds in its limits (the API's
 * reservePasswordGuess): given back when the password was right.
 */
export type PasswordGuess = { release(): Promise<void> };

/**
 * Accepts an invitation: a new account takes the name and password given; an existing one
 * proves itself with its password, a guess that `reserveGuess` first counts against the account
 * as a sign-in would (so an invitation is no way around the sign-in limits). The membership is
 * made (or its role set) and the token used, in one transaction with the audit entry. Answers the
 * account's id.
 */
export async function acceptInvitation(
  args: { token: string; name: string; password: string },
  reserveGuess: (email: string) => Promise<PasswordGuess>,
  now = new Date(),
): Promise<{ staffId: string; slug: string }> {
  const row = await usableToken('invitation', args.token, now);
  if (!row?.clientId || !isStaffRole(row.role)) throw fieldError('bad_request', 'token', TOKEN_UNUSABLE);
  const existing = await findStaffByEmail(row.email);
  let newHash: string | undefined;
  if (existing?.passwordHash) {
    if (existing.disabledAt) throw fieldError('bad_request', 'token', TOKEN_UNUSABLE);
    const guess = await reserveGuess(existing.email);
    if (!(await verifyPassword(args.password, existing.passwordHash))) {
      throw fieldError('bad_request', 'password', 'this is not the password of your existing console account'); // its places stay taken
    }
    await guess.release();
  } else {
    const problem = passwordProblem(args.password);
    if (problem) throw fieldError('bad_request', 'password', problem);
    if (!args.name.trim()) throw fieldError('bad_request', 'name', 'enter your name');
    newHash = await hashPassword(args.password);
  }
  const clientId = row.clientId;
  const role = row.role;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(and(eq(staffTokens.tokenHash, row.tokenHash), isNull(staffTokens.usedAt)))
      .returning({ tokenHash: staffTokens.tokenHash });
    if (!used) throw fieldError('bad_request', 'token', TOKEN_UNUSABLE); // taken by a concurrent accept
    let staffId = existing?.id;
    if (!staffId) {
      staffId = randomId('stf', 20);
      await tx.insert(staff).values({ id: staffId, email: row.email, name: args.name.trim(), passwordHash: newHash!, createdAt: now, updatedAt: now });
    } else if (newHash) {
      await tx.update(staff).set({ name: args.name.trim(), passwordHash: newHash, updatedAt: now }).where(eq(staff.id, staffId));
    }
    await tx
      .insert(staffMemberships)
      .values({ staffId, clientId, role, createdAt: now })
      .onConflictDoUpdate({ target: [staffMemberships.staffId, staffMemberships.clientId], set: { role } });
    const [brand] = await tx.select({ slug: clients.slug }).from(clients).where(eq(clients.id, clientId));
    const scope: ConsoleScope = { clientId, slug: brand!.slug, actor: { kind: 'staff', staffId, email: row.email, role } };
    await recordAudit(tx, scope, { action: 'staff.join', target: row.email, after: { role } });
    return { staffId, slug: brand!.slug };
  });
}

/** Sends a reset link to an account with a password; nothing (and no sign of it) for any other address. */
export async function requestPasswordReset(email: string, consoleOrigin: string, now = new Date()): Promise<void> {
  const account = await findStaffByEmail(email);
  if (!account?.passwordHash || account.disabledAt) return;
  const token = newToken();
  const db = await getDb();
  await db
    .update(staffTokens)
    .set({ usedAt: now })
    .where(and(eq(staffTokens.kind, 'reset'), eq(staffTokens.email, account.email), isNull(staffTokens.usedAt)));
  await db.insert(staffTokens).values({ tokenHash: hashToken(token), kind: 'reset', email: account.email, createdAt: now, expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
  const [first] = await membershipsOf(account.id);
  await sendMessage({
    channel: 'email',
    to: account.email,
    purpose: 'STAFF-RESET',
    code: '',
    link: `${consoleOrigin}/reset/${token}`,
    clientId: first?.clientId ?? '',
    brandName: first?.name ?? 'Brand console',
  });
}

/** Whether a reset link is still good (for its screen). */
export async function resetTokenUsable(token: string, now = new Date()): Promise<boolean> {
  return !!(await usableToken('reset', token, now));
}

/** Sets a new password with a reset token; every session of the account ends. */
export async function confirmPasswordReset(args: { token: string; password: string }, now = new Date()): Promise<void> {
  const row = await usableToken('reset', args.token, now);
  const account = row ? await findStaffByEmail(row.email) : undefined;
  if (!row || !account || account.disabledAt) throw fieldError('bad_request', 'token', TOKEN_UNUSABLE);
  const problem = passwordProblem(args.password);
  if (problem) throw fieldError('bad_request', 'password', problem);
  const hash = await hashPassword(args.password);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(and(eq(staffTokens.tokenHash, row.tokenHash), isNull(staffTokens.usedAt)))
      .returning({ tokenHash: staffTokens.tokenHash });
    if (!used) throw fieldError('bad_request', 'token', TOKEN_UNUSABLE);
    await tx.update(staff).set({ passwordHash: hash, updatedAt: now }).where(eq(staff.id, account.id));
  });
  await revokeAllStaffSessions(account.id, now);
}

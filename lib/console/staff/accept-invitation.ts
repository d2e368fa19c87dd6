import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clients, staff, staffMemberships, staffTokens } from '@/lib/db/schema';
import { fieldError } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import { hashPassword, passwordProblem, verifyPassword } from '@/lib/auth/password';
import { isStaffRole } from '@/lib/domain/staff-roles';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { findStaffByEmail } from './find-staff-by-email';
import { usableToken, TOKEN_UNUSABLE } from './shared';

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

import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staff, staffTokens } from '@/lib/db/schema';
import { fieldError } from '@/lib/errors';
import { hashPassword, passwordProblem } from '@/lib/auth/password';
import { revokeAllStaffSessions } from '../sessions';
import { findStaffByEmail } from './find-staff-by-email';
import { usableToken, TOKEN_UNUSABLE } from './shared';

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

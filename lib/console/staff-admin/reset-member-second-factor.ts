import 'server-only';
import { getDb } from '@/lib/db/client';
import { ApiError } from '@/lib/errors';
import type { ConsoleScope } from '../scope';
import { assertOwner, memberOf, resetSecondFactorIn } from './shared';

export const NOT_YOURSELF_RESET = 'Reset your own authenticator from your second-factor page instead: sign in with a recovery code and set it up again.';

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

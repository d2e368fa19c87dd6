import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staff, staffMemberships } from '@/lib/db/schema';
import { ApiError, fieldError } from '@/lib/errors';
import type { ConsoleScope } from '../scope';
import { normalEmail } from '../staff';
import { lockedOwners, resetSecondFactorIn } from './shared';

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

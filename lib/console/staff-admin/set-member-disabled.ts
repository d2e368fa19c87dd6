import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staffMemberships, staffSessions } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { assertOwner, lockedOwners, memberOf, lastEnabledOwner, LAST_OWNER } from './shared';

export const NOT_YOURSELF_DISABLE = 'You cannot disable yourself. Ask another owner.';

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

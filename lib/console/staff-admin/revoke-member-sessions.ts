import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staffSessionBrands, staffSessions } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { memberOf } from './shared';

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

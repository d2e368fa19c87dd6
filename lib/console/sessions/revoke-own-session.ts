import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staffSessions } from '@/lib/db/schema';

/** Ends one of a staff member's own sessions; false when it is not theirs or already over. */
export async function revokeOwnSession(staffId: string, sessionId: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const ended = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return ended.length === 1;
}

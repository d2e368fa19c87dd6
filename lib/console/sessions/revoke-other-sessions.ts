import 'server-only';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staffSessions } from '@/lib/db/schema';

/** Ends every session of a staff member but the one given (sign out everywhere else). */
export async function revokeOtherSessions(staffId: string, keepSessionId: string, now = new Date()): Promise<number> {
  const db = await getDb();
  const ended = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), ne(staffSessions.id, keepSessionId)))
    .returning({ id: staffSessions.id });
  return ended.length;
}

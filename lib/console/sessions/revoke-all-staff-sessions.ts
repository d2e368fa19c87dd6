import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staffSessions } from '@/lib/db/schema';

/** Ends every session of a staff member (a password reset). */
export async function revokeAllStaffSessions(staffId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.update(staffSessions).set({ revokedAt: now }).where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

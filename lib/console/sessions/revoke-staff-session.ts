import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staffSessions } from '@/lib/db/schema';

export async function revokeStaffSession(sessionId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.update(staffSessions).set({ revokedAt: now }).where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

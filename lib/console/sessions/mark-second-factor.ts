import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staffSessions } from '@/lib/db/schema';

export async function markSecondFactor(sessionId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.update(staffSessions).set({ secondFactorAt: now, lastSeenAt: now }).where(eq(staffSessions.id, sessionId));
}

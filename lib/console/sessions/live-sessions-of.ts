import 'server-only';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staffSessionBrands, staffSessions } from '@/lib/db/schema';
import { idleMs } from './shared';

export type StaffSessionRow = { id: string; createdAt: Date; lastSeenAt: Date; address: string | null; userAgent: string | null };

/** A staff member's live sessions, newest first; with `atBrand`, only those that reached that brand. */
export async function liveSessionsOf(staffId: string, now = new Date(), atBrand?: string): Promise<StaffSessionRow[]> {
  const db = await getDb();
  const columns = { id: staffSessions.id, createdAt: staffSessions.createdAt, lastSeenAt: staffSessions.lastSeenAt, address: staffSessions.address, userAgent: staffSessions.userAgent };
  const live = and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now));
  const rows = atBrand
    ? await db
        .select(columns)
        .from(staffSessions)
        .innerJoin(staffSessionBrands, and(eq(staffSessionBrands.sessionId, staffSessions.id), eq(staffSessionBrands.clientId, atBrand)))
        .where(live)
        .orderBy(desc(staffSessions.createdAt))
    : await db.select(columns).from(staffSessions).where(live).orderBy(desc(staffSessions.createdAt));
  return rows.filter((r) => now.getTime() - r.lastSeenAt.getTime() < idleMs());
}

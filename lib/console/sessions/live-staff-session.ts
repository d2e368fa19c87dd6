import 'server-only';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staff, staffMemberships, staffSessions } from '@/lib/db/schema';
import { idleMs } from './shared';

export type LiveStaffSession = {
  sessionId: string;
  staffId: string;
  email: string;
  name: string;
  secondFactor: boolean;
  /** Whether the account has an authenticator enrolled (else the session may only enrol one). */
  totpEnrolled: boolean;
};

/** lastSeenAt is written at most this often, so a burst of requests is one write. */
const TOUCH_EVERY_MS = 30_000;

/**
 * An account disabled at every brand it belongs to (docs/console.md, "Disabling a member"): its
 * sessions count as ended even before they are revoked, so a session started while an owner was
 * disabling it is refused as well.
 */
const notDisabledEverywhere = sql`(not exists (select 1 from ${staffMemberships} m where m.staff_id = ${staffSessions.staffId} and m.disabled_at is not null)
  or exists (select 1 from ${staffMemberships} m where m.staff_id = ${staffSessions.staffId} and m.disabled_at is null))`;

/** The live session of an id (not revoked, not past its end, used recently; its account enabled somewhere), touching it; else undefined. */
export async function liveStaffSession(sessionId: string, now = new Date()): Promise<LiveStaffSession | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      staffId: staffSessions.staffId,
      lastSeenAt: staffSessions.lastSeenAt,
      secondFactorAt: staffSessions.secondFactorAt,
      email: staff.email,
      name: staff.name,
      totpEnabledAt: staff.totpEnabledAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now), isNull(staff.disabledAt), notDisabledEverywhere));
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() >= idleMs()) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, sessionId));
  }
  return {
    sessionId: row.sessionId,
    staffId: row.staffId,
    email: row.email,
    name: row.name,
    secondFactor: row.secondFactorAt !== null,
    totpEnrolled: row.totpEnabledAt !== null,
  };
}

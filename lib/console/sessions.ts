import 'server-only';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staff, staffMemberships, staffSessionBrands, staffSessions } from '@/lib/db/schema';
import { env } from '@/lib/edge/env';
import { randomId } from '@/lib/ids';

// Staff sessions (docs/console.md, "Sessions"): a row per sign-in, live until it is revoked,
// reaches its absolute end (CONSOLE_SESSION_HOURS after sign-in) or goes unused for
// CONSOLE_IDLE_MINUTES. The cookie holds only a seal of the row's id, so revoking the row ends the
// session at its next request. A session whose second factor is not given yet may only give it
// (or enrol); second_factor_at marks that it was. A session is the account's, at every brand it
// belongs to; staff_session_brands records which brands it has reached, and a brand's owner sees
// and ends a member's sessions only among those (never their sessions elsewhere).

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

const idleMs = () => env().CONSOLE_IDLE_MINUTES * 60_000;

export async function createStaffSession(staffId: string, meta: { address?: string; userAgent?: string }, now = new Date()): Promise<string> {
  const db = await getDb();
  const id = randomId('sts', 32);
  await db.insert(staffSessions).values({
    id,
    staffId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + env().CONSOLE_SESSION_HOURS * 3_600_000),
    address: meta.address?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return id;
}

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

export async function markSecondFactor(sessionId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.update(staffSessions).set({ secondFactorAt: now, lastSeenAt: now }).where(eq(staffSessions.id, sessionId));
}

export async function revokeStaffSession(sessionId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.update(staffSessions).set({ revokedAt: now }).where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/** Ends every session of a staff member (a password reset). */
export async function revokeAllStaffSessions(staffId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.update(staffSessions).set({ revokedAt: now }).where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

/** How long an address the account signed in from stays its own for the reset throttle. */
export const KNOWN_ADDRESS_DAYS = 30;

/** Whether the account with this e-mail has signed in from this address in the last KNOWN_ADDRESS_DAYS. */
export async function signedInFrom(email: string, address: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staff.email, email), eq(staffSessions.address, address), gt(staffSessions.createdAt, new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000))))
    .limit(1);
  return !!row;
}

/** Sessions and brands already recorded by this process (a bounded memo: one write per pair). */
const recorded = new Set<string>();
const RECORDED_MAX = 10_000;

/** Records that a session reached a brand (its membership guard passed). */
export async function markSessionAtBrand(sessionId: string, clientId: string, now = new Date()): Promise<void> {
  const pair = `${sessionId}|${clientId}`;
  if (recorded.has(pair)) return;
  const db = await getDb();
  await db.insert(staffSessionBrands).values({ sessionId, clientId, firstAt: now }).onConflictDoNothing();
  if (recorded.size >= RECORDED_MAX) recorded.clear();
  recorded.add(pair);
}

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

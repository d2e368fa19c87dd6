import 'server-only';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { customers, sessions } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { sessionTtlSeconds } from '@/lib/edge/session-cookie';
import { env } from '@/lib/edge/env';

// The sessions table: a cookie is only as good as its live row here (logout, password change
// or reset and account deletion revoke rows). A session also ends after SESSION_IDLE_DAYS without
// use (lastSeenAt, renewed when it buys an access token), and dead rows are pruned now and then.

const idleMs = () => env().SESSION_IDLE_DAYS * 24 * 3600 * 1000;
/** lastSeenAt is written at most this often, so a busy customer costs no write per token. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(clientId: string, customerId: string, userAgent: string | undefined) {
  const db = await getDb();
  const id = randomId('ses', 32);
  const expiresAt = new Date(Date.now() + sessionTtlSeconds() * 1000);
  await db.insert(sessions).values({ id, clientId, customerId, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
  if (Math.random() < 0.02) await pruneSessions();
  return { id, expiresAt };
}

/** The live session (not revoked, not expired, not idle too long, customer ACTIVE) of this brand, or undefined. */
export async function findLiveSession(clientId: string, sessionId: string, now = new Date()) {
  const db = await getDb();
  const [row] = await db
    .select({ id: sessions.id, customerId: sessions.customerId, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(customers, and(eq(customers.id, sessions.customerId), eq(customers.clientId, sessions.clientId)))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.clientId, clientId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs())),
        eq(customers.dataStatus, 'ACTIVE'),
      ),
    )
    .limit(1);
  return row;
}

export async function revokeSession(clientId: string, sessionId: string) {
  const db = await getDb();
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.clientId, clientId), isNull(sessions.revokedAt)));
}

/** Ends every session of the customer (`tx`: inside the transaction of the change that ends them). */
export async function revokeAllSessions(clientId: string, customerId: string, tx?: DbOrTx) {
  const db = tx ?? (await getDb());
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.clientId, clientId), eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
}

/** Records use of the session (the idle timeout counts from here); at most once a minute. */
export async function touchSession(session: { id: string; lastSeenAt: Date }, now = new Date()) {
  if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
  const db = await getDb();
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
}

/** Deletes sessions that can never be used again (expired, revoked or idle past the limit) a day on. */
export async function pruneSessions(now = new Date()) {
  const db = await getDb();
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, dayAgo),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, dayAgo)),
        lt(sessions.lastSeenAt, new Date(dayAgo.getTime() - idleMs())),
      ),
    );
}

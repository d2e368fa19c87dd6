import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { customers, sessions } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { sessionTtlSeconds } from '@/lib/session-cookie';

// The sessions table: a cookie is only as good as its live row here (logout, password change
// or reset and account deletion revoke rows).

export async function createSession(clientId: string, customerId: string, userAgent: string | undefined) {
  const db = await getDb();
  const id = randomId('ses', 32);
  const expiresAt = new Date(Date.now() + sessionTtlSeconds() * 1000);
  await db.insert(sessions).values({ id, clientId, customerId, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
  return { id, expiresAt };
}

/** The live session (not revoked, not expired, customer ACTIVE) of this brand, or undefined. */
export async function findLiveSession(clientId: string, sessionId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: sessions.id, customerId: sessions.customerId })
    .from(sessions)
    .innerJoin(customers, and(eq(customers.id, sessions.customerId), eq(customers.clientId, sessions.clientId)))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.clientId, clientId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
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

export async function revokeAllSessions(clientId: string, customerId: string) {
  const db = await getDb();
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.clientId, clientId), eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
}

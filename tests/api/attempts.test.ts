import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { reserveAttempt, tryReserveAttempt, type AttemptLimit } from '@/lib/api/attempts';
import { windowOf } from '@/lib/api/rate-limit';
import { getDb } from '@/lib/db/client';
import { authFailures, rateLimits } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { createTestBrand } from '../support/api-server';

// The primitive every limit on guessing a secret uses (lib/api/attempts.ts; docs/security.md,
// "Guesses reserved before the check"), against the database itself (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): of many reservations at once exactly the limit's number succeed, a refusal
// gives back the places taken before it, release() gives back, and a streak starts again once
// forgotten. The limits as the endpoints use them: tests/api/simultaneous-guesses.test.ts.

const window = (key: string, limit: number): AttemptLimit => ({ key, window: { limit, windowSeconds: 900, message: `full: ${key}` } });
async function countOf(key: string, now = new Date()) {
  const { bucket, windowStart } = windowOf(key, 900, now);
  const [row] = await (await getDb()).select({ n: rateLimits.count }).from(rateLimits).where(and(eq(rateLimits.key, bucket), eq(rateLimits.windowStart, windowStart)));
  return row?.n ?? 0;
}
const settle = <T>(all: Promise<T>[]) => Promise.allSettled(all);

// The database starts (and migrates) before the tests, not inside the first one.
beforeAll(async () => {
  await getDb();
}, 180_000);

describe('reserveAttempt', () => {
  it('grants exactly the limit of 150 simultaneous reservations; the rest are 429 with Retry-After, and count nothing', async () => {
    const key = `test-window:${randomUUID()}`;
    const now = new Date();
    const results = await settle(Array.from({ length: 150 }, () => reserveAttempt([window(key, 7)], now)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as ApiError);
    expect(refusals).toHaveLength(143);
    expect(refusals.every((e) => e instanceof ApiError && e.code === 'rate_limited' && e.message === `full: ${key}` && Number(e.headers?.['Retry-After']) > 0)).toBe(true);
    expect(await countOf(key, now)).toBe(7);
  });

  it('gives back the places of the limits before the one that is full', async () => {
    const now = new Date();
    const first = `test-first:${randomUUID()}`;
    const full = `test-full:${randomUUID()}`;
    await reserveAttempt([window(full, 1)], now);
    await expect(reserveAttempt([window(first, 5), window(full, 1)], now)).rejects.toMatchObject({ code: 'rate_limited', message: `full: ${full}` });
    expect(await countOf(first, now)).toBe(0);
    expect(await tryReserveAttempt([window(first, 5), window(full, 1)], now)).toBeUndefined();
    expect(await countOf(first, now)).toBe(0);
  });

  it('release() gives a place back once, however often it is called; a held place stays counted', async () => {
    const now = new Date();
    const key = `test-release:${randomUUID()}`;
    const kept = await reserveAttempt([window(key, 2)], now);
    const given = await reserveAttempt([window(key, 2)], now);
    await expect(reserveAttempt([window(key, 2)], now)).rejects.toMatchObject({ code: 'rate_limited' });
    await given.release();
    await given.release();
    expect(await countOf(key, now)).toBe(1);
    const again = await reserveAttempt([window(key, 2)], now);
    expect(await countOf(key, now)).toBe(2);
    await again.and(kept).release();
    expect(await countOf(key, now)).toBe(0);
  });

  it('holds a streak to its maximum under 120 simultaneous reservations, and starts it again once forgotten', async () => {
    const now = new Date();
    const brand = await createTestBrand();
    const subject = `test-streak:${randomUUID()}`;
    const streak = (max: number): AttemptLimit => ({ streak: { clientId: brand.id, subject, max, forgottenAfterMs: 3_600_000, message: 'locked' } });
    const results = await settle(Array.from({ length: 120 }, () => reserveAttempt([streak(9)], now)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(9);
    const db = await getDb();
    const row = async () => (await db.select().from(authFailures).where(and(eq(authFailures.clientId, brand.id), eq(authFailures.subject, subject))))[0];
    expect((await row())?.consecutive).toBe(9);
    await expect(reserveAttempt([streak(9)], now)).rejects.toMatchObject({ code: 'rate_limited', message: 'locked' });
    // An hour without a failure: the streak is forgotten and starts again at one.
    await db.update(authFailures).set({ updatedAt: new Date(now.getTime() - 3_600_001) }).where(and(eq(authFailures.clientId, brand.id), eq(authFailures.subject, subject)));
    const fresh = await reserveAttempt([streak(9)], now);
    expect((await row())?.consecutive).toBe(1);
    await fresh.release();
    // Back at nothing, the streak leaves no row.
    expect(await row()).toBeUndefined();
  });

  it('refuses everything under a limit of zero and takes no place', async () => {
    const now = new Date();
    const key = `test-zero:${randomUUID()}`;
    await expect(reserveAttempt([window(key, 0)], now)).rejects.toMatchObject({ code: 'rate_limited' });
    expect(await countOf(key, now)).toBe(0);
  });
});

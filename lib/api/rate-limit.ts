import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { preparedPerDb } from '@/lib/db/prepared';
import { rateLimits } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';

// Fixed-window rate limits kept in the database (DESIGN.md section 1: no in-memory state, so
// several server copies share them). Usage:
//
//   await hitRateLimit(`otp-send:${clientId}:${ip}`, { limit: 20, windowSeconds: 3600 });
//
// counts one event for the key and throws ApiError('rate_limited') with a Retry-After header
// once the key has seen more than `limit` events in the current window. Keys are free text;
// put the brand id in them when the limit is per brand. windowSeconds is at most one day.
//
// This counts events that happen anyway (a scan, a code sent). A guess at a secret is limited by
// reserving its place before the secret is checked instead (reserveAttempt in ./attempts.ts).

export type RateLimit = { limit: number; windowSeconds: number; message?: string };

const MAX_WINDOW = 24 * 60 * 60;

export function windowOf(key: string, windowSeconds: number, now: Date) {
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > MAX_WINDOW) {
    throw new Error(`windowSeconds must be an integer from 1 to ${MAX_WINDOW}`);
  }
  const ms = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return {
    bucket: `${key}|${windowSeconds}`,
    windowStart: new Date(start),
    retryAfter: Math.max(1, Math.ceil((start + ms - now.getTime()) / 1000)),
  };
}

export function limitedError(message: string | undefined, retryAfter: number) {
  const wait = retryAfter >= 120 ? `${Math.ceil(retryAfter / 60)} minutes` : `${retryAfter} seconds`;
  return new ApiError('rate_limited', message ?? `Too many attempts. Please try again in ${wait}.`, {
    'Retry-After': String(retryAfter),
  });
}

/** One more event in a key's window (prepared: every scan counts one, docs/benchmarks.md). */
const countOne = preparedPerDb((db) =>
  db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('windowStart'), count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count })
    .prepare('rate_limit_count_one'),
);

/** Counts one event; throws 429 (with Retry-After) when the window's count goes over the limit. */
export async function hitRateLimit(key: string, { limit, windowSeconds, message }: RateLimit, now = new Date()): Promise<number> {
  const { bucket, windowStart, retryAfter } = windowOf(key, windowSeconds, now);
  const db = await getDb();
  const [row] = await countOne(db).execute({ key: bucket, windowStart });
  if (Math.random() < 0.02) await pruneRateLimits(now);
  const count = row?.count ?? 1;
  if (count > limit) throw limitedError(message, retryAfter);
  return count;
}

/** Drops windows that ended long ago (called now and then by hitRateLimit). */
export async function pruneRateLimits(now = new Date()) {
  const db = await getDb();
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 2 * MAX_WINDOW * 1000)));
}

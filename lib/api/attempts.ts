import 'server-only';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { authFailures, rateLimits } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { limitedError, windowOf, type RateLimit } from './rate-limit';

// Guesses at a secret are reserved before the secret is checked (docs/security.md, "Guesses
// reserved before the check"). Reading a count, checking the secret and raising the count after
// lets N guesses sent together all be checked; here each guess first takes one place of every
// limit it falls under, in one conditional statement per limit that PostgreSQL (and PGlite)
// runs atomically:
//
//   INSERT … VALUES (key, 1) ON CONFLICT (key) DO UPDATE SET count = count + 1
//     WHERE count < limit RETURNING count
//
// A guess that finds a limit full gets no row back and is refused (429) before anything is
// checked, and the places it took of the limits before are given back. So of N simultaneous
// guesses at most `limit` are checked, and a right guess past the limit is refused. What happens
// after the check is the caller's rule: a wrong guess keeps its places (it was a failure); a
// right one, or a guess that proved nothing (a dead code), gives them back with release() (and
// may then clear counts, as a successful sign-in does).
//
// Two kinds of limit:
// - window: at most `limit` in a fixed window (`rate_limits`, the table of lib/api/rate-limit.ts,
//   so the same keys serve both);
// - streak: at most `max` in a row for a subject of a brand (`auth_failures`); a streak without a
//   new failure for `forgottenAfterMs` starts again, so no lock lasts.
//
// Usage (lib/api/auth/sign-in.ts):
//
//   const attempt = await reserveAttempt([{ key: targetKey, window: TARGET_LIMIT }, { streak: … }]);
//   if (!(await verifyPassword(…))) throw …;            // counted: the places stay taken
//   await attempt.release();                            // a success counts no failure

export type WindowAttempt = { key: string; window: RateLimit };
export type StreakAttempt = { streak: { clientId: string; subject: string; max: number; forgottenAfterMs: number; message: string } };
export type AttemptLimit = WindowAttempt | StreakAttempt;

/** The places a guess holds; release() gives them all back (at most once). */
export class Attempt {
  private released = false;
  constructor(private readonly releases: Array<() => Promise<void>>) {}

  /** No place held (a limit that did not apply to this guess). */
  static none(): Attempt {
    return new Attempt([]);
  }

  /** One attempt holding the places of both. */
  and(other: Attempt): Attempt {
    return new Attempt([...this.releases, ...other.releases]);
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    for (const give of this.releases) await give();
  }
}

async function reserveWindow({ key, window }: WindowAttempt, now: Date): Promise<(() => Promise<void>) | ApiError> {
  const { bucket, windowStart, retryAfter } = windowOf(key, window.windowSeconds, now);
  if (window.limit < 1) return limitedError(window.message, retryAfter);
  const db = await getDb();
  const taken = await db
    .insert(rateLimits)
    .values({ key: bucket, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
      setWhere: sql`${rateLimits.count} < ${window.limit}`,
    })
    .returning({ count: rateLimits.count });
  if (taken.length === 0) return limitedError(window.message, retryAfter);
  return async () => {
    await db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(and(eq(rateLimits.key, bucket), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)));
  };
}

async function reserveStreak({ streak }: StreakAttempt, now: Date): Promise<(() => Promise<void>) | ApiError> {
  const { clientId, subject, max, forgottenAfterMs, message } = streak;
  const forgotten = new Date(now.getTime() - forgottenAfterMs).toISOString();
  const stale = sql`${authFailures.updatedAt} <= ${forgotten}::timestamptz`;
  if (max < 1) return new ApiError('rate_limited', message);
  const db = await getDb();
  const taken = await db
    .insert(authFailures)
    .values({ clientId, subject, consecutive: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [authFailures.clientId, authFailures.subject],
      set: { consecutive: sql`case when ${stale} then 1 else ${authFailures.consecutive} + 1 end`, updatedAt: now },
      setWhere: sql`(${stale} or ${authFailures.consecutive} < ${max})`,
    })
    .returning({ n: authFailures.consecutive });
  if (taken.length === 0) return new ApiError('rate_limited', message);
  return async () => {
    const row = and(eq(authFailures.clientId, clientId), eq(authFailures.subject, subject));
    await db
      .update(authFailures)
      .set({ consecutive: sql`${authFailures.consecutive} - 1` })
      .where(and(row, gt(authFailures.consecutive, 0)));
    // A streak back at nothing is no row (a guess that proved nothing leaves no trace).
    await db.delete(authFailures).where(and(row, lte(authFailures.consecutive, 0)));
  };
}

/**
 * Takes one place of every limit, in order, before a secret is checked. When one is full, the
 * places already taken are given back and its 429 is thrown (a window's with Retry-After).
 */
export async function reserveAttempt(limits: AttemptLimit[], now = new Date()): Promise<Attempt> {
  const held: Array<() => Promise<void>> = [];
  for (const limit of limits) {
    const got = 'streak' in limit ? await reserveStreak(limit, now) : await reserveWindow(limit, now);
    if (got instanceof ApiError) {
      await new Attempt(held).release();
      throw got;
    }
    held.push(got);
  }
  return new Attempt(held);
}

/** reserveAttempt, but a full limit answers undefined instead of throwing (for callers with an exception to the limit). */
export async function tryReserveAttempt(limits: AttemptLimit[], now = new Date()): Promise<Attempt | undefined> {
  try {
    return await reserveAttempt(limits, now);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'rate_limited') return undefined;
    throw err;
  }
}

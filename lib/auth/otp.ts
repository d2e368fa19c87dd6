import 'server-only';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { otps } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import type { AuthMode, Channel } from '@/lib/schemas/auth';
import { hmac } from './keys';

// One-time codes: 6 random digits, stored only as an HMAC bound to brand, purpose, channel and
// target; valid 10 minutes, single use, dead after 5 wrong tries; a new code for the same
// (brand, purpose, channel, target) retires the older ones.

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;

/**
 * VERIFY: the signed-in confirmation of an account's contact (lib/api/auth/verify-contact.ts);
 * CHANGE-CONTACT: a new sign-in contact, its target `<customer id>:<contact>` (lib/api/auth/change-contact.ts).
 */
export type OtpTarget = { clientId: string; purpose: AuthMode | 'VERIFY' | 'CHANGE-CONTACT'; channel: Channel; target: string };

function codeHash(t: OtpTarget, code: string): string {
  return hmac('otp', [t.clientId, t.purpose, t.channel, t.target, code].join('\u0000'));
}

const sameTarget = (t: OtpTarget) =>
  and(eq(otps.clientId, t.clientId), eq(otps.purpose, t.purpose), eq(otps.channel, t.channel), eq(otps.target, t.target));

/** Creates a code for the target (retiring older ones) and returns it in clear, for delivery. */
export async function issueOtp(t: OtpTarget, now = new Date()): Promise<{ code: string; expiresAt: Date }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + OTP_TTL_SECONDS * 1000);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(otps).set({ consumedAt: now }).where(and(sameTarget(t), isNull(otps.consumedAt)));
    await tx.insert(otps).values({ id: randomId('otp'), ...t, codeHash: codeHash(t, code), expiresAt, createdAt: now });
  });
  // Old rows serve no purpose; keep the table small.
  await db.delete(otps).where(and(eq(otps.clientId, t.clientId), lt(otps.expiresAt, new Date(now.getTime() - 24 * 3600 * 1000))));
  return { code, expiresAt };
}

/**
 * none: no live code for the target (nothing was guessed at). invalid: a wrong guess at a live
 * code; killed: the wrong guess that used up its last try. exhausted / expired: the code was dead
 * before this guess (it proves nothing either way).
 */
export type OtpCheck = 'ok' | 'invalid' | 'killed' | 'expired' | 'exhausted' | 'none';

/**
 * Checks a code against the target's newest live code and consumes it when it matches. Each
 * guess first takes one of the code's tries (a conditional update, so of guesses sent together
 * at most OTP_MAX_ATTEMPTS are ever compared); a right code is then consumed (the try it took no
 * longer matters), a wrong one keeps it, and the fifth kills the code.
 */
export async function consumeOtp(t: OtpTarget, code: string, now = new Date()): Promise<OtpCheck> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(otps)
    .where(and(sameTarget(t), isNull(otps.consumedAt)))
    .orderBy(desc(otps.createdAt))
    .limit(1);
  if (!row) return 'none';
  if (row.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  const [tried] = await db
    .update(otps)
    .set({ attempts: sql`${otps.attempts} + 1` })
    .where(and(eq(otps.id, row.id), isNull(otps.consumedAt), lt(otps.attempts, OTP_MAX_ATTEMPTS), gt(otps.expiresAt, now)))
    .returning({ attempts: otps.attempts });
  if (!tried) return 'exhausted'; // its last tries were taken by concurrent guesses (or it was used or replaced meanwhile)
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(codeHash(t, code));
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    // Of two concurrent uses of one code, exactly one wins.
    const won = await db
      .update(otps)
      .set({ consumedAt: now })
      .where(and(eq(otps.id, row.id), isNull(otps.consumedAt)))
      .returning({ id: otps.id });
    return won.length ? 'ok' : 'invalid';
  }
  return tried.attempts >= OTP_MAX_ATTEMPTS ? 'killed' : 'invalid';
}

import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '../errors';
import { getDb } from '@/lib/db/client';
import { authFailures } from '@/lib/db/schema';
import type { Channel } from '@/lib/schemas/auth';

// How many wrong guesses an account can take (docs/security.md, "Accounts"). NIST SP 800-63B
// allows at most 100 consecutive failed attempts on one account before it needs another proof;
// here each contact (known or not, so the answers tell nothing) counts its failed passwords and
// its failed codes:
// - after 100 wrong passwords in a row, password sign-in is refused until a code proves the
//   contact (a code sign-in or a password reset clears the count);
// - after 100 wrong codes in a row, codes are refused until a password sign-in succeeds, except
//   on a device the account has signed in on before (the owner's own device is still served).
// Success of the one proof clears both counts. The time limits per address and per contact
// (sign-in.ts, send-otp.ts) make reaching 100 take hours.

export const MAX_CONSECUTIVE_FAILURES = 100;
export type Proof = 'password' | 'code';

const subject = (proof: Proof, channel: Channel, contact: string) => `${proof}:${channel}:${contact}`;

export const PASSWORD_LOCKED =
  'Too many wrong passwords for this account. Sign in with a one-time code or reset your password.';
export const CODES_LOCKED = 'Too many wrong codes for this account. Sign in with your password, or from a device you used before.';

export async function consecutiveFailures(clientId: string, proof: Proof, channel: Channel, contact: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: authFailures.consecutive })
    .from(authFailures)
    .where(and(eq(authFailures.clientId, clientId), eq(authFailures.subject, subject(proof, channel, contact))));
  return row?.n ?? 0;
}

export async function recordFailure(clientId: string, proof: Proof, channel: Channel, contact: string) {
  const db = await getDb();
  await db
    .insert(authFailures)
    .values({ clientId, subject: subject(proof, channel, contact), consecutive: 1 })
    .onConflictDoUpdate({
      target: [authFailures.clientId, authFailures.subject],
      set: { consecutive: sql`${authFailures.consecutive} + 1`, updatedAt: new Date() },
    });
}

/** A proof succeeded: both counts of the contact start again. */
export async function clearFailures(clientId: string, channel: Channel, contact: string) {
  const db = await getDb();
  await db
    .delete(authFailures)
    .where(and(eq(authFailures.clientId, clientId), inArray(authFailures.subject, [subject('password', channel, contact), subject('code', channel, contact)])));
}

export async function assertPasswordsAllowed(clientId: string, channel: Channel, contact: string) {
  if ((await consecutiveFailures(clientId, 'password', channel, contact)) >= MAX_CONSECUTIVE_FAILURES) {
    throw new ApiError('rate_limited', PASSWORD_LOCKED);
  }
}

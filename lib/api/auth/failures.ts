import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { ApiError } from '@/lib/errors';
import type { RateLimit } from '../rate-limit';
import { reserveAttempt, type StreakAttempt } from '../attempts';
import { verifyPassword } from '@/lib/auth/password';
import { contactOf, type CustomerRow } from './customers';
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
// (sign-in.ts, send-otp.ts) make reaching 100 take hours. A count also ends by itself once it has
// had no failure for FAILURES_FORGOTTEN_AFTER_MS (24 h), so nobody can keep a contact locked
// for good: a lock costs 100 fresh wrong guesses a day, which the per-address limits spread over
// many addresses. Codes tried at the signed-in confirmation count per account (accountSubject),
// not per contact, so whoever registered someone else's contact cannot burn the owner's count.

export const MAX_CONSECUTIVE_FAILURES = 100;
export const FAILURES_FORGOTTEN_AFTER_MS = 24 * 3600 * 1000;
export type Proof = 'password' | 'code';

const subject = (proof: Proof, channel: Channel, contact: string) => `${proof}:${channel}:${contact}`;
/** The subject of an account's own count of wrong confirmation codes (verify-contact.ts). */
export const accountSubject = (customerId: string) => `code:account:${customerId}`;

export const PASSWORD_LOCKED =
  'Too many wrong passwords for this account. Sign in with a one-time code or reset your password.';
export const CODES_LOCKED = 'Too many wrong codes for this account. Sign in with your password, or from a device you used before.';

export async function consecutiveFailures(clientId: string, proof: Proof, channel: Channel, contact: string): Promise<number> {
  return failuresOf(clientId, subject(proof, channel, contact));
}

/** The live count of a subject: a count without a failure for 24 h is over. */
export async function failuresOf(clientId: string, subjectKey: string, now = new Date()): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: authFailures.consecutive, at: authFailures.updatedAt })
    .from(authFailures)
    .where(and(eq(authFailures.clientId, clientId), eq(authFailures.subject, subjectKey)));
  if (!row || now.getTime() - row.at.getTime() >= FAILURES_FORGOTTEN_AFTER_MS) return 0;
  return row.n;
}

/** The limit of wrong passwords in a row for a contact, reserved before each is checked (attempts.ts). */
export const passwordStreak = (clientId: string, channel: Channel, contact: string): StreakAttempt => ({
  streak: { clientId, subject: subject('password', channel, contact), max: MAX_CONSECUTIVE_FAILURES, forgottenAfterMs: FAILURES_FORGOTTEN_AFTER_MS, message: PASSWORD_LOCKED },
});

/** The limit of wrong codes in a row for a subject (a contact's, or an account's own, accountSubject). */
export const codeStreak = (clientId: string, subjectKey: string): StreakAttempt => ({
  streak: { clientId, subject: subjectKey, max: MAX_CONSECUTIVE_FAILURES, forgottenAfterMs: FAILURES_FORGOTTEN_AFTER_MS, message: CODES_LOCKED },
});

/** The subject of a contact's count of wrong codes. */
export const contactCodeSubject = (channel: Channel, contact: string) => subject('code', channel, contact);

/** A proof succeeded: both counts of the contact (and any extra subjects given) start again. */
export async function clearFailures(clientId: string, channel: Channel, contact: string, ...extra: string[]) {
  const db = await getDb();
  await db
    .delete(authFailures)
    .where(
      and(eq(authFailures.clientId, clientId), inArray(authFailures.subject, [subject('password', channel, contact), subject('code', channel, contact), ...extra])),
    );
}

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect.';
const CURRENT_PASSWORD_LIMIT: RateLimit = {
  limit: 10,
  windowSeconds: 900,
  message: 'Too many wrong passwords. Please try again in 15 minutes or reset your password.',
};

/**
 * The signed-in account's current password (a password change, a new UPI id). Each guess takes
 * its place in the limits before the password is checked (attempts.ts), so that a stolen session
 * gets 10 guesses per 15 minutes and no more, however many it sends at once (a right guess past
 * the limit is refused too); each wrong one also counts in the contact's password count, which
 * locks password sign-in after 100 in a row. A right one gives its places back.
 */
export async function requireCurrentPassword(clientId: string, customer: CustomerRow, password: string) {
  const key = `change-password-fail:${clientId}:${customer.id}`;
  const contact = contactOf(customer);
  const attempt = await reserveAttempt([
    { key, window: CURRENT_PASSWORD_LIMIT },
    ...(contact ? [passwordStreak(clientId, contact.channel, contact.contact)] : []),
  ]);
  if (!(await verifyPassword(password, customer.passwordHash))) {
    throw new ApiError('bad_request', CURRENT_PASSWORD_WRONG, undefined, 'currentPassword'); // its places stay taken
  }
  await attempt.release();
}

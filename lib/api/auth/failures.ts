import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/errors';
import { logSecurityEvent } from '@/lib/auth/security-events';
import { assertUnderRateLimit, hitRateLimit, type RateLimit } from '../rate-limit';
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

export async function recordFailure(clientId: string, proof: Proof, channel: Channel, contact: string) {
  await recordFailureOf(clientId, subject(proof, channel, contact));
}

export async function recordFailureOf(clientId: string, subjectKey: string, now = new Date()) {
  // The subject holds the contact: the event names only the kind of proof and the channel.
  const [proof, channel, who] = subjectKey.split(':');
  logSecurityEvent({
    event: proof === 'password' ? 'sign-in.failed' : 'code.wrong',
    clientId,
    actor: channel === 'account' && who ? { kind: 'customer', customerId: who } : { kind: 'anonymous' },
    detail: { proof: proof ?? '', channel: channel ?? '' },
  });
  const db = await getDb();
  const forgotten = new Date(now.getTime() - FAILURES_FORGOTTEN_AFTER_MS);
  await db
    .insert(authFailures)
    .values({ clientId, subject: subjectKey, consecutive: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [authFailures.clientId, authFailures.subject],
      set: {
        consecutive: sql`case when ${authFailures.updatedAt} <= ${forgotten.toISOString()}::timestamptz then 1 else ${authFailures.consecutive} + 1 end`,
        updatedAt: now,
      },
    });
}

/** A proof succeeded: both counts of the contact (and any extra subjects given) start again. */
export async function clearFailures(clientId: string, channel: Channel, contact: string, ...extra: string[]) {
  const db = await getDb();
  await db
    .delete(authFailures)
    .where(
      and(eq(authFailures.clientId, clientId), inArray(authFailures.subject, [subject('password', channel, contact), subject('code', channel, contact), ...extra])),
    );
}

export async function assertPasswordsAllowed(clientId: string, channel: Channel, contact: string) {
  if ((await consecutiveFailures(clientId, 'password', channel, contact)) >= MAX_CONSECUTIVE_FAILURES) {
    throw new ApiError('rate_limited', PASSWORD_LOCKED);
  }
}

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect.';
const CURRENT_PASSWORD_LIMIT: RateLimit = {
  limit: 10,
  windowSeconds: 900,
  message: 'Too many wrong passwords. Please try again in 15 minutes or reset your password.',
};

/**
 * The signed-in account's current password (a password change, a new UPI id). The limits are
 * consulted before the password is checked, so that a stolen session gets 10 guesses per 15
 * minutes and no more (a right guess past the limit is refused too); each wrong one also counts
 * in the contact's password count, which locks password sign-in after 100 in a row.
 */
export async function requireCurrentPassword(clientId: string, customer: CustomerRow, password: string) {
  const key = `change-password-fail:${clientId}:${customer.id}`;
  const contact = contactOf(customer);
  await assertUnderRateLimit(key, CURRENT_PASSWORD_LIMIT);
  if (contact) await assertPasswordsAllowed(clientId, contact.channel, contact.contact);
  if (await verifyPassword(password, customer.passwordHash)) return;
  if (contact) await recordFailure(clientId, 'password', contact.channel, contact.contact);
  await hitRateLimit(key, CURRENT_PASSWORD_LIMIT).catch(() => undefined); // counted; this answer stays the 400
  throw new ApiError('bad_request', CURRENT_PASSWORD_WRONG, undefined, 'currentPassword');
}

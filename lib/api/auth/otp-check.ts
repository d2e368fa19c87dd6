import 'server-only';
import { consumeOtp, type OtpTarget } from '@/lib/auth/otp';
import type { BrandContext } from '../route-context';
import { ApiError } from '@/lib/errors';
import { assertUnderRateLimit, hitRateLimit, type RateLimit } from '../rate-limit';
import { CODES_LOCKED, MAX_CONSECUTIVE_FAILURES, clearFailures, failuresOf, recordFailureOf } from './failures';
import { findCustomerByContact } from './customers';
import { isKnownDevice } from './cookie';

// Consumes a code or throws the 400 a person can act on. Wrong guesses at a live code count
// against the contact (failures.ts: at most 100 in a row) and against the address (so one
// address cannot burn the codes in flight of many contacts); a right code clears the contact's
// counts. Only a wrong guess at a live code counts (also the one that uses up its last try): a
// guess at a code already dead ("tried too many times", expired, none) answers 400 but proves
// nothing either way. The signed-in confirmation passes
// `counter` (the account's own subject) so its guesses never count against the contact.
const MESSAGES = {
  invalid: 'Incorrect code. Please check it and try again.',
  none: 'Incorrect code. Please check it and try again.',
  expired: 'This code has expired. Please request a new one.',
  exhausted: 'This code was tried too many times. Please request a new one.',
  killed: 'This code was tried too many times. Please request a new one.',
} as const;

export const CODE_GUESS_IP_LIMIT: RateLimit = { limit: 30, windowSeconds: 900, message: 'Too many wrong codes from this network. Please try again in 15 minutes.' };

export async function requireOtp(target: OtpTarget, code: string, c: BrandContext, counter?: string): Promise<void> {
  const ipKey = `otp-fail:ip:${target.clientId}:${c.address}`;
  const subject = counter ?? `code:${target.channel}:${target.target}`;
  await assertUnderRateLimit(ipKey, CODE_GUESS_IP_LIMIT);
  if ((await failuresOf(target.clientId, subject)) >= MAX_CONSECUTIVE_FAILURES) {
    const owner = counter ? undefined : await findCustomerByContact(target.clientId, target.channel, target.target);
    if (!isKnownDevice(c, owner)) throw new ApiError('rate_limited', CODES_LOCKED);
  }
  const result = await consumeOtp(target, code);
  if (result === 'ok') {
    await clearFailures(target.clientId, target.channel, target.target, ...(counter ? [counter] : []));
    return;
  }
  if (result === 'invalid' || result === 'killed') {
    await recordFailureOf(target.clientId, subject);
    await hitRateLimit(ipKey, CODE_GUESS_IP_LIMIT).catch(() => undefined); // counted; this answer stays the 400
  }
  throw new ApiError('bad_request', MESSAGES[result], undefined, 'otp');
}

export const INVALID_OTP_MESSAGE = MESSAGES.invalid;

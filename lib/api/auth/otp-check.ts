import 'server-only';
import { consumeOtp, type OtpTarget } from '@/lib/auth/otp';
import type { BrandContext } from '../route-context';
import { ApiError } from '@/lib/errors';
import type { RateLimit } from '../rate-limit';
import { Attempt, reserveAttempt, tryReserveAttempt } from '../attempts';
import { CODES_LOCKED, clearFailures, codeStreak, contactCodeSubject } from './failures';
import { findCustomerByContact } from './customers';
import { isKnownDevice } from './cookie';

// Consumes a code or throws the 400 a person can act on. Wrong guesses at a live code count
// against the contact (failures.ts: at most 100 in a row) and against the address (so one
// address cannot burn the codes in flight of many contacts); a right code clears the contact's
// counts. Only a wrong guess at a live code counts (also the one that uses up its last try): a
// guess at a code already dead ("tried too many times", expired, none) answers 400 but proves
// nothing either way. The signed-in confirmation passes
// `counter` (the account's own subject) so its guesses never count against the contact.
// Every guess takes its place in the address's limit and the subject's count before the code is
// compared (attempts.ts; consumeOtp also takes one of the code's own tries first), so guesses sent
// together cannot pass a limit; a right code, or one that proved nothing, gives its places back.
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
  const subject = counter ?? contactCodeSubject(target.channel, target.target);
  const byAddress = await reserveAttempt([{ key: ipKey, window: CODE_GUESS_IP_LIMIT }]);
  let bySubject = await tryReserveAttempt([codeStreak(target.clientId, subject)]);
  if (!bySubject) {
    // 100 wrong codes in a row: only a browser that signed in to the account before is still served.
    const owner = counter ? undefined : await findCustomerByContact(target.clientId, target.channel, target.target);
    if (!isKnownDevice(c, owner)) {
      await byAddress.release();
      throw new ApiError('rate_limited', CODES_LOCKED);
    }
    bySubject = Attempt.none();
  }
  const attempt = byAddress.and(bySubject);
  const result = await consumeOtp(target, code);
  if (result === 'ok') {
    await attempt.release();
    await clearFailures(target.clientId, target.channel, target.target, ...(counter ? [counter] : []));
    return;
  }
  // A wrong guess at a live code keeps its places; a guess at a dead code proved nothing.
  if (result !== 'invalid' && result !== 'killed') await attempt.release();
  throw new ApiError('bad_request', MESSAGES[result], undefined, 'otp');
}

export const INVALID_OTP_MESSAGE = MESSAGES.invalid;

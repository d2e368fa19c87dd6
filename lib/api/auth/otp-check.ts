import 'server-only';
import { consumeOtp, type OtpTarget } from '@/lib/auth/otp';
import { ApiError } from '../errors';

// Consumes a code or throws the 400 a person can act on.
const MESSAGES = {
  invalid: 'Incorrect code. Please check it and try again.',
  expired: 'This code has expired. Please request a new one.',
  exhausted: 'This code was tried too many times. Please request a new one.',
} as const;

export async function requireOtp(target: OtpTarget, code: string): Promise<void> {
  const result = await consumeOtp(target, code);
  if (result !== 'ok') throw new ApiError('bad_request', MESSAGES[result]);
}

export const INVALID_OTP_MESSAGE = MESSAGES.invalid;

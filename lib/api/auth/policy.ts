import 'server-only';
import type { ClientRow } from '@/lib/brands/find-client';
import { ApiError } from '@/lib/errors';
import { brandConfigOf } from '@/lib/brands/brand-config';
import type { AuthMode, Channel } from '@/lib/schemas/auth';

// What a brand's otpServices allow (product-spec section 3), in one place:
// - channel 'email' only when isEmailServiceEnabled, 'mobile' only when isMobileNoServiceEnabled;
// - no-password flow: sign-in and sign-up by OTP only; passwords are neither taken nor reset;
// - OTP sign-in (LOGIN, SIGNUP OR LOGIN) when isOtpServiceEnabled && isLoginOtpEnabled, or no-password flow;
// - sign-up needs an OTP (mode SIGNUP) when isRegistartionOtpEnabled, or no-password flow; without
//   one, a SIGNUP code confirms the contact after sign-up (sign-up.ts), so SIGNUP codes are always sent;
// - userName is required at sign-up when is_UserName_Intake_Enabled, and ignored when it is off.

export type AuthPolicy = {
  noPassword: boolean;
  otpSignIn: boolean;
  signupOtp: boolean;
  userNameIntake: boolean;
  channels: Record<Channel, boolean>;
};

export function authPolicy(client: ClientRow): AuthPolicy {
  const o = brandConfigOf(client).otpServices;
  return {
    noPassword: o.is_No_Password_Flow_Enabled,
    otpSignIn: o.is_No_Password_Flow_Enabled || (o.isOtpServiceEnabled && o.isLoginOtpEnabled),
    signupOtp: o.is_No_Password_Flow_Enabled || o.isRegistartionOtpEnabled,
    userNameIntake: o.is_UserName_Intake_Enabled,
    channels: { email: o.isEmailServiceEnabled, mobile: o.isMobileNoServiceEnabled },
  };
}

const CHANNEL_NAME: Record<Channel, string> = { email: 'e-mail', mobile: 'mobile number' };

export function assertChannel(policy: AuthPolicy, channel: Channel) {
  if (!policy.channels[channel]) {
    throw new ApiError('bad_request', `Sign-in by ${CHANNEL_NAME[channel]} is not available for this brand.`, undefined, 'channel');
  }
}

export function assertPasswords(policy: AuthPolicy) {
  if (policy.noPassword) throw new ApiError('bad_request', 'This brand signs in with a one-time code, not a password.');
}

/** Whether codes of this mode may be sent at all. */
export function assertOtpMode(policy: AuthPolicy, mode: AuthMode) {
  const allowed = mode === 'SIGNUP' || (mode === 'FORGOT PASSWORD' ? !policy.noPassword : policy.otpSignIn);
  if (!allowed) throw new ApiError('bad_request', `mode ${mode} is not available for this brand.`, undefined, 'mode');
}

import type { CloneInfo } from '@/lib/schemas/client';
import type { AuthMode, Channel } from '@/lib/schemas/auth';

// What the sign-in screens offer for a brand's otpServices (mirrors the API's policy in
// lib/api/auth/policy.ts; the API enforces it, the screens only avoid offering what it refuses).

export type AuthOptions = {
  channels: Channel[];
  /** No passwords: contact → code → signed in (mode SIGNUP OR LOGIN). */
  noPassword: boolean;
  /** Password sign-in may be swapped for a code (mode LOGIN). */
  otpSignIn: boolean;
  /** Sign-up confirms the contact with a code (mode SIGNUP). */
  signupOtp: boolean;
  askUserName: boolean;
};

export function authOptionsOf(o: CloneInfo['otpServices']): AuthOptions {
  const channels: Channel[] = [];
  if (o.isMobileNoServiceEnabled) channels.push('mobile');
  if (o.isEmailServiceEnabled) channels.push('email');
  return {
    channels: channels.length ? channels : ['email'],
    noPassword: o.is_No_Password_Flow_Enabled,
    otpSignIn: o.is_No_Password_Flow_Enabled || (o.isOtpServiceEnabled && o.isLoginOtpEnabled),
    signupOtp: o.is_No_Password_Flow_Enabled || o.isRegistartionOtpEnabled,
    askUserName: o.is_UserName_Intake_Enabled,
  };
}


/** The OTP sign-in mode: SIGNUP OR LOGIN under the no-password flow, else LOGIN. */
export function otpSignInMode(opts: AuthOptions): Extract<AuthMode, 'LOGIN' | 'SIGNUP OR LOGIN'> {
  return opts.noPassword ? 'SIGNUP OR LOGIN' : 'LOGIN';
}

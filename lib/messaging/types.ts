import type { AuthMode, Channel } from '@/lib/schemas/auth';

// The provider interface of message delivery (DESIGN.md section 3).

export type OtpMessage = {
  channel: Channel;
  /** E-mail address or mobile number in +<country><number> form. */
  to: string;
  purpose: AuthMode;
  code: string;
  clientId: string;
  brandName: string;
};

export interface MessageProvider {
  readonly name: string;
  send(message: OtpMessage): Promise<void>;
}

const PURPOSE_TEXT: Record<AuthMode, string> = {
  LOGIN: 'sign in',
  SIGNUP: 'create your account',
  'FORGOT PASSWORD': 'reset your password',
  'SIGNUP OR LOGIN': 'sign in',
};

/** The words a person reads, for every channel. */
export function messageText(m: OtpMessage): { subject: string; text: string } {
  return {
    subject: `${m.code} is your ${m.brandName} verification code`,
    text: `${m.code} is your ${m.brandName} code to ${PURPOSE_TEXT[m.purpose]}. It expires in 10 minutes. Do not share it with anyone.`,
  };
}

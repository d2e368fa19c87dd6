import type { AuthMode, Channel } from '@/lib/schemas/auth';
import { CATALOGUES } from '@/messages';
import { translator, type Locale, type MessageKey } from '@/lib/shared/i18n';

// The provider interface of message delivery (DESIGN.md section 3).

export type OtpMessage = {
  channel: Channel;
  /** E-mail address or mobile number in +<country><number> form. */
  to: string;
  /**
   * A code's purpose, or NOTICE: a security notice without a code (`notice` says which), or a
   * console e-mail with a link (an invitation to a brand's staff, a password reset of a staff account).
   */
  purpose: AuthMode | 'VERIFY' | 'NOTICE' | ConsoleMail;
  code: string;
  /** Console e-mails: the link to open (with its one-time token). */
  link?: string;
  clientId: string;
  brandName: string;
  notice?: NoticeKind;
  /** The customer's language (docs/languages.md): a code's message and a notice are written in it; English when unset. */
  locale?: Locale;
};

/** E-mails of the brand console (docs/console.md), each with a link holding a one-time token. */
export type ConsoleMail = 'STAFF-INVITATION' | 'STAFF-RESET';

/** Security notices sent to a contact's owner (docs/security.md, "Accounts"). */
export type NoticeKind = 'account-reclaimed' | 'account-reclaimed-signup' | 'password-changed' | 'password-reset' | 'signup-attempt' | 'upi-changed';

/** Each notice's subject and text in the catalogues (mail.*), written in the owner's language. */
const NOTICE_TEXT: Record<NoticeKind, { subject: MessageKey; text: MessageKey }> = {
  'account-reclaimed': { subject: 'mail.securedSubject', text: 'mail.securedText' },
  'account-reclaimed-signup': { subject: 'mail.securedSubject', text: 'mail.securedSignupText' },
  'password-changed': { subject: 'mail.passwordChangedSubject', text: 'mail.passwordChangedText' },
  'password-reset': { subject: 'mail.passwordResetSubject', text: 'mail.passwordResetText' },
  'signup-attempt': { subject: 'mail.signupAttemptSubject', text: 'mail.signupAttemptText' },
  'upi-changed': { subject: 'mail.upiChangedSubject', text: 'mail.upiChangedText' },
};

export interface MessageProvider {
  readonly name: string;
  send(message: OtpMessage): Promise<void>;
}

const PURPOSE_TEXT: Record<AuthMode | 'VERIFY', MessageKey> = {
  VERIFY: 'otp.textVerify',
  LOGIN: 'otp.textLogin',
  SIGNUP: 'otp.textSignup',
  'FORGOT PASSWORD': 'otp.textReset',
  'SIGNUP OR LOGIN': 'otp.textLogin',
};

/** The words a person reads, for every channel. */
export function messageText(m: OtpMessage): { subject: string; text: string } {
  if (m.purpose === 'STAFF-INVITATION') {
    return {
      subject: `You are invited to the ${m.brandName} console`,
      text: `You are invited to join the staff of ${m.brandName} in the brand console. Open this link within 7 days to choose your password and set up your authenticator app: ${m.link ?? ''}`,
    };
  }
  if (m.purpose === 'STAFF-RESET') {
    return {
      subject: 'Reset your brand console password',
      text: `Open this link within 1 hour to choose a new password for the brand console: ${m.link ?? ''} If you did not ask for this, ignore this e-mail; your password stays as it is.`,
    };
  }
  const t = translator(CATALOGUES[m.locale ?? 'en'], CATALOGUES.en);
  if (m.purpose === 'NOTICE') {
    const n = NOTICE_TEXT[m.notice ?? 'password-changed'];
    return { subject: t('mail.noticeSubject', { brand: m.brandName, subject: t(n.subject) }), text: t(n.text) };
  }
  const values = { code: m.code, brand: m.brandName };
  return { subject: t('otp.subject', values), text: t(PURPOSE_TEXT[m.purpose], values) };
}

import type { AuthMode, Channel } from '@/lib/schemas/auth';
import { CATALOGUES } from '@/messages';
import { translator, type Locale, type MessageKey } from '@/lib/shared/i18n';

// The provider interface of message delivery (DESIGN.md section 3).

export type OtpMessage = {
  channel: Channel;
  /** E-mail address or mobile number in +<country><number> form. */
  to: string;
  /**
   * A code's purpose, or a console e-mail with a link (an invitation to a brand's staff, a password
   * reset of a staff account). Security notices go through the message outbox (lib/messaging/queue.ts).
   */
  purpose: AuthMode | 'VERIFY' | 'CHANGE-CONTACT' | ConsoleMail;
  code: string;
  /** Console e-mails: the link to open (with its one-time token). */
  link?: string;
  clientId: string;
  brandName: string;
  /** The customer's language (docs/languages.md): a code's message is written in it; English when unset. */
  locale?: Locale;
};

/** E-mails of the brand console (docs/console.md), each with a link holding a one-time token. */
export type ConsoleMail = 'STAFF-INVITATION' | 'STAFF-RESET';

export interface MessageProvider {
  readonly name: string;
  send(message: OtpMessage): Promise<void>;
}

const PURPOSE_TEXT: Record<AuthMode | 'VERIFY' | 'CHANGE-CONTACT', MessageKey> = {
  VERIFY: 'otp.textVerify',
  'CHANGE-CONTACT': 'otp.textChangeContact',
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
  const values = { code: m.code, brand: m.brandName };
  return { subject: t('otp.subject', values), text: t(PURPOSE_TEXT[m.purpose], values) };
}

import 'server-only';
import { env } from '@/lib/edge/env';
import { outboxProvider } from './outbox';
import { smsHttpProvider } from './sms-http';
import { smtpProvider } from './smtp';
import type { MessageProvider, OtpMessage } from './types';

// sendMessage picks the provider by channel and environment: e-mail through SMTP when SMTP_URL
// is set, SMS through the HTTP gateway when SMS_HTTP_URL is set, the outbox otherwise.

export type { OtpMessage, MessageProvider } from './types';

let smtp: { url: string; provider: MessageProvider } | undefined;

export function providerFor(channel: OtpMessage['channel']): MessageProvider {
  const e = env();
  if (channel === 'email' && e.SMTP_URL) {
    if (smtp?.url !== e.SMTP_URL) smtp = { url: e.SMTP_URL, provider: smtpProvider(e.SMTP_URL, e.MAIL_FROM) };
    return smtp.provider;
  }
  if (channel === 'mobile' && e.SMS_HTTP_URL) return smsHttpProvider(e.SMS_HTTP_URL, e.SMS_HTTP_TOKEN);
  return outboxProvider;
}

export function sendMessage(message: OtpMessage): Promise<void> {
  return providerFor(message.channel).send(message);
}

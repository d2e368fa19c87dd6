import 'server-only';
import nodemailer from 'nodemailer';
import type { MessageProvider } from './types';
import { messageText } from './types';

// E-mail through an SMTP server (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465).

export function smtpProvider(url: string, from: string): MessageProvider {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  return {
    name: 'smtp',
    async send(m) {
      if (m.channel !== 'email') throw new Error('The SMTP provider only sends e-mail');
      const { subject, text } = messageText(m);
      try {
        await transport.sendMail({ from, to: m.to, subject, text });
      } catch (err) {
        throw new Error(`Could not send e-mail through SMTP: ${(err as Error).message}`);
      }
    },
  };
}

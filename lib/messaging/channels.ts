import 'server-only';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { env } from '@/lib/edge/env';
import type { StoredClientConfig } from '@/lib/schemas/client-config';
import { MESSAGE_PARAMS, type MessageKind } from '@/lib/domain/messages';
import type { messageOutbox } from '@/lib/db/schema';
import type { Locale } from '@/lib/shared/i18n';

// The senders of queued customer messages (docs/messages.md), one per channel. Each send carries
// the message's idempotency key to the provider (SMS: the Idempotency-Key header and `reference`;
// WhatsApp: `biz_opaque_callback_data`; e-mail: the Message-ID, made from the message's id), so a
// retry after a crash between the provider's answer and the outbox's update is the same message
// there, and answers the provider's id for it. Without a provider configured (development, tests)
// a message is written to DATA_DIR/messages.jsonl (or kept in memory with the in-memory database).

export type QueuedMessage = typeof messageOutbox.$inferSelect;
export type SendResult = { provider: string; providerMessageId: string };

/** A failure no retry can mend (the brand's configuration lacks what the channel needs). */
export class PermanentSendError extends Error {}

export const SEND_TIMEOUT_MS = 10_000;

export type LocalMessage = { at: string; id: string; key: string; kind: string; channel: string; to: string; locale: string; subject: string; body: string };
export const memoryMessages: LocalMessage[] = [];

function localSink(m: QueuedMessage): SendResult {
  const entry: LocalMessage = { at: new Date().toISOString(), id: m.id, key: m.idempotencyKey, kind: m.kind, channel: m.channel, to: m.recipient, locale: m.locale, subject: m.subject, body: m.body };
  const e = env();
  const file = e.DATA_DIR === ':memory:' ? undefined : path.join(path.resolve(/*turbopackIgnore: true*/ e.DATA_DIR), 'messages.jsonl');
  if (e.LOG_LEVEL !== 'silent' && e.NODE_ENV !== 'test') console.log(`[messages] ${m.channel} to ${m.recipient}: ${m.subject || m.body}`);
  if (!file) memoryMessages.push(entry);
  else {
    mkdirSync(path.dirname(file), { recursive: true });
    appendFileSync(file, JSON.stringify(entry) + '\n', { mode: 0o600 });
  }
  return { provider: 'local', providerMessageId: `local:${m.id}` };
}

let smtp: { url: string; transport: ReturnType<typeof nodemailer.createTransport> } | undefined;

async function sendEmail(m: QueuedMessage, brandName: string): Promise<SendResult> {
  const e = env();
  if (!e.SMTP_URL) return localSink(m);
  if (smtp?.url !== e.SMTP_URL) {
    smtp = { url: e.SMTP_URL, transport: nodemailer.createTransport({ url: e.SMTP_URL, connectionTimeout: SEND_TIMEOUT_MS, greetingTimeout: SEND_TIMEOUT_MS, socketTimeout: SEND_TIMEOUT_MS }) };
  }
  const domain = e.MAIL_FROM.split('@')[1] || 'localhost';
  const messageId = `<${m.id}@${domain}>`;
  try {
    await smtp.transport.sendMail({
      from: { name: brandName, address: e.MAIL_FROM },
      to: m.recipient,
      subject: m.subject,
      text: m.body,
      messageId,
      headers: { 'X-Idempotency-Key': m.idempotencyKey },
    });
  } catch (err) {
    throw new Error(`Could not send e-mail through SMTP: ${(err as Error).message}`);
  }
  return { provider: 'smtp', providerMessageId: messageId };
}

async function postJson(url: string, headers: Record<string, string>, body: unknown, what: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${SEND_TIMEOUT_MS} ms` : (err as Error).message;
    throw new Error(`Could not send ${what} through ${new URL(url).host}: ${reason}`);
  }
  const text = await res.text();
  if (!res.ok) throw new Error(`Could not send ${what} through ${new URL(url).host}: HTTP ${res.status} ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function sendSms(m: QueuedMessage, config: StoredClientConfig): Promise<SendResult> {
  const e = env();
  if (!e.SMS_HTTP_URL) return localSink(m);
  const templateId = config.messaging.smsDltTemplates[m.kind];
  if (!templateId) throw new PermanentSendError(`No DLT template id for ${m.kind} in the brand's messaging.smsDltTemplates`);
  const answer = (await postJson(
    e.SMS_HTTP_URL,
    { 'idempotency-key': m.idempotencyKey, ...(e.SMS_HTTP_TOKEN ? { authorization: `Bearer ${e.SMS_HTTP_TOKEN}` } : {}) },
    { to: m.recipient, message: m.body, dltTemplateId: templateId, reference: m.idempotencyKey },
    'SMS',
  )) as { id?: unknown; messageId?: unknown } | undefined;
  const id = answer?.messageId ?? answer?.id;
  return { provider: 'sms-http', providerMessageId: typeof id === 'string' && id ? id : m.idempotencyKey };
}

/** The Cloud API's request for a template message (https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates). */
export function whatsAppRequest(m: Pick<QueuedMessage, 'kind' | 'recipient' | 'locale' | 'params' | 'idempotencyKey'>, templateName: string) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: m.recipient.replace(/^\+/, ''),
    type: 'template',
    template: {
      name: templateName,
      language: { code: m.locale },
      components: [{ type: 'body', parameters: MESSAGE_PARAMS[m.kind as MessageKind].map((name) => ({ type: 'text', text: m.params[name] ?? '' })) }],
    },
    biz_opaque_callback_data: m.idempotencyKey,
  };
}

async function sendWhatsApp(m: QueuedMessage, config: StoredClientConfig): Promise<SendResult> {
  const wa = config.messaging.whatsapp;
  const template = wa?.templates[m.kind]?.[m.locale as Locale];
  if (!wa || !template) throw new PermanentSendError(`No approved WhatsApp template for ${m.kind} in ${m.locale} in the brand's messaging.whatsapp`);
  const url = `${env().WHATSAPP_API_URL.replace(/\/+$/, '')}/v${wa.version}/${encodeURIComponent(wa.phoneNumberId)}/messages`;
  const answer = (await postJson(url, { authorization: `Bearer ${wa.token}` }, whatsAppRequest(m, template), 'WhatsApp')) as { messages?: { id?: unknown }[] } | undefined;
  const id = answer?.messages?.[0]?.id;
  if (typeof id !== 'string' || !id) throw new Error('WhatsApp answered without a message id');
  return { provider: 'whatsapp', providerMessageId: id };
}

export function sendQueued(m: QueuedMessage, brand: { name: string; config: StoredClientConfig }): Promise<SendResult> {
  switch (m.channel) {
    case 'email':
      return sendEmail(m, brand.name);
    case 'sms':
      return sendSms(m, brand.config);
    case 'whatsapp':
      return sendWhatsApp(m, brand.config);
    default:
      return Promise.resolve({ provider: 'app', providerMessageId: `app:${m.id}` });
  }
}

import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { defineRoute, FileAnswer } from '../define-route';
import { ApiError } from '@/lib/errors';
import { applyReceipt, isKnownMessage, type ReceiptOutcome } from '@/lib/messaging/receipts';
import type { MessageReceipt } from '@/lib/domain/messages';
import type { StoredClientConfig } from '@/lib/schemas/client-config';
import { receiptAnswerSchema, smsDeliveryReportSchema, whatsAppCallbackSchema, whatsAppHandshakeQuerySchema, type ReceiptAnswer, type WhatsAppCallback } from '@/lib/schemas/message-receipts';

// Delivery receipts (docs/messages.md "Delivery receipts"), on the brand's host like every route:
// WhatsApp Business Cloud API status callbacks (its GET subscription handshake, and POSTs signed
// with the brand's app secret) and the SMS gateway's delivery reports (signed with the gateway
// token). A receipt updates the brand's own message with the provider's id; one that comes before
// the message is marked sent is kept and applied then (pending); a receipt of no message of the
// brand (unknown, or another brand's) is 404, the same answer either way.

const NO_SUCH_MESSAGE = 'No such message';
const WA_RECEIPTS: Record<string, MessageReceipt | null> = { sent: null, delivered: 'delivered', read: 'read', failed: 'failed' };

/** The provider's error of a failed WhatsApp message, as the console shows it. */
function whatsAppError(errors: NonNullable<WhatsAppCallback['entry'][number]['changes'][number]['value']['statuses']>[number]['errors']): string | null {
  const e = errors?.[0];
  if (!e) return null;
  const what = [e.title, e.error_data?.details ?? e.message].filter(Boolean).join(': ');
  return `WhatsApp${e.code !== undefined ? ` error ${e.code}` : ''}${what ? `: ${what}` : ''}`.slice(0, 500);
}

function tally(outcomes: ReceiptOutcome[]): ReceiptAnswer {
  const count = (o: ReceiptOutcome) => outcomes.filter((x) => x === o).length;
  const answer = { updated: count('updated'), unchanged: count('unchanged'), pending: count('pending') };
  if (outcomes.length > 0 && answer.updated + answer.unchanged + answer.pending === 0) throw new ApiError('not_found', NO_SUCH_MESSAGE);
  return answer;
}

async function whatsAppStatuses(clientId: string, config: StoredClientConfig, body: WhatsAppCallback): Promise<ReceiptAnswer> {
  const outcomes: ReceiptOutcome[] = [];
  for (const entry of body.entry) {
    for (const change of entry.changes) {
      const phone = change.value.metadata?.phone_number_id;
      for (const status of change.value.statuses ?? []) {
        // Another phone number's statuses are no message of this brand.
        if (phone !== undefined && phone !== config.messaging.whatsapp?.phoneNumberId) {
          outcomes.push('unknown');
          continue;
        }
        const receipt = WA_RECEIPTS[status.status];
        const at = status.timestamp ? new Date(Number(status.timestamp) * 1000) : new Date();
        if (receipt) outcomes.push(await applyReceipt(clientId, 'whatsapp', { providerMessageId: status.id }, receipt, at, whatsAppError(status.errors)));
        // "sent" (or a status this server does not know): nothing to record, but the message must be the brand's.
        else outcomes.push((await isKnownMessage(clientId, 'whatsapp', { providerMessageId: status.id })) ? 'unchanged' : 'unknown');
      }
    }
  }
  return tally(outcomes);
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const receiptRoutes = [
  // GET /api/messages/receipts/whatsapp?hub.mode=subscribe&hub.verify_token=…&hub.challenge=… — the subscription handshake
  defineRoute({
    method: 'get',
    path: '/messages/receipts/whatsapp',
    tag: 'messages',
    description: 'WhatsApp Cloud API webhook verification: answers hub.challenge as text when hub.verify_token is the brand\'s messaging.whatsapp.verifyToken.',
    access: 'brand',
    query: whatsAppHandshakeQuerySchema,
    response: { description: 'The challenge, as text', files: { 'text/plain': { schema: { type: 'string' } } } },
    errors: { 403: 'Not subscribe, or not the brand\'s verify token' },
    handle: ({ query }, ctx) => {
      const expected = ctx.config.messaging.whatsapp?.verifyToken;
      const given = query['hub.verify_token'];
      if (query['hub.mode'] !== 'subscribe' || !expected || !given || !sameSecret(given, expected) || !query['hub.challenge']) {
        throw new ApiError('forbidden', 'The verify token is not this brand\'s, or hub.mode is not subscribe');
      }
      return new FileAnswer(query['hub.challenge'], { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    },
  }),

  // POST /api/messages/receipts/whatsapp — status callbacks, X-Hub-Signature-256
  defineRoute({
    method: 'post',
    path: '/messages/receipts/whatsapp',
    tag: 'messages',
    description: 'WhatsApp Cloud API status callbacks (sent, delivered, read, failed), signed with the brand\'s app secret.',
    access: { class: 'webhook', signer: 'whatsapp' },
    body: whatsAppCallbackSchema,
    response: { description: 'Receipts recorded and those that changed nothing', schema: receiptAnswerSchema },
    errors: { 401: 'Not signed with the brand\'s app secret', 404: 'None of its statuses is of a message of the brand' },
    fieldErrors: 'the field of the callback, like entry.0.changes.0.value.statuses.0.id',
    handle: ({ body }, ctx) => whatsAppStatuses(ctx.clientId, ctx.config, body),
  }),

  // POST /api/messages/receipts/sms {reference | providerId, status, error?, at?} — X-Signature-256
  defineRoute({
    method: 'post',
    path: '/messages/receipts/sms',
    tag: 'messages',
    description: 'The SMS gateway\'s delivery report, signed with the gateway token (SMS_HTTP_TOKEN).',
    access: { class: 'webhook', signer: 'sms-gateway' },
    body: smsDeliveryReportSchema,
    response: { description: 'Whether the report moved the message forward', schema: receiptAnswerSchema },
    errors: { 401: 'Not signed with the gateway token', 404: 'No message of the brand with that reference or id' },
    fieldErrors: 'reference, providerId, status, error or at',
    handle: async ({ body }, ctx) => {
      const match = { ...(body.providerId !== undefined ? { providerMessageId: body.providerId } : {}), ...(body.reference !== undefined ? { idempotencyKey: body.reference } : {}) };
      const outcome = await applyReceipt(ctx.clientId, 'sms', match, body.status, body.at ? new Date(body.at) : new Date(), body.status === 'failed' ? (body.error ?? null) : null);
      return tally([outcome]);
    },
  }),
];

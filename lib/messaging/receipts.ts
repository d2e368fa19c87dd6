import 'server-only';
import { and, eq, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { messageOutbox } from '@/lib/db/schema';
import { receiptAdvances, type MessageReceipt } from '@/lib/domain/messages';

// Delivery receipts of customer messages (docs/messages.md "Delivery receipts"): WhatsApp's status
// callbacks and the SMS gateway's delivery reports, already authenticated by their signature
// (lib/api/messages/receipt-routes.ts). A receipt finds its message by the brand (the request's
// host) and the provider's id for it, never across brands; it only moves a message forward
// (receiptAdvances), so a replayed or late callback changes nothing.

export type ReceiptMatch = { providerMessageId?: string; idempotencyKey?: string };
export type ReceiptOutcome = 'updated' | 'unchanged' | 'unknown';

function matching(clientId: string, channel: 'sms' | 'whatsapp', match: ReceiptMatch): SQL[] | null {
  const conditions: SQL[] = [eq(messageOutbox.clientId, clientId), eq(messageOutbox.channel, channel)];
  if (match.providerMessageId !== undefined) conditions.push(eq(messageOutbox.providerMessageId, match.providerMessageId));
  if (match.idempotencyKey !== undefined) conditions.push(eq(messageOutbox.idempotencyKey, match.idempotencyKey));
  return conditions.length === 2 ? null : conditions;
}

/** Whether the brand has the message (a receipt that records nothing, like WhatsApp's "sent", is still checked). */
export async function isKnownMessage(clientId: string, channel: 'sms' | 'whatsapp', match: ReceiptMatch): Promise<boolean> {
  const conditions = matching(clientId, channel, match);
  if (!conditions) return false;
  const db = await getDb();
  const [row] = await db.select({ id: messageOutbox.id }).from(messageOutbox).where(and(...conditions)).limit(1);
  return row !== undefined;
}

export async function applyReceipt(
  clientId: string,
  channel: 'sms' | 'whatsapp',
  match: ReceiptMatch,
  receipt: MessageReceipt,
  at: Date,
  error: string | null,
): Promise<ReceiptOutcome> {
  const conditions = matching(clientId, channel, match);
  if (!conditions) return 'unknown';
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: messageOutbox.id, receipt: messageOutbox.receipt, deliveredAt: messageOutbox.deliveredAt })
      .from(messageOutbox)
      .where(and(...conditions))
      .limit(1)
      .for('update');
    if (!row) return 'unknown';
    if (!receiptAdvances(row.receipt ?? null, receipt)) return 'unchanged';
    await tx
      .update(messageOutbox)
      .set({
        receipt,
        receiptAt: at,
        deliveredAt: receipt === 'failed' ? row.deliveredAt : (row.deliveredAt ?? at),
        receiptError: receipt === 'failed' ? (error ?? 'The provider reported the message undelivered') : null,
      })
      .where(eq(messageOutbox.id, row.id));
    return 'updated';
  });
}

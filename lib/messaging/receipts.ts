import 'server-only';
import { and, asc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { messageEarlyReceipts, messageOutbox } from '@/lib/db/schema';
import { receiptAdvances, type MessageReceipt } from '@/lib/domain/messages';

// Delivery receipts of customer messages (docs/messages.md "Delivery receipts"): WhatsApp's status
// callbacks and the SMS gateway's delivery reports, already authenticated by their signature
// (lib/api/messages/receipt-routes.ts). A receipt finds its message by the brand (the request's
// host) and the provider's id for it, never across brands; it only moves a message forward
// (receiptAdvances), so a replayed or late callback changes nothing.
//
// A receipt can come before its message is marked sent: the provider answers the send with its
// id and may call back before the worker's update with that id commits. By the reference (the
// SMS's idempotency key) the message is found anyway (its row exists from the start, and marking
// it sent never touches the receipt). By the provider's id alone it is not yet: when the brand has
// a message of that channel being sent (claimed, not settled), the receipt is kept in
// message_early_receipts ('pending'), and the worker applies it in the transaction that records
// the id (applyEarlyReceipts). Both take the same transaction-scoped advisory lock on the
// provider's id first, so whichever commits first, the other sees it: nothing is lost, and the
// later "sent" leaves a delivered or failed state as it is.

export type ReceiptMatch = { providerMessageId?: string; idempotencyKey?: string };
export type ReceiptOutcome = 'updated' | 'unchanged' | 'pending' | 'unknown';
type ReceiptChannel = 'sms' | 'whatsapp';

/** Receipts no message claimed are dropped after this long. */
export const EARLY_RECEIPT_HOURS = 24;
const LOCK_SPACE = 0x72637074; // advisory lock namespace of delivery receipts ("rcpt")

/** Serialises the receipts of one provider id with the worker's recording of that id (until the transaction ends). */
export async function lockProviderId(tx: DbOrTx, clientId: string, channel: ReceiptChannel, providerMessageId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, hashtext(${`${clientId}:${channel}:${providerMessageId}`}))`);
}

function matching(clientId: string, channel: ReceiptChannel, match: ReceiptMatch): SQL[] | null {
  const conditions: SQL[] = [eq(messageOutbox.clientId, clientId), eq(messageOutbox.channel, channel)];
  if (match.idempotencyKey !== undefined) {
    conditions.push(eq(messageOutbox.idempotencyKey, match.idempotencyKey));
    // Both given: the same message, or one whose provider id is not recorded yet.
    if (match.providerMessageId !== undefined) conditions.push(or(eq(messageOutbox.providerMessageId, match.providerMessageId), isNull(messageOutbox.providerMessageId))!);
  } else if (match.providerMessageId !== undefined) conditions.push(eq(messageOutbox.providerMessageId, match.providerMessageId));
  return conditions.length === 2 ? null : conditions;
}

/** Only by the provider's id, with a message of the brand on that channel being sent now, can a receipt be early. */
async function maybeEarly(tx: DbOrTx, clientId: string, channel: ReceiptChannel, match: ReceiptMatch): Promise<boolean> {
  if (match.providerMessageId === undefined || match.idempotencyKey !== undefined) return false;
  const [sending] = await tx
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.clientId, clientId), eq(messageOutbox.channel, channel), eq(messageOutbox.state, 'queued'), gt(messageOutbox.attempts, 0)))
    .limit(1);
  return sending !== undefined;
}

/** Whether the brand has the message (a receipt that records nothing, like WhatsApp's "sent", is still checked). */
export async function isKnownMessage(clientId: string, channel: ReceiptChannel, match: ReceiptMatch): Promise<boolean> {
  const conditions = matching(clientId, channel, match);
  if (!conditions) return false;
  const db = await getDb();
  const [row] = await db.select({ id: messageOutbox.id }).from(messageOutbox).where(and(...conditions)).limit(1);
  return row !== undefined || (await maybeEarly(db, clientId, channel, match));
}

type OutboxReceipt = { id: string; receipt: MessageReceipt | null; deliveredAt: Date | null };

/** Moves the message's receipt forward, if `receipt` does (receiptAdvances). */
async function advance(tx: DbOrTx, row: OutboxReceipt, receipt: MessageReceipt, at: Date, error: string | null): Promise<boolean> {
  if (!receiptAdvances(row.receipt ?? null, receipt)) return false;
  await tx
    .update(messageOutbox)
    .set({
      receipt,
      receiptAt: at,
      deliveredAt: receipt === 'failed' ? row.deliveredAt : (row.deliveredAt ?? at),
      receiptError: receipt === 'failed' ? (error ?? 'The provider reported the message undelivered') : null,
    })
    .where(eq(messageOutbox.id, row.id));
  return true;
}

export async function applyReceipt(
  clientId: string,
  channel: ReceiptChannel,
  match: ReceiptMatch,
  receipt: MessageReceipt,
  at: Date,
  error: string | null,
): Promise<ReceiptOutcome> {
  const conditions = matching(clientId, channel, match);
  if (!conditions) return 'unknown';
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (match.providerMessageId !== undefined) await lockProviderId(tx, clientId, channel, match.providerMessageId);
    const [row] = await tx
      .select({ id: messageOutbox.id, receipt: messageOutbox.receipt, deliveredAt: messageOutbox.deliveredAt })
      .from(messageOutbox)
      .where(and(...conditions))
      .limit(1)
      .for('update');
    if (row) return (await advance(tx, row, receipt, at, error)) ? 'updated' : 'unchanged';
    if (!(await maybeEarly(tx, clientId, channel, match))) return 'unknown';
    const now = new Date();
    await tx
      .delete(messageEarlyReceipts)
      .where(and(eq(messageEarlyReceipts.clientId, clientId), lt(messageEarlyReceipts.createdAt, new Date(now.getTime() - EARLY_RECEIPT_HOURS * 3_600_000))));
    await tx
      .insert(messageEarlyReceipts)
      .values({ clientId, channel, providerMessageId: match.providerMessageId!, receipt, receiptAt: at, receiptError: receipt === 'failed' ? error : null, createdAt: now })
      .onConflictDoNothing();
    return 'pending';
  });
}

/**
 * In the worker's transaction that marked message `messageId` sent with `providerMessageId` (under
 * lockProviderId): the receipts that came first, applied in the order the provider gives them, then
 * forgotten. Returns how many moved the message forward.
 */
export async function applyEarlyReceipts(tx: DbOrTx, messageId: string, clientId: string, channel: ReceiptChannel, providerMessageId: string): Promise<number> {
  const key = and(eq(messageEarlyReceipts.clientId, clientId), eq(messageEarlyReceipts.channel, channel), eq(messageEarlyReceipts.providerMessageId, providerMessageId));
  const early = await tx.select().from(messageEarlyReceipts).where(key).orderBy(asc(messageEarlyReceipts.receiptAt), asc(messageEarlyReceipts.createdAt));
  if (!early.length) return 0;
  let moved = 0;
  for (const r of early) {
    const [row] = await tx
      .select({ id: messageOutbox.id, receipt: messageOutbox.receipt, deliveredAt: messageOutbox.deliveredAt })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.id, messageId), eq(messageOutbox.clientId, clientId)))
      .for('update');
    if (row && (await advance(tx, row, r.receipt, r.receiptAt, r.receiptError))) moved++;
  }
  await tx.delete(messageEarlyReceipts).where(key);
  return moved;
}

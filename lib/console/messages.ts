import 'server-only';
import { and, asc, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, claims, codes, messageOutbox, products, warranties } from '@/lib/db/schema';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '@/lib/domain/messages';
import { notFound } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import { enqueueCustomerMessage } from '@/lib/messaging/queue';
import type { DeliveryStatus, RecallAudience, RecallResult } from '@/lib/schemas/console-messages';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { recordAudit } from './audit';
import type { ConsoleScope } from './scope';

// The console's customer messages (issue 31, docs/messages.md): a recall or safety notice sent to
// every customer who claimed or registered a unit of a batch (asked again first, audited with the
// count reached), and the delivery state of the brand's messages, where a provider that is down
// shows as messages waiting. Every query is scoped by scope.clientId.

async function requireBatch(db: DbOrTx, clientId: string, batchId: string) {
  const [row] = await db
    .select({ id: batches.id, batchNumber: batches.batchNumber, productName: products.name })
    .from(batches)
    .innerJoin(products, eq(products.id, batches.productId))
    .where(and(eq(batches.id, batchId), eq(batches.clientId, clientId)));
  if (!row) throw notFound('Batch');
  return row;
}

/** The customers who claimed a unit of the batch or registered its warranty, each once. */
async function batchCustomers(db: DbOrTx, clientId: string, batchId: string): Promise<string[]> {
  const unitsOfBatch = db
    .selectDistinct({ unitId: codes.pairId })
    .from(codes)
    .where(and(eq(codes.clientId, clientId), eq(codes.batchId, batchId), sql`${codes.pairId} is not null`));
  const claimed = await db
    .selectDistinct({ customerId: claims.customerId })
    .from(claims)
    .where(and(eq(claims.clientId, clientId), inArray(claims.unitId, unitsOfBatch)));
  const registered = await db
    .selectDistinct({ customerId: warranties.customerId })
    .from(warranties)
    .where(and(eq(warranties.clientId, clientId), inArray(warranties.unitId, unitsOfBatch)));
  return [...new Set([...claimed, ...registered].map((r) => r.customerId))].sort();
}

export async function recallAudience(scope: ConsoleScope, batchId: string): Promise<RecallAudience> {
  const db = await getDb();
  const batch = await requireBatch(db, scope.clientId, batchId);
  return { batchId: batch.id, batchNumber: batch.batchNumber, productName: batch.productName, customers: (await batchCustomers(db, scope.clientId, batchId)).length };
}

/** Sends the notice to every customer of the batch, in one transaction with its audit entry. */
export async function sendRecall(scope: ConsoleScope, batchId: string, notice: string): Promise<RecallResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const batch = await requireBatch(tx, scope.clientId, batchId);
    const recallId = randomId('rc', 16);
    const queued = Object.fromEntries(DELIVERY_CHANNELS.map((c) => [c, 0])) as Record<DeliveryChannel, number>;
    let reached = 0;
    for (const customerId of await batchCustomers(tx, scope.clientId, batchId)) {
      const rows = await enqueueCustomerMessage(tx, {
        clientId: scope.clientId,
        customerId,
        kind: 'recall',
        eventKey: `${recallId}:${customerId}`, // one message per customer: the key is unique per brand
        params: { product: batch.productName, batch: batch.batchNumber, notice },
      });
      if (rows.length) reached++;
      for (const r of rows) if (r.channel !== 'app') queued[r.channel]++;
    }
    await recordAudit(tx, scope, { action: 'messages.recall', target: batch.batchNumber, after: { recallId, batchId: batch.id, notice, customers: reached, queued } });
    return { recallId, customers: reached, queued };
  });
}

export async function deliveryStatus(scope: ConsoleScope): Promise<DeliveryStatus> {
  const db = await getDb();
  const mine = eq(messageOutbox.clientId, scope.clientId);
  const counts = await db
    .select({ state: messageOutbox.state, channel: messageOutbox.channel, n: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${messageOutbox.createdAt})` })
    .from(messageOutbox)
    .where(and(mine, inArray(messageOutbox.state, ['queued', 'failed']), inArray(messageOutbox.channel, [...DELIVERY_CHANNELS])))
    .groupBy(messageOutbox.state, messageOutbox.channel);
  const zero = () => Object.fromEntries(DELIVERY_CHANNELS.map((c) => [c, 0])) as Record<DeliveryChannel, number>;
  const queued = zero();
  const failed = zero();
  let oldest: number | null = null;
  for (const c of counts) {
    const channel = c.channel as DeliveryChannel;
    if (c.state === 'queued') {
      queued[channel] = Number(c.n);
      const at = c.oldest ? new Date(c.oldest).getTime() : null;
      if (at !== null && (oldest === null || at < oldest)) oldest = at;
    } else failed[channel] = Number(c.n);
  }
  const receipts = await db
    .select({ receipt: messageOutbox.receipt, channel: messageOutbox.channel, n: sql<number>`count(*)::int` })
    .from(messageOutbox)
    .where(and(mine, isNotNull(messageOutbox.receipt), inArray(messageOutbox.channel, [...DELIVERY_CHANNELS])))
    .groupBy(messageOutbox.receipt, messageOutbox.channel);
  const delivered = zero();
  const undelivered = zero();
  for (const r of receipts) {
    const channel = r.channel as DeliveryChannel;
    if (r.receipt === 'failed') undelivered[channel] += Number(r.n);
    else delivered[channel] += Number(r.n);
  }
  const problems = await db
    .select()
    .from(messageOutbox)
    .where(and(mine, or(eq(messageOutbox.state, 'failed'), and(eq(messageOutbox.state, 'queued'), gt(messageOutbox.attempts, 0)), eq(messageOutbox.receipt, 'failed'))))
    .orderBy(desc(messageOutbox.createdAt), asc(messageOutbox.id))
    .limit(50);
  return {
    queued,
    failed,
    delivered,
    undelivered,
    oldestQueuedAt: oldest === null ? null : new Date(oldest).toISOString(),
    problems: problems.map((p) => {
      const undeliveredRow = p.state === 'sent' && p.receipt === 'failed';
      return {
        id: p.id,
        kind: p.kind,
        channel: p.channel as DeliveryChannel,
        state: undeliveredRow ? ('undelivered' as const) : (p.state as 'queued' | 'failed'),
        attempts: p.attempts,
        lastError: undeliveredRow ? p.receiptError : p.lastError,
        nextAttemptAt: p.state === 'queued' ? p.nextAttemptAt.toISOString() : null,
        createdAt: p.createdAt.toISOString(),
      };
    }),
  };
}

/** Failed messages go out again (after the brand fixed its settings): queued now, their attempts counted afresh. */
export async function retryFailedMessages(scope: ConsoleScope, now = new Date()): Promise<{ requeued: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(messageOutbox)
      .set({ state: 'queued', attempts: 0, nextAttemptAt: now })
      .where(and(eq(messageOutbox.clientId, scope.clientId), eq(messageOutbox.state, 'failed')))
      .returning({ id: messageOutbox.id });
    await recordAudit(tx, scope, { action: 'messages.retry', target: `${rows.length} message${rows.length === 1 ? '' : 's'}`, after: { requeued: rows.length } });
    return { requeued: rows.length };
  });
}

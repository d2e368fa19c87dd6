import 'server-only';
import { getDb } from '@/lib/db/client';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '@/lib/domain/messages';
import { randomId } from '@/lib/ids';
import { enqueueCustomerMessage } from '@/lib/messaging/queue';
import type { RecallResult } from '@/lib/schemas/console-messages';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { requireBatch, batchCustomers } from './shared';

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

import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { BatchMarketsInput, ConsoleBatch } from '@/lib/schemas/console-catalogue';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { getBatch } from './get-batch';

/** Sets the countries an existing batch is sold in (the off-market risk rule); [] for anywhere. Audited as batch.markets. */
export async function setBatchMarketsOf(scope: ConsoleScope, batchId: string, input: BatchMarketsInput): Promise<ConsoleBatch> {
  const db = await getDb();
  const markets = [...new Set(input.markets)];
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(batches).where(and(eq(batches.clientId, scope.clientId), eq(batches.id, batchId))).for('update');
    if (!row) throw notFound('Batch');
    await tx.update(batches).set({ markets: markets.length ? markets : null }).where(and(eq(batches.clientId, scope.clientId), eq(batches.id, row.id)));
    await recordAudit(tx, scope, { action: 'batch.markets', target: row.batchNumber, before: { markets: row.markets ?? [] }, after: { markets } });
  });
  return getBatch(scope, batchId);
}

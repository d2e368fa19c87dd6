import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, products } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { ConsoleBatch } from '@/lib/schemas/console-catalogue';
import type { ConsoleScope } from '../scope';
import { batchCodeCount } from './batch-code-count';
import { batchOut } from './shared';

/** One batch with its code count: its own row and one count, not the brand's whole list. */
export async function getBatch(scope: ConsoleScope, batchId: string): Promise<ConsoleBatch> {
  const db = await getDb();
  const [row] = await db
    .select({ batch: batches, productName: products.name })
    .from(batches)
    .innerJoin(products, and(eq(products.id, batches.productId), eq(products.clientId, scope.clientId)))
    .where(and(eq(batches.clientId, scope.clientId), eq(batches.id, batchId)));
  if (!row) throw notFound('Batch');
  return batchOut(row.batch, row.productName, await batchCodeCount(scope, batchId));
}

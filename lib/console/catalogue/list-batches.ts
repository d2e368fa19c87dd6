import 'server-only';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, codes, products } from '@/lib/db/schema';
import type { ConsoleBatch } from '@/lib/schemas/console-catalogue';
import type { ConsoleScope } from '../scope';
import { batchOut } from './shared';

/** The brand's batches, newest first, optionally of one product. */
export async function listBatches(scope: ConsoleScope, filter: { productId?: string } = {}): Promise<ConsoleBatch[]> {
  const db = await getDb();
  const codeCounts = db
    .select({ batchId: codes.batchId, n: count().as('n') })
    .from(codes)
    .where(eq(codes.clientId, scope.clientId))
    .groupBy(codes.batchId)
    .as('code_counts');
  const rows = await db
    .select({ batch: batches, productName: products.name, n: codeCounts.n })
    .from(batches)
    .innerJoin(products, and(eq(products.id, batches.productId), eq(products.clientId, scope.clientId)))
    .leftJoin(codeCounts, eq(codeCounts.batchId, batches.id))
    .where(and(eq(batches.clientId, scope.clientId), filter.productId ? eq(batches.productId, filter.productId) : undefined))
    .orderBy(desc(batches.createdAt), asc(batches.batchNumber));
  return rows.map((r) => batchOut(r.batch, r.productName, Number(r.n ?? 0)));
}

import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, products } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { shapeBatch, shapeProduct } from './shape';

// GET /api/verify/batch/{batchNumber} — a batch of this brand by its number (case-insensitive);
// another brand's batch does not exist here (404).
export async function getBatchDetails(clientId: string, batchNumber: string) {
  const db = await getDb();
  const [row] = await db
    .select({ product: products, batch: batches })
    .from(batches)
    .innerJoin(products, and(eq(products.id, batches.productId), eq(products.clientId, clientId)))
    .where(and(eq(batches.clientId, clientId), sql`upper(${batches.batchNumber}) = upper(${batchNumber})`))
    .limit(1);
  if (!row) throw notFound('Batch');
  return { product: shapeProduct(row.product), batch: shapeBatch(row.batch) };
}

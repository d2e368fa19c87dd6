import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { batches, claims, codes, products, warranties } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { DbOrTx } from '@/lib/db/db-or-tx';

export async function requireBatch(db: DbOrTx, clientId: string, batchId: string) {
  const [row] = await db
    .select({ id: batches.id, batchNumber: batches.batchNumber, productName: products.name })
    .from(batches)
    .innerJoin(products, eq(products.id, batches.productId))
    .where(and(eq(batches.id, batchId), eq(batches.clientId, clientId)));
  if (!row) throw notFound('Batch');
  return row;
}

/** The customers who claimed a unit of the batch or registered its warranty, each once. */
export async function batchCustomers(db: DbOrTx, clientId: string, batchId: string): Promise<string[]> {
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

import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, clients } from '@/lib/db/schema';
import { fieldError } from '@/lib/errors';
import { batchRetailerBodySchema, type BatchRetailerInput } from '@/lib/schemas/console-sharing';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { manufacturerOf, retailerBySlug } from './shared';

/** Assigns one of the brand's batches (by its number) to the retailer that sells it, or to none. */
export async function setBatchRetailer(scope: ConsoleScope, input: BatchRetailerInput): Promise<{ batchNumber: string; retailer: string | null }> {
  const args = batchRetailerBodySchema.parse(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const brand = await manufacturerOf(tx, scope);
    const retailer = args.retailer === null ? null : await retailerBySlug(tx, brand.id, args.retailer);
    const [batch] = await tx
      .select({ id: batches.id, batchNumber: batches.batchNumber, retailerClientId: batches.retailerClientId })
      .from(batches)
      .where(and(eq(batches.clientId, brand.id), sql`upper(${batches.batchNumber}) = upper(${args.batchNumber})`))
      .for('update');
    if (!batch) throw fieldError('unprocessable', 'batchNumber', `the brand has no batch ${args.batchNumber}`);
    const [was] = batch.retailerClientId
      ? await tx.select({ slug: clients.slug }).from(clients).where(eq(clients.id, batch.retailerClientId))
      : [];
    await tx.update(batches).set({ retailerClientId: retailer?.id ?? null }).where(and(eq(batches.id, batch.id), eq(batches.clientId, brand.id)));
    await recordAudit(tx, scope, {
      action: 'batch.retailer',
      target: batch.batchNumber,
      before: { retailer: was?.slug ?? null },
      after: { retailer: retailer?.slug ?? null },
    });
    return { batchNumber: batch.batchNumber, retailer: retailer?.slug ?? null };
  });
}

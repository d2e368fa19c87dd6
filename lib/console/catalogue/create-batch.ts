import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, products } from '@/lib/db/schema';
import { fieldError } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import type { BatchInput, ConsoleBatch } from '@/lib/schemas/console-catalogue';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { batchOut } from './shared';

export async function createBatch(scope: ConsoleScope, input: BatchInput): Promise<ConsoleBatch> {
  const db = await getDb();
  const [product] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.clientId, scope.clientId), eq(products.id, input.productId)));
  if (!product) throw fieldError('unprocessable', 'productId', `no product ${input.productId}`);
  const id = randomId('ba', 16);
  const markets = input.markets.length ? [...new Set(input.markets)] : null;
  try {
    const row = await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: batches.id })
        .from(batches)
        .where(and(eq(batches.clientId, scope.clientId), sql`upper(${batches.batchNumber}) = upper(${input.batchNumber})`));
      if (taken) throw fieldError('conflict', 'batchNumber', `batch ${input.batchNumber} already exists`);
      const [created] = await tx
        .insert(batches)
        .values({
          id,
          clientId: scope.clientId,
          productId: product.id,
          batchNumber: input.batchNumber,
          mfgDate: input.mfgDate ?? null,
          expiryDate: input.expiryDate ?? null,
          markets,
        })
        .returning();
      await recordAudit(tx, scope, {
        action: 'batch.create',
        target: input.batchNumber,
        after: { id, productId: product.id, batchNumber: input.batchNumber, mfgDate: created!.mfgDate, expiryDate: created!.expiryDate, markets: created!.markets },
      });
      return created!;
    });
    return batchOut(row, product.name, 0);
  } catch (err) {
    // Two creations of one number at once: the unique index refuses the second.
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw fieldError('conflict', 'batchNumber', `batch ${input.batchNumber} already exists`);
    throw err;
  }
}

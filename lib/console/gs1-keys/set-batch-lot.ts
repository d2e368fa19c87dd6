import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches } from '@/lib/db/schema';
import { fieldError, notFound } from '@/lib/errors';
import { GS1_TEXT_PROBLEM, isGs1Text } from '@/lib/domain/gs1';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { checkGs1Text, taken, isUniqueViolation } from './shared';

export async function setBatchLot(scope: ConsoleScope, batchId: string, raw: string | null): Promise<{ batchId: string; lot: string }> {
  const lot = raw === null || raw === '' ? null : checkGs1Text('lot', raw);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(batches).where(and(eq(batches.clientId, scope.clientId), eq(batches.id, batchId))).for('update');
      if (!before) throw notFound('Batch');
      const effective = lot ?? before.batchNumber;
      if (!isGs1Text(effective)) throw fieldError('unprocessable', 'lot', `the batch number is no GS1 lot: ${GS1_TEXT_PROBLEM}`);
      const [other] = await tx
        .select({ id: batches.id })
        .from(batches)
        .where(and(eq(batches.clientId, scope.clientId), eq(batches.productId, before.productId), ne(batches.id, batchId), sql`coalesce(${batches.lot}, ${batches.batchNumber}) = ${effective}`));
      if (other) throw taken('lot', effective);
      await tx.update(batches).set({ lot }).where(and(eq(batches.clientId, scope.clientId), eq(batches.id, batchId)));
      await recordAudit(tx, scope, { action: 'batch.lot', target: batchId, before: { lot: before.lot }, after: { lot } });
      return { batchId, lot: effective };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('lot', lot ?? '');
    throw err;
  }
}

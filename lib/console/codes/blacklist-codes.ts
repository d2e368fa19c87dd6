import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { batches, codes } from '@/lib/db/schema';
import { ApiError, fieldError } from '@/lib/errors';
import type { BulkBlacklist } from '@/lib/schemas/console-codes';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';

/**
 * Blacklists a batch's codes at once: all of them, or the units from one printed code to another
 * in the batch's printed order (created, then unit), each unit's printed and hidden code together.
 * One transaction and one audit entry (codes.blacklist.bulk, with the range and the count); codes
 * already blacklisted are counted apart and left alone. An end not of this batch is a 422 on it.
 */
export async function blacklistCodesOf(scope: ConsoleScope, input: { batchId: string; from?: string; to?: string }): Promise<BulkBlacklist> {
  const db = await getDb();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [batch] = await tx.select().from(batches).where(and(eq(batches.clientId, scope.clientId), eq(batches.id, input.batchId)));
    if (!batch) throw new ApiError('not_found', 'No such batch of the brand');
    // Positions in the printed order (created, then unit): both codes of a unit share one.
    const ordered = sql`select ${codes.id} as id, ${codes.qrId} as qr_id, dense_rank() over (order by ${codes.createdAt}, coalesce(${codes.pairId}, ${codes.id})) as pos
      from ${codes} where ${codes.clientId} = ${scope.clientId} and ${codes.batchId} = ${batch.id}`;
    let range: SQL | undefined;
    if (input.from && input.to) {
      for (const [field, qrId] of [['from', input.from], ['to', input.to]] as const) {
        const [row] = await tx.select({ id: codes.id }).from(codes).where(and(eq(codes.clientId, scope.clientId), eq(codes.batchId, batch.id), eq(codes.qrId, qrId)));
        if (!row) throw fieldError('unprocessable', field, `is not a code of batch ${batch.batchNumber}`);
      }
      range = sql`${codes.id} in (
        with o as (${ordered})
        select o.id from o where o.pos between (select min(pos) from o where o.qr_id in (${input.from}, ${input.to}))
                                       and (select max(pos) from o where o.qr_id in (${input.from}, ${input.to})))`;
    }
    const inScope = and(eq(codes.clientId, scope.clientId), eq(codes.batchId, batch.id), range);
    const [already] = await tx.select({ n: sql<number>`count(*)::int` }).from(codes).where(and(inScope, eq(codes.listStatus, 'Blacklisted')));
    const changed = await tx
      .update(codes)
      .set({ listStatus: 'Blacklisted' })
      .where(and(inScope, sql`${codes.listStatus} <> 'Blacklisted'`))
      .returning({ id: codes.id });
    if (changed.length) {
      await recordAudit(tx, scope, {
        action: 'codes.blacklist.bulk',
        target: batch.batchNumber,
        before: { listStatus: 'Whitelisted' },
        after: { listStatus: 'Blacklisted', codes: changed.length, ...(input.from ? { from: input.from, to: input.to } : { range: 'whole batch' }) },
      });
    }
    return { batchNumber: batch.batchNumber, blacklisted: changed.length, alreadyBlacklisted: Number(already?.n ?? 0) };
  });
}

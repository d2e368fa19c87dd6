import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, claimDisputes, codes, products } from '@/lib/db/schema';
import { sortOf } from '@/lib/schemas/console-list';
import type { ConsoleDisputeList, DisputeListQuery } from '@/lib/schemas/disputes';
import { orderOf } from '../list-kit';
import { productChoices } from '../red-flags';
import type { ConsoleScope } from '../scope';
import { openDisputeCount } from './open-dispute-count';
import { disputeWhere, DISPUTE_SORT_COLUMNS, selectDisputes, disputeRowOf } from './shared';

/** A page of disputes in the sort asked (newest first by default), how many match and how many are open. */
export async function listDisputes(scope: ConsoleScope, q: DisputeListQuery): Promise<ConsoleDisputeList> {
  const db = await getDb();
  const clientId = scope.clientId;
  const where = disputeWhere(clientId, q);
  const { column, dir } = sortOf(q.sort ?? '-created');
  const col = DISPUTE_SORT_COLUMNS[column];
  const [[{ total } = { total: 0 }], open, rows, choices] = await Promise.all([
    db
      .select({ total: count() })
      .from(claimDisputes)
      .innerJoin(codes, and(eq(codes.id, claimDisputes.codeId), eq(codes.clientId, clientId)))
      .innerJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, clientId)))
      .innerJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, clientId)))
      .where(and(...where)),
    openDisputeCount(scope),
    selectDisputes(db, clientId, where, col)
      .orderBy(orderOf(col, claimDisputes.id, dir))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    productChoices(scope),
  ]);
  return { disputes: rows.map(disputeRowOf), page: q.page, pageSize: q.pageSize, total: Number(total), open, products: choices };
}

import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { batches, claimDisputes, codes, customers, payouts, products, rewardGrants } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import type { DISPUTE_SORTS, DisputeExportQuery } from '@/lib/schemas/disputes';
import { dayRange, keyText, type SortColumn } from '../list-kit';
import { customerName, customerNameCols } from '../customer-name';
import type { ConsoleScope } from '../scope';

const overt = alias(codes, 'overt');

export const UNPAID = ['DEFAULT', 'NOT_CLAIMED'] as const;

export const person = (id: string, c: Parameters<typeof customerName>[0]) => ({ customerId: id, name: customerName(c) });

type DisputeFilter = Omit<DisputeExportQuery, 'sort'>;

export const DISPUTE_SORT_COLUMNS: Record<(typeof DISPUTE_SORTS)[number], SortColumn> = {
  created: { expr: claimDisputes.createdAt, type: 'timestamptz' },
  status: { expr: claimDisputes.status, type: 'text' },
  product: { expr: products.name, type: 'text' },
};

export function disputeWhere(clientId: string, q: DisputeFilter): SQL[] {
  const where: SQL[] = [eq(claimDisputes.clientId, clientId)];
  if (q.status !== 'all') where.push(eq(claimDisputes.status, q.status));
  if (q.product) where.push(eq(codes.productId, q.product));
  if (q.batch) where.push(sql`upper(${batches.batchNumber}) = upper(${q.batch})`);
  where.push(...dayRange(claimDisputes.createdAt, q.from, q.to));
  return where;
}

/** The disputes with their hidden code's product and batch (the filters read them), the unit's visible code and the disputing customer. */
export function selectDisputes(db: Pick<Db, 'select'>, clientId: string, where: SQL[], col: SortColumn) {
  return db
    .select({ d: claimDisputes, overtQrId: overt.qrId, productName: products.name, batchNumber: batches.batchNumber, who: customerNameCols, key: keyText(col) })
    .from(claimDisputes)
    .innerJoin(codes, and(eq(codes.id, claimDisputes.codeId), eq(codes.clientId, clientId)))
    .leftJoin(overt, and(eq(overt.clientId, clientId), eq(overt.pairId, claimDisputes.unitId), eq(overt.level, 6)))
    .innerJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, clientId)))
    .innerJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, clientId)))
    .leftJoin(customers, and(eq(customers.id, claimDisputes.customerId), eq(customers.clientId, clientId)))
    .where(and(...where))
    .$dynamic();
}

type SelectedDispute = Awaited<ReturnType<ReturnType<typeof selectDisputes>['execute']>>[number];

export const disputeRowOf = ({ d, overtQrId, productName, batchNumber, who }: SelectedDispute) => ({
  id: d.id,
  status: d.status,
  overtQrId: overtQrId ?? null,
  productName,
  batchNumber,
  disputer: person(d.customerId, who),
  createdAt: d.createdAt.toISOString(),
  decidedAt: d.decidedAt?.toISOString() ?? null,
});

/** The rewards of a unit's claimant: those a move carries over (unpaid cashback) and those that stay. */
export async function rewardsOf(db: DbOrTx, clientId: string, unitId: string, customerId: string) {
  const rows = await db
    .select({ grantId: rewardGrants.id, payoutStatus: payouts.status })
    .from(rewardGrants)
    .leftJoin(payouts, and(eq(payouts.grantId, rewardGrants.id), eq(payouts.clientId, clientId)))
    .where(and(eq(rewardGrants.clientId, clientId), eq(rewardGrants.unitId, unitId), eq(rewardGrants.customerId, customerId)));
  const unpaid = rows.filter((r) => r.payoutStatus !== null && (UNPAID as readonly string[]).includes(r.payoutStatus)).map((r) => r.grantId);
  return { unpaid, stay: rows.length - unpaid.length };
}

export const actorName = (scope: ConsoleScope) => (scope.actor.kind === 'staff' ? scope.actor.email : 'command line');

export const decided = () => new ApiError('conflict', 'This dispute has already been decided.');

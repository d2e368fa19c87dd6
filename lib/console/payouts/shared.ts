import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { batches, codes, customers, payouts, products, rewardGrants, rewards } from '@/lib/db/schema';
import { rupees } from '@/lib/domain/payouts';
import type { ConsolePayout, PAYOUT_SORTS, PayoutExportQuery } from '@/lib/schemas/console-money';
import { dayRange, keyText, type SortColumn } from '../list-kit';

/**
 * A payout whose unit has an open red flag waits for the review (docs/verification.md, "Risk"):
 * it stays TRANSFER_PENDING and is counted as held.
 */
export const underReview = (clientId: string) =>
  sql<boolean>`exists (select 1 from reward_grants g join red_flags f on f.client_id = g.client_id and f.unit_key = g.unit_id and f.status = 'open'
    where g.id = ${payouts.grantId} and g.client_id = ${clientId})`;

/** The list's filters as SQL on payouts (the brand's, always). */
export function payoutWhere(clientId: string, f: PayoutFilter): SQL[] {
  const where: SQL[] = [eq(payouts.clientId, clientId)];
  if (f.status) where.push(eq(payouts.status, f.status));
  if (f.product) where.push(eq(rewardGrants.productId, f.product));
  if (f.batch) {
    where.push(sql`${rewardGrants.unitId} in (select ${codes.pairId} from ${codes} join ${batches} on ${batches.id} = ${codes.batchId} and ${batches.clientId} = ${clientId}
      where ${codes.clientId} = ${clientId} and ${codes.pairId} is not null and upper(${batches.batchNumber}) = upper(${f.batch}))`);
  }
  where.push(...dayRange(payouts.createdAt, f.from, f.to));
  return where;
}

export type PayoutFilter = Partial<Omit<PayoutExportQuery, 'sort'>> & { sort?: PayoutExportQuery['sort'] };

export const PAYOUT_SORT_COLUMNS: Record<(typeof PAYOUT_SORTS)[number], SortColumn> = {
  created: { expr: payouts.createdAt, type: 'timestamptz' },
  updated: { expr: payouts.updatedAt, type: 'timestamptz' },
  amount: { expr: payouts.amount, type: 'int' },
  status: { expr: payouts.status, type: 'text' },
  reference: { expr: payouts.reference, type: 'text' },
};

export function selectPayouts(db: Pick<Db, 'select'>, clientId: string, where: SQL[], col: SortColumn) {
  return db
    .select({ p: payouts, customerName: customers.userName, rewardName: rewards.name, productName: products.name, held: underReview(clientId), key: keyText(col) })
    .from(payouts)
    .innerJoin(rewardGrants, and(eq(rewardGrants.id, payouts.grantId), eq(rewardGrants.clientId, clientId)))
    .innerJoin(rewards, and(eq(rewards.id, rewardGrants.rewardId), eq(rewards.clientId, clientId)))
    .leftJoin(customers, and(eq(customers.id, payouts.customerId), eq(customers.clientId, clientId)))
    .leftJoin(products, and(eq(products.id, rewardGrants.productId), eq(products.clientId, clientId)))
    .where(and(...where))
    .$dynamic();
}

type PayoutJoined = { p: typeof payouts.$inferSelect; customerName: string | null; rewardName: string; productName: string | null; held: boolean };

export function payoutRowOf({ p, customerName, rewardName, productName, held }: PayoutJoined): ConsolePayout {
  return {
    reference: p.reference,
    status: p.status,
    amount: p.amount,
    amountText: `₹${rupees(p.amount)}`,
    vpa: p.vpa,
    customerName: customerName?.trim() || 'Customer',
    rewardName,
    productName: productName ?? '',
    attempts: p.attempts,
    bankRef: p.bankRef,
    failureReason: p.failureReason,
    held: p.status === 'TRANSFER_PENDING' && Boolean(held),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    claimedAt: p.claimedAt?.toISOString() ?? null,
    settledAt: p.settledAt?.toISOString() ?? null,
  };
}

import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { payouts, rewardGrants } from '@/lib/db/schema';
import { PAYOUT_STATUSES, type PayoutStatus } from '@/lib/domain/payouts';
import type { ConsolePayout } from '@/lib/schemas/console-money';
import { sortOf } from '@/lib/schemas/console-list';
import { orderOf } from '../list-kit';
import type { ConsoleScope } from '../scope';
import { type PayoutFilter, payoutWhere, PAYOUT_SORT_COLUMNS, selectPayouts, payoutRowOf } from './shared';

/**
 * A page of the brand's payouts in the sort asked (last changed first by default), how many the
 * filters match, and the count in each status (of all the brand's payouts, whatever the filter).
 */
export async function listPayouts(
  scope: ConsoleScope,
  opts: PayoutFilter & { limit?: number; offset?: number } = {},
): Promise<{ payouts: ConsolePayout[]; counts: Record<PayoutStatus, number>; total: number }> {
  const db = await getDb();
  const where = payoutWhere(scope.clientId, opts);
  const { column, dir } = sortOf(opts.sort ?? '-updated');
  const col = PAYOUT_SORT_COLUMNS[column];
  const rows = await selectPayouts(db, scope.clientId, where, col)
    .orderBy(orderOf(col, payouts.id, dir))
    .limit(Math.min(opts.limit ?? 500, 2000))
    .offset(opts.offset ?? 0);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(payouts)
    .innerJoin(rewardGrants, and(eq(rewardGrants.id, payouts.grantId), eq(rewardGrants.clientId, scope.clientId)))
    .where(and(...where));
  const grouped = await db
    .select({ status: payouts.status, n: sql<number>`count(*)::int` })
    .from(payouts)
    .where(eq(payouts.clientId, scope.clientId))
    .groupBy(payouts.status);
  const counts = Object.fromEntries(PAYOUT_STATUSES.map((s) => [s, Number(grouped.find((g) => g.status === s)?.n ?? 0)])) as Record<PayoutStatus, number>;
  return { counts, total: Number(total), payouts: rows.map(payoutRowOf) };
}

import 'server-only';
import { getDb } from '@/lib/db/client';
import { payouts } from '@/lib/db/schema';
import { rupees } from '@/lib/domain/payouts';
import { ApiError } from '@/lib/errors';
import type { PayoutExportQuery } from '@/lib/schemas/console-money';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import { roleMay } from '@/lib/domain/staff-roles';
import { recordAudit } from '../audit';
import { afterKey, exportFileName, keysetPages, orderOf } from '../list-kit';
import type { ConsoleScope } from '../scope';
import { payoutWhere, PAYOUT_SORT_COLUMNS, selectPayouts, payoutRowOf } from './shared';

/** Whether the acting scope may download the payouts list: it names customers and their UPI ids, so the roles that pay them (owner, finance) and the command line. */
export const mayDownloadPayouts = (scope: ConsoleScope): boolean => scope.actor.kind === 'cli' || roleMay(scope.actor.role, 'payouts', 'write');

export const PAYOUT_LIST_HEADER = ['Reference', 'Made', 'Last changed', 'Status', 'Held for a review', 'Customer', 'UPI id', 'Reward', 'Product', 'Amount (INR)', 'Attempts', 'Bank reference', 'Failure', 'Claimed', 'Settled'] as const;

/**
 * Every payout the list's filters match, in its sort, as CSV rows a keyset page at a time (the
 * table kit). Not the bank's file (exportPayouts): nothing moves. Audited as payouts.list.export;
 * refused (403) to the roles that read payouts but do not pay them (the analyst).
 */
export async function exportPayoutList(scope: ConsoleScope, query: PayoutExportQuery): Promise<{ fileName: string; rows: AsyncIterable<string[][]> }> {
  if (!mayDownloadPayouts(scope)) throw new ApiError('forbidden', "Your role may not download payouts: the file names customers and their UPI ids, so only the roles that pay them (owner, finance) may.");
  const db = await getDb();
  const where = payoutWhere(scope.clientId, query);
  const { column, dir } = sortOf(query.sort);
  const col = PAYOUT_SORT_COLUMNS[column];
  await recordAudit(db, scope, { action: 'payouts.list.export', target: 'payouts', after: { ...query } });
  const pages = keysetPages(
    async (after, limit) => {
      const rows = await selectPayouts(db, scope.clientId, [...where, ...(after ? [afterKey(col, payouts.id, dir, after)!] : [])], col)
        .orderBy(orderOf(col, payouts.id, dir))
        .limit(limit);
      return rows.map((r) => ({ row: r, key: { value: r.key, id: r.p.id } }));
    },
    { max: CSV_MAX_ROWS },
  );
  async function* out() {
    for await (const page of pages) {
      yield page.map((r) => {
        const p = payoutRowOf(r);
        return [p.reference, p.createdAt, p.updatedAt, p.status, p.held ? 'yes' : 'no', p.customerName, p.vpa ?? '', p.rewardName, p.productName, rupees(p.amount), String(p.attempts), p.bankRef ?? '', p.failureReason ?? '', p.claimedAt ?? '', p.settledAt ?? ''];
      });
    }
  }
  return { fileName: exportFileName(scope.slug, 'payouts'), rows: out() };
}

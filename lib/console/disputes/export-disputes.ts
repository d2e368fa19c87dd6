import 'server-only';
import { getDb } from '@/lib/db/client';
import { claimDisputes } from '@/lib/db/schema';
import { roleMay } from '@/lib/domain/staff-roles';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import type { DisputeExportQuery } from '@/lib/schemas/disputes';
import { recordAudit } from '../audit';
import { afterKey, exportFileName, keysetPages, orderOf } from '../list-kit';
import type { ConsoleScope } from '../scope';
import { disputeWhere, DISPUTE_SORT_COLUMNS, selectDisputes, disputeRowOf } from './shared';

/** The disputes' file names the disputing customers only for the roles that decide disputes (owner, support; docs/console.md, "Lists"). */
export const mayExportDisputers = (scope: ConsoleScope): boolean => scope.actor.kind === 'cli' || roleMay(scope.actor.role, 'claims', 'write');

const DISPUTE_HEADER_BEFORE = ['Dispute', 'Sent', 'State', 'Product', 'Batch', 'Visible code'] as const;

const DISPUTE_HEADER_AFTER = ['Where bought (their words)', 'Decided', 'Reason'] as const;

/** The file's columns for the role: the disputing customer's name only for those who decide. */
export const disputeExportHeader = (scope: ConsoleScope): string[] => [...DISPUTE_HEADER_BEFORE, ...(mayExportDisputers(scope) ? ['Customer'] : []), ...DISPUTE_HEADER_AFTER];

/**
 * Every dispute the filters match, in the sort asked, as CSV rows a keyset page at a time (the
 * table kit), for everyone who reads disputes; the customer's name only for those who decide them.
 * Audited as disputes.export.
 */
export async function exportDisputes(scope: ConsoleScope, query: DisputeExportQuery): Promise<{ fileName: string; header: string[]; rows: AsyncIterable<string[][]> }> {
  const db = await getDb();
  const where = disputeWhere(scope.clientId, query);
  const { column, dir } = sortOf(query.sort);
  const col = DISPUTE_SORT_COLUMNS[column];
  const names = mayExportDisputers(scope);
  await recordAudit(db, scope, { action: 'disputes.export', target: 'disputed claims', after: { ...query, customerNames: names } });
  const pages = keysetPages(
    async (after, limit) => {
      const page = await selectDisputes(db, scope.clientId, [...where, ...(after ? [afterKey(col, claimDisputes.id, dir, after)!] : [])], col)
        .orderBy(orderOf(col, claimDisputes.id, dir))
        .limit(limit);
      return page.map((r) => ({ row: r, key: { value: r.key, id: r.d.id } }));
    },
    { max: CSV_MAX_ROWS },
  );
  async function* out() {
    for await (const page of pages) {
      yield page.map((r) => {
        const d = disputeRowOf(r);
        return [d.id, d.createdAt, d.status, d.productName, d.batchNumber, d.overtQrId ?? '', ...(names ? [d.disputer.name] : []), r.d.purchase, d.decidedAt ?? '', r.d.reason ?? ''];
      });
    }
  }
  return { fileName: exportFileName(scope.slug, 'disputes'), header: disputeExportHeader(scope), rows: out() };
}

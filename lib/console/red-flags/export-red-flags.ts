import 'server-only';
import { getDb } from '@/lib/db/client';
import { redFlags } from '@/lib/db/schema';
import { recordAudit } from '../audit';
import { afterKey, exportFileName, keysetPages, orderOf } from '../list-kit';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import type { RedFlagExportQuery } from '@/lib/schemas/console-red-flags';
import type { ConsoleScope } from '../scope';
import { filterSql, RED_FLAG_SORT_COLUMNS, selectFlags, flagRowOf } from './shared';

export const RED_FLAG_EXPORT_HEADER = ['Red flag', 'Raised', 'Status', 'Code id', 'Product', 'Rules', 'Reasons', 'Blacklisted', 'Note', 'Closed', 'Place', 'Latitude', 'Longitude'] as const;

/** Every red flag the filters match, in the sort asked, as CSV rows a keyset page at a time. Audited as redFlags.export. */
export async function exportRedFlags(scope: ConsoleScope, query: RedFlagExportQuery): Promise<{ fileName: string; rows: AsyncIterable<string[][]> }> {
  const db = await getDb();
  const where = await filterSql(scope.clientId, query);
  const { column, dir } = sortOf(query.sort);
  const col = RED_FLAG_SORT_COLUMNS[column];
  await recordAudit(db, scope, { action: 'redFlags.export', target: 'red flags', after: { ...query } });
  const pages = keysetPages(
    async (after, limit) => {
      const rows = await selectFlags(db, scope.clientId, [...where, ...(after ? [afterKey(col, redFlags.id, dir, after)!] : [])], col)
        .orderBy(orderOf(col, redFlags.id, dir))
        .limit(limit);
      return rows.map((r) => ({ row: r, key: { value: r.key, id: r.flag.id } }));
    },
    { max: CSV_MAX_ROWS },
  );
  async function* out() {
    for await (const page of pages) {
      yield page.map((r) => {
        const f = flagRowOf(r);
        return [f.id, f.createdAt, f.status, f.qrId, f.product, f.rules.join(' '), f.reasons.join(' | '), f.blacklisted ? 'yes' : 'no', f.note, f.closedAt, f.place?.near ?? '', f.place ? String(f.place.lat) : '', f.place ? String(f.place.lng) : ''];
      });
    }
  }
  return { fileName: exportFileName(scope.slug, 'red-flags'), rows: out() };
}

import 'server-only';
import { getDb } from '@/lib/db/client';
import { reports } from '@/lib/db/schema';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import type { ReportExportQuery } from '@/lib/schemas/console-reports';
import { recordAudit } from '../audit';
import { afterKey, exportFileName, keysetPages, orderOf } from '../list-kit';
import type { ConsoleScope } from '../scope';
import { reportWhere, REPORT_SORT_COLUMNS, selectReports, rowOf } from './shared';

export const REPORT_EXPORT_HEADER = ['Report', 'Sent', 'Code given', 'Product', 'Batch', 'Evidence report', 'Evidence code', 'Place', 'Latitude', 'Longitude', 'Photo', 'Description'] as const;

/**
 * Every report the filters match, in the sort asked, as CSV rows a keyset page at a time (the
 * table kit), for everyone who reads them. It names no customer: nobody changes reports, so no
 * role acts on those customers (docs/console.md, "Lists"). Audited as reports.export.
 */
export async function exportReports(scope: ConsoleScope, query: ReportExportQuery): Promise<{ fileName: string; rows: AsyncIterable<string[][]> }> {
  const db = await getDb();
  const where = await reportWhere(db, scope.clientId, query);
  const { column, dir } = sortOf(query.sort);
  const col = REPORT_SORT_COLUMNS[column];
  await recordAudit(db, scope, { action: 'reports.export', target: 'customer reports', after: { ...query } });
  const pages = keysetPages(
    async (after, limit) => {
      const rows = await selectReports(db, scope.clientId, [...where, ...(after ? [afterKey(col, reports.id, dir, after)!] : [])], col)
        .orderBy(orderOf(col, reports.id, dir))
        .limit(limit);
      return rows.map((r) => ({ row: r, key: { value: r.key, id: r.r.id } }));
    },
    { max: CSV_MAX_ROWS },
  );
  async function* out() {
    for await (const page of pages) {
      yield page.map((row) => {
        const r = rowOf(row);
        return [
          r.id,
          r.createdAt,
          r.qrId ?? '',
          r.productName ?? '',
          r.batchNumber ?? '',
          r.evidence?.reference ?? '',
          r.evidence?.qrId ?? '',
          r.place?.near ?? '',
          r.place ? String(r.place.lat) : '',
          r.place ? String(r.place.lng) : '',
          r.hasPhoto ? 'yes' : 'no',
          r.description,
        ];
      });
    }
  }
  return { fileName: exportFileName(scope.slug, 'reports'), rows: out() };
}

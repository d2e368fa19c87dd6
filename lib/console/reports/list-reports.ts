import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { reports } from '@/lib/db/schema';
import { sortOf } from '@/lib/schemas/console-list';
import type { ConsoleReportList, ReportListQuery } from '@/lib/schemas/console-reports';
import { orderOf } from '../list-kit';
import { placeNamesOf } from '../place-filter';
import { productChoices } from '../red-flags';
import type { ConsoleScope } from '../scope';
import { reportWhere, REPORT_SORT_COLUMNS, reportCode, onReportCode, evidenceScan, onEvidenceScan, selectReports, rowOf } from './shared';

/** The names of the places the brand's reports were sent from, for the place filter's choices. */
async function reportPlaces(db: Db, clientId: string): Promise<string[]> {
  const points = await db
    .selectDistinct({ lat: reports.lat, lng: reports.lng })
    .from(reports)
    .where(and(eq(reports.clientId, clientId), sql`${reports.lat} is not null`))
    .limit(5000);
  return placeNamesOf(points);
}

/** A page of reports in the sort asked (newest first by default), and how many match. */
export async function listReports(scope: ConsoleScope, q: ReportListQuery): Promise<ConsoleReportList> {
  const db = await getDb();
  const clientId = scope.clientId;
  const where = await reportWhere(db, clientId, q);
  const { column, dir } = sortOf(q.sort ?? '-created');
  const col = REPORT_SORT_COLUMNS[column];
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reports)
    .leftJoin(reportCode, onReportCode(clientId))
    .leftJoin(evidenceScan, onEvidenceScan(clientId))
    .where(and(...where));
  const rows = await selectReports(db, clientId, where, col)
    .orderBy(orderOf(col, reports.id, dir))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    reports: rows.map((row) => {
      const { batchNumber: _batch, ...shown } = rowOf(row);
      return shown;
    }),
    page: q.page,
    pageSize: q.pageSize,
    total: Number(total),
    products: await productChoices(scope),
    places: await reportPlaces(db, clientId),
  };
}

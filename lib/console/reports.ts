import 'server-only';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { placeNameOf } from '@/lib/places/gazetteer';
import { getDb, type Db } from '@/lib/db/client';
import { batches, codes, customers, files, products, reports, scans } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import type { ConsoleReportList, REPORT_SORTS, ReportExportQuery, ReportListQuery } from '@/lib/schemas/console-reports';
import { EVIDENCE_LINE_PATTERN } from '@/lib/shared/evidence-reference';
import { recordAudit } from './audit';
import { afterKey, dayRange, exportFileName, keysetPages, keyText, orderOf, type SortColumn } from './list-kit';
import { placeCondition, placeNamesOf } from './place-filter';
import { productChoices } from './red-flags';
import type { ConsoleScope } from './scope';
import { customerName, customerNameCols } from './customer-name';

// Customers' reports of suspicious products (POST /api/report, the /report form) for the brand,
// through the table kit (docs/console.md, "Lists"): sorted by when they were sent or the code
// given; filtered by days, product and batch (of the code the customer gave, when it is
// one of the brand's), place (by name) and whether an evidence report came with them; counted and
// exported as filtered. A reference counts only when it names one of this brand's scans, so a
// reference typed by hand, or of another brand, is shown as plain text in the description and
// nothing more. Every read is scoped by scope.clientId.

const reportCode = alias(codes, 'report_code');
const evidenceScan = alias(scans, 'evidence_scan');
const evidenceCode = alias(codes, 'evidence_code');

type ReportFilter = Omit<ReportExportQuery, 'sort'>;

const REPORT_SORT_COLUMNS: Record<(typeof REPORT_SORTS)[number], SortColumn> = {
  created: { expr: reports.createdAt, type: 'timestamptz' },
  code: { expr: sql`coalesce(${reports.qrIdRaw}, '')`, type: 'text' },
};

const reference = sql<string | null>`substring(${reports.description} from ${EVIDENCE_LINE_PATTERN})`;
// The joins the filters and sorts read, shared by the count, the page and the export.
const onReportCode = (clientId: string) => and(eq(reportCode.id, reports.codeId), eq(reportCode.clientId, clientId));
const onEvidenceScan = (clientId: string) => and(eq(evidenceScan.clientId, clientId), eq(evidenceScan.id, reference));

async function reportWhere(db: Db, clientId: string, q: ReportFilter): Promise<SQL[]> {
  const where: SQL[] = [eq(reports.clientId, clientId)];
  if (q.product) where.push(eq(reportCode.productId, q.product));
  if (q.batch) {
    where.push(sql`${reportCode.batchId} in (select ${batches.id} from ${batches} where ${batches.clientId} = ${clientId} and upper(${batches.batchNumber}) = upper(${q.batch}))`);
  }
  if (q.evidence === 'with') where.push(sql`${evidenceScan.id} is not null`);
  where.push(...dayRange(reports.createdAt, q.from, q.to));
  if (q.place) {
    where.push(
      await placeCondition(q.place, reports.lat, reports.lng, (box) =>
        db.selectDistinct({ lat: reports.lat, lng: reports.lng }).from(reports).where(and(eq(reports.clientId, clientId), box)),
      ),
    );
  }
  return where;
}

function selectReports(db: Pick<Db, 'select'>, clientId: string, where: SQL[], col: SortColumn) {
  return db
    .select({
      r: { id: reports.id, description: reports.description, qrIdRaw: reports.qrIdRaw, lat: reports.lat, lng: reports.lng, createdAt: reports.createdAt, legacyPhoto: sql<boolean>`${reports.photo} is not null` },
      productName: products.name,
      batchNumber: batches.batchNumber,
      evidenceReference: evidenceScan.id,
      evidenceQrId: evidenceCode.qrId,
      photoFile: files.id,
      customer: customerNameCols,
      key: keyText(col),
    })
    .from(reports)
    .leftJoin(reportCode, onReportCode(clientId))
    .leftJoin(products, and(eq(products.id, reportCode.productId), eq(products.clientId, clientId)))
    .leftJoin(batches, and(eq(batches.id, reportCode.batchId), eq(batches.clientId, clientId)))
    .leftJoin(evidenceScan, onEvidenceScan(clientId))
    .leftJoin(evidenceCode, and(eq(evidenceCode.id, evidenceScan.codeId), eq(evidenceCode.clientId, clientId)))
    .leftJoin(files, and(eq(files.id, reports.photoFileId), eq(files.clientId, clientId), isNull(files.erasedAt)))
    .leftJoin(customers, and(eq(customers.id, reports.customerId), eq(customers.clientId, clientId)))
    .where(and(...where))
    .$dynamic();
}

type SelectedReport = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number];

function rowOf({ r, productName, batchNumber, evidenceReference, evidenceQrId, photoFile, customer }: SelectedReport) {
  return {
    id: r.id,
    description: r.description,
    qrId: r.qrIdRaw,
    productName: productName ?? null,
    batchNumber: batchNumber ?? null,
    evidence: evidenceReference ? { reference: evidenceReference, qrId: evidenceQrId ?? null } : null,
    customerName: customerName(customer),
    place: r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng, near: placeNameOf({ lat: r.lat, lng: r.lng }) ?? '' } : null,
    hasPhoto: photoFile !== null || r.legacyPhoto,
    createdAt: r.createdAt.toISOString(),
  };
}

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

/** A report's photo for staff of its brand, to view in place; a report of another brand, or without a photo, is 404. */
export async function reportPhoto(scope: ConsoleScope, reportId: string) {
  const db = await getDb();
  const [report] = await db.select().from(reports).where(and(eq(reports.clientId, scope.clientId), eq(reports.id, reportId)));
  if (!report) throw notFound('Report');
  if (report.photoFileId) {
    const [file] = await db
      .select()
      .from(files)
      .where(and(eq(files.id, report.photoFileId), eq(files.clientId, scope.clientId), isNull(files.erasedAt)));
    if (file) return file;
  } else if (report.photo && report.photoType) {
    // Stored before the file store (migration 0007): the bytes are on the report itself.
    return { storageKey: null, bytes: report.photo, contentType: report.photoType, originalName: `report-${report.id}` };
  }
  throw notFound('Photo');
}

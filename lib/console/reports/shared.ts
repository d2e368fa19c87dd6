import 'server-only';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { placeNameOf } from '@/lib/places/gazetteer';
import type { Db } from '@/lib/db/client';
import { batches, codes, customers, files, products, reports, scans } from '@/lib/db/schema';
import type { REPORT_SORTS, ReportExportQuery } from '@/lib/schemas/console-reports';
import { EVIDENCE_LINE_PATTERN } from '@/lib/shared/evidence-reference';
import { dayRange, keyText, type SortColumn } from '../list-kit';
import { placeCondition } from '../place-filter';
import { customerName, customerNameCols } from '../customer-name';

export const reportCode = alias(codes, 'report_code');

export const evidenceScan = alias(scans, 'evidence_scan');

const evidenceCode = alias(codes, 'evidence_code');

type ReportFilter = Omit<ReportExportQuery, 'sort'>;

export const REPORT_SORT_COLUMNS: Record<(typeof REPORT_SORTS)[number], SortColumn> = {
  created: { expr: reports.createdAt, type: 'timestamptz' },
  code: { expr: sql`coalesce(${reports.qrIdRaw}, '')`, type: 'text' },
};

const reference = sql<string | null>`substring(${reports.description} from ${EVIDENCE_LINE_PATTERN})`;

// The joins the filters and sorts read, shared by the count, the page and the export.
export const onReportCode = (clientId: string) => and(eq(reportCode.id, reports.codeId), eq(reportCode.clientId, clientId));

export const onEvidenceScan = (clientId: string) => and(eq(evidenceScan.clientId, clientId), eq(evidenceScan.id, reference));

export async function reportWhere(db: Db, clientId: string, q: ReportFilter): Promise<SQL[]> {
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

export function selectReports(db: Pick<Db, 'select'>, clientId: string, where: SQL[], col: SortColumn) {
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

export function rowOf({ r, productName, batchNumber, evidenceReference, evidenceQrId, photoFile, customer }: SelectedReport) {
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

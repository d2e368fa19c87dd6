import 'server-only';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { placeNameOf } from '@/lib/places/gazetteer';
import { getDb } from '@/lib/db/client';
import { codes, customers, files, products, reports, scans } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { ConsoleReportList, ReportListQuery } from '@/lib/schemas/console-reports';
import { EVIDENCE_LINE_PATTERN } from '@/lib/shared/evidence-reference';
import { productChoices } from './red-flags';
import type { ConsoleScope } from './scope';
import { customerName, customerNameCols } from './customer-name';

// Customers' reports of suspicious products (POST /api/report, the /report form) for the brand:
// newest first, filtered by product (of the code the customer gave, when it is one of the brand's)
// and by whether an evidence report came with them. A reference counts only when it names one of
// this brand's scans, so a reference typed by hand, or of another brand, is shown as plain text in
// the description and nothing more. Every read is scoped by scope.clientId.

const reportCode = alias(codes, 'report_code');
const evidenceScan = alias(scans, 'evidence_scan');
const evidenceCode = alias(codes, 'evidence_code');

export async function listReports(scope: ConsoleScope, q: ReportListQuery): Promise<ConsoleReportList> {
  const db = await getDb();
  const clientId = scope.clientId;
  const reference = sql<string | null>`substring(${reports.description} from ${EVIDENCE_LINE_PATTERN})`;
  const where: SQL[] = [eq(reports.clientId, clientId)];
  if (q.product) where.push(eq(reportCode.productId, q.product));
  if (q.evidence === 'with') where.push(sql`${evidenceScan.id} is not null`);
  // The joins the filters read, shared by the count and the page.
  const onReportCode = and(eq(reportCode.id, reports.codeId), eq(reportCode.clientId, clientId));
  const onEvidenceScan = and(eq(evidenceScan.clientId, clientId), eq(evidenceScan.id, reference));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reports)
    .leftJoin(reportCode, onReportCode)
    .leftJoin(evidenceScan, onEvidenceScan)
    .where(and(...where));
  const rows = await db
    .select({
      r: { id: reports.id, description: reports.description, qrIdRaw: reports.qrIdRaw, lat: reports.lat, lng: reports.lng, createdAt: reports.createdAt, legacyPhoto: sql<boolean>`${reports.photo} is not null` },
      productName: products.name,
      evidenceReference: evidenceScan.id,
      evidenceQrId: evidenceCode.qrId,
      photoFile: files.id,
      customer: customerNameCols,
    })
    .from(reports)
    .leftJoin(reportCode, onReportCode)
    .leftJoin(products, and(eq(products.id, reportCode.productId), eq(products.clientId, clientId)))
    .leftJoin(evidenceScan, onEvidenceScan)
    .leftJoin(evidenceCode, and(eq(evidenceCode.id, evidenceScan.codeId), eq(evidenceCode.clientId, clientId)))
    .leftJoin(files, and(eq(files.id, reports.photoFileId), eq(files.clientId, clientId), isNull(files.erasedAt)))
    .leftJoin(customers, and(eq(customers.id, reports.customerId), eq(customers.clientId, clientId)))
    .where(and(...where))
    .orderBy(desc(reports.createdAt), asc(reports.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    reports: rows.map(({ r, productName, evidenceReference, evidenceQrId, photoFile, customer }) => ({
      id: r.id,
      description: r.description,
      qrId: r.qrIdRaw,
      productName: productName ?? null,
      evidence: evidenceReference ? { reference: evidenceReference, qrId: evidenceQrId ?? null } : null,
      customerName: customerName(customer),
      place: r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng, near: placeNameOf({ lat: r.lat, lng: r.lng }) ?? '' } : null,
      hasPhoto: photoFile !== null || r.legacyPhoto,
      createdAt: r.createdAt.toISOString(),
    })),
    page: q.page,
    pageSize: q.pageSize,
    total: Number(total),
    products: await productChoices(scope),
  };
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

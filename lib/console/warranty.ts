import 'server-only';
import { and, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { batches, codes, customers, files, products, warranties } from '@/lib/db/schema';
import { warrantyStatus } from '@/lib/domain/warranty';
import { roleMay } from '@/lib/domain/staff-roles';
import { ApiError, notFound } from '@/lib/errors';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import {
  warrantyInvoiceUrl,
  type ConsoleWarrantyDetail,
  type ConsoleWarrantyList,
  type ConsoleWarrantyRow,
  type WARRANTY_SORTS,
  type WarrantyExportQuery,
  type WarrantyListQuery,
} from '@/lib/schemas/console-warranty';
import { recordAudit } from './audit';
import { afterKey, dayRange, exportFileName, keysetPages, keyText, orderOf, type SortColumn } from './list-kit';
import { productChoices } from './red-flags';
import type { ConsoleScope } from './scope';
import { customerName, customerNameCols } from './customer-name';

// Warranty registrations of a brand for the console (issue 12): list with filters and one
// registration with its customer, product, dates and invoice. Read-only; every query is scoped
// by scope.clientId.

const todayIso = (now: Date) => now.toISOString().slice(0, 10);
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type WarrantyFilter = Omit<WarrantyExportQuery, 'sort'>;

function filters(scope: ConsoleScope, q: WarrantyFilter, today: string): SQL[] {
  const where: SQL[] = [eq(warranties.clientId, scope.clientId)];
  if (q.status === 'VOID') where.push(eq(warranties.status, 'VOID'));
  else if (q.status === 'ACTIVE') where.push(eq(warranties.status, 'REGISTERED'), sql`${warranties.endsOn} >= ${today}::date`);
  else if (q.status === 'EXPIRED') where.push(eq(warranties.status, 'REGISTERED'), sql`${warranties.endsOn} < ${today}::date`);
  if (q.product) where.push(eq(warranties.productId, q.product));
  if (q.batch) {
    where.push(sql`${warranties.unitId} in (select ${codes.pairId} from ${codes} join ${batches} on ${batches.id} = ${codes.batchId} and ${batches.clientId} = ${scope.clientId}
      where ${codes.clientId} = ${scope.clientId} and ${codes.pairId} is not null and upper(${batches.batchNumber}) = upper(${q.batch}))`);
  }
  if (q.customer) {
    const like = likeText(q.customer);
    where.push(or(ilike(customers.userName, like), ilike(customers.companyName, like), ilike(customers.email, like), ilike(customers.mobile, like))!);
  }
  where.push(...dayRange(warranties.createdAt, q.from, q.to));
  return where;
}

const WARRANTY_SORT_COLUMNS: Record<(typeof WARRANTY_SORTS)[number], SortColumn> = {
  created: { expr: warranties.createdAt, type: 'timestamptz' },
  purchased: { expr: warranties.purchaseDate, type: 'date' },
  ends: { expr: warranties.endsOn, type: 'date' },
  product: { expr: products.name, type: 'text' },
};

/** The batch number of a registration's unit (its codes' batch), for the export. */
const batchOfUnit = (clientId: string) =>
  sql<string | null>`(select ${batches.batchNumber} from ${codes} join ${batches} on ${batches.id} = ${codes.batchId} and ${batches.clientId} = ${clientId}
    where ${codes.clientId} = ${clientId} and ${codes.pairId} = ${warranties.unitId} limit 1)`;

function selectWarranties(db: Pick<Db, 'select'>, scope: ConsoleScope, where: SQL[], col: SortColumn) {
  return db
    .select({ w: warranties, productName: products.name, customer: customerNameCols, key: keyText(col) })
    .from(warranties)
    .innerJoin(products, and(eq(products.id, warranties.productId), eq(products.clientId, scope.clientId)))
    .leftJoin(customers, and(eq(customers.id, warranties.customerId), eq(customers.clientId, scope.clientId)))
    .where(and(...where))
    .$dynamic();
}

function rowOf(w: typeof warranties.$inferSelect, productName: string, customer: Parameters<typeof customerName>[0], today: string): ConsoleWarrantyRow {
  return {
    warrantyId: w.id,
    status: warrantyStatus(w.endsOn, w.status, today),
    customerName: customerName(customer),
    productId: w.productId,
    productName,
    unitId: w.unitId,
    purchaseDate: w.purchaseDate,
    startsOn: w.startsOn,
    endsOn: w.endsOn,
    registeredAt: w.createdAt.toISOString(),
  };
}

/** A page of registrations in the sort asked (newest first by default) and how many match. */
export async function listWarranties(scope: ConsoleScope, q: WarrantyListQuery, now: Date = new Date()): Promise<ConsoleWarrantyList> {
  const db = await getDb();
  const today = todayIso(now);
  const where = filters(scope, q, today);
  const { column, dir } = sortOf(q.sort ?? '-created');
  const col = WARRANTY_SORT_COLUMNS[column];
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(warranties)
    .leftJoin(customers, and(eq(customers.id, warranties.customerId), eq(customers.clientId, scope.clientId)))
    .where(and(...where));
  const rows = await selectWarranties(db, scope, where, col)
    .orderBy(orderOf(col, warranties.id, dir))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    warranties: rows.map((r) => rowOf(r.w, r.productName, r.customer, today)),
    page: q.page,
    pageSize: q.pageSize,
    total: Number(total),
    products: await productChoices(scope),
  };
}

/** Whether the acting scope may download the registrations: the file names customers, so the roles that act on them (owner, support) and the command line. */
export const mayDownloadWarranties = (scope: ConsoleScope): boolean => scope.actor.kind === 'cli' || roleMay(scope.actor.role, 'warranty', 'write');

export const WARRANTY_EXPORT_HEADER = ['Registration', 'Registered', 'Status', 'Customer', 'Product', 'Batch', 'Unit', 'Purchased', 'Covered from', 'Covered until'] as const;

/**
 * Every registration the list's filters match, in its sort, as CSV rows a keyset page at a time
 * (the table kit). Audited as warranty.export; refused (403) to the roles that read registrations
 * but do not act on them (manager, analyst): they read the list a page at a time.
 */
export async function exportWarranties(scope: ConsoleScope, query: WarrantyExportQuery, now: Date = new Date()): Promise<{ fileName: string; rows: AsyncIterable<string[][]> }> {
  if (!mayDownloadWarranties(scope)) throw new ApiError('forbidden', 'Your role may not download warranty registrations: the file names customers, so only the roles that act on them (owner, support) may.');
  const db = await getDb();
  const today = todayIso(now);
  const where = filters(scope, query, today);
  const { column, dir } = sortOf(query.sort);
  const col = WARRANTY_SORT_COLUMNS[column];
  await recordAudit(db, scope, { action: 'warranty.export', target: 'warranty registrations', after: { ...query } });
  const pages = keysetPages(
    async (after, limit) => {
      const rows = await db
        .select({ w: warranties, productName: products.name, customer: customerNameCols, batch: batchOfUnit(scope.clientId), key: keyText(col) })
        .from(warranties)
        .innerJoin(products, and(eq(products.id, warranties.productId), eq(products.clientId, scope.clientId)))
        .leftJoin(customers, and(eq(customers.id, warranties.customerId), eq(customers.clientId, scope.clientId)))
        .where(and(...where, ...(after ? [afterKey(col, warranties.id, dir, after)!] : [])))
        .orderBy(orderOf(col, warranties.id, dir))
        .limit(limit);
      return rows.map((r) => ({ row: r, key: { value: r.key, id: r.w.id } }));
    },
    { max: CSV_MAX_ROWS },
  );
  async function* out() {
    for await (const page of pages) {
      yield page.map((r) => {
        const w = rowOf(r.w, r.productName, r.customer, today);
        return [w.warrantyId, w.registeredAt, w.status, w.customerName, w.productName, r.batch ?? '', w.unitId, w.purchaseDate, w.startsOn, w.endsOn];
      });
    }
  }
  return { fileName: exportFileName(scope.slug, 'warranty'), rows: out() };
}

export async function getWarranty(scope: ConsoleScope, warrantyId: string, now: Date = new Date()): Promise<ConsoleWarrantyDetail> {
  const db = await getDb();
  const [r] = await db
    .select({ w: warranties, productName: products.name, warrantyMonths: products.warrantyMonths, customer: customerNameCols })
    .from(warranties)
    .innerJoin(products, and(eq(products.id, warranties.productId), eq(products.clientId, scope.clientId)))
    .leftJoin(customers, and(eq(customers.id, warranties.customerId), eq(customers.clientId, scope.clientId)))
    .where(and(eq(warranties.clientId, scope.clientId), eq(warranties.id, warrantyId)));
  if (!r) throw notFound('Warranty');
  const [invoice] = await db
    .select({ id: files.id, originalName: files.originalName, mediaType: files.mediaType, contentType: files.contentType, size: files.size })
    .from(files)
    .where(and(eq(files.clientId, scope.clientId), eq(files.id, r.w.invoiceFileId), isNull(files.erasedAt)));
  return {
    ...rowOf(r.w, r.productName, r.customer, todayIso(now)),
    warrantyMonths: r.warrantyMonths,
    customer: { name: customerName(r.customer), email: r.customer?.email ?? null, mobile: r.customer?.mobile ?? null },
    invoice: invoice
      ? { fileId: invoice.id, name: invoice.originalName, mediaType: invoice.mediaType, contentType: invoice.contentType, size: invoice.size, url: warrantyInvoiceUrl(scope.slug, r.w.id) }
      : null,
  };
}

/** A registration's invoice for staff of its brand: the file row (bytes opened by the caller); anything else is 404. */
export async function warrantyInvoice(scope: ConsoleScope, warrantyId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ f: files })
    .from(warranties)
    .innerJoin(files, and(eq(files.id, warranties.invoiceFileId), eq(files.clientId, scope.clientId)))
    .where(and(eq(warranties.clientId, scope.clientId), eq(warranties.id, warrantyId), isNull(files.erasedAt)));
  if (!row) throw notFound('File');
  return row.f;
}

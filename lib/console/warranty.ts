import 'server-only';
import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { customers, files, products, warranties } from '@/lib/db/schema';
import { warrantyStatus } from '@/lib/domain/warranty';
import { notFound } from '@/lib/errors';
import { warrantyInvoiceUrl, type ConsoleWarrantyDetail, type ConsoleWarrantyList, type ConsoleWarrantyRow, type WarrantyListQuery } from '@/lib/schemas/console-warranty';
import { productChoices } from './red-flags';
import type { ConsoleScope } from './scope';
import { customerName, customerNameCols } from './customer-name';

// Warranty registrations of a brand for the console (issue 12): list with filters and one
// registration with its customer, product, dates and invoice. Read-only; every query is scoped
// by scope.clientId.

const todayIso = (now: Date) => now.toISOString().slice(0, 10);
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filters(scope: ConsoleScope, q: WarrantyListQuery, today: string): SQL[] {
  const where: SQL[] = [eq(warranties.clientId, scope.clientId)];
  if (q.status === 'VOID') where.push(eq(warranties.status, 'VOID'));
  else if (q.status === 'ACTIVE') where.push(eq(warranties.status, 'REGISTERED'), sql`${warranties.endsOn} >= ${today}::date`);
  else if (q.status === 'EXPIRED') where.push(eq(warranties.status, 'REGISTERED'), sql`${warranties.endsOn} < ${today}::date`);
  if (q.product) where.push(eq(warranties.productId, q.product));
  if (q.customer) {
    const like = likeText(q.customer);
    where.push(or(ilike(customers.userName, like), ilike(customers.companyName, like), ilike(customers.email, like), ilike(customers.mobile, like))!);
  }
  if (q.from) where.push(sql`${warranties.createdAt} >= ${q.from}::date`);
  if (q.to) where.push(sql`${warranties.createdAt} < ${q.to}::date + 1`);
  return where;
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

export async function listWarranties(scope: ConsoleScope, q: WarrantyListQuery, now: Date = new Date()): Promise<ConsoleWarrantyList> {
  const db = await getDb();
  const today = todayIso(now);
  const where = and(...filters(scope, q, today));
  const joinProducts = and(eq(products.id, warranties.productId), eq(products.clientId, scope.clientId));
  const joinCustomers = and(eq(customers.id, warranties.customerId), eq(customers.clientId, scope.clientId));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(warranties)
    .leftJoin(customers, joinCustomers)
    .where(where);
  const rows = await db
    .select({ w: warranties, productName: products.name, customer: customerNameCols })
    .from(warranties)
    .innerJoin(products, joinProducts)
    .leftJoin(customers, joinCustomers)
    .where(where)
    .orderBy(desc(warranties.createdAt), asc(warranties.id))
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

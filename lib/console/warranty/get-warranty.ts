import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { customers, files, products, warranties } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { warrantyInvoiceUrl, type ConsoleWarrantyDetail } from '@/lib/schemas/console-warranty';
import type { ConsoleScope } from '../scope';
import { customerName, customerNameCols } from '../customer-name';
import { rowOf, todayIso } from './shared';

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

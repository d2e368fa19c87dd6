import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { files, products, warranties } from '@/lib/db/schema';
import { warrantyStatus } from '@/lib/domain/warranty';
import type { Warranty } from '@/lib/schemas/warranty';
import { todayIso, type DbOrTx } from '../aftersales/db';
import { toFileRef } from '../aftersales/store-file';

// Warranties of one customer, with product and invoice, shaped for answers.

export async function findWarranties(db: DbOrTx, clientId: string, customerId: string, unitId?: string): Promise<Warranty[]> {
  const rows = await db
    .select({
      w: warranties,
      productName: products.name,
      warrantyMonths: products.warrantyMonths,
      file: { id: files.id, originalName: files.originalName, mediaType: files.mediaType, contentType: files.contentType, size: files.size },
    })
    .from(warranties)
    .innerJoin(products, and(eq(products.id, warranties.productId), eq(products.clientId, clientId)))
    .innerJoin(files, and(eq(files.id, warranties.invoiceFileId), eq(files.clientId, clientId)))
    .where(
      and(eq(warranties.clientId, clientId), eq(warranties.customerId, customerId), unitId === undefined ? undefined : eq(warranties.unitId, unitId)),
    )
    .orderBy(desc(warranties.createdAt));
  const today = todayIso();
  return rows.map(({ w, productName, warrantyMonths, file }) => ({
    warrantyId: w.id,
    unitId: w.unitId,
    productId: w.productId,
    productName,
    warrantyMonths,
    purchaseDate: w.purchaseDate,
    startsOn: w.startsOn,
    endsOn: w.endsOn,
    status: warrantyStatus(w.endsOn, w.status, today),
    invoice: toFileRef(file),
    registeredAt: w.createdAt.toISOString(),
  }));
}

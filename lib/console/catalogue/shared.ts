import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, productImages, products } from '@/lib/db/schema';
import { fieldError } from '@/lib/errors';
import type { ConsoleBatch, ConsoleProduct } from '@/lib/schemas/console-catalogue';
import type { ConsoleScope } from '../scope';

export type ProductRow = typeof products.$inferSelect;

export type BatchRow = typeof batches.$inferSelect;

export const productOut = (p: ProductRow, batchCount: number): ConsoleProduct => ({
  id: p.id,
  name: p.name,
  description: p.description,
  warrantyMonths: p.warrantyMonths,
  attributes: p.attributes,
  images: p.images,
  status: p.status,
  createdAt: p.createdAt.toISOString(),
  batches: batchCount,
  gtin: p.gtin,
});

export const auditedProduct = (p: Pick<ProductRow, 'name' | 'description' | 'warrantyMonths' | 'attributes' | 'images'>) => ({
  name: p.name,
  description: p.description,
  warrantyMonths: p.warrantyMonths,
  attributes: p.attributes,
  images: p.images,
});

/** Images named by the product must be this brand's uploads (or outside https addresses). */
export async function checkImagesBelong(scope: ConsoleScope, images: readonly string[]) {
  const ids = images.map((ref) => /^\/api\/product-images\/(.+)$/.exec(ref)?.[1]).filter((id): id is string => !!id);
  if (!ids.length) return;
  const db = await getDb();
  const rows = await db
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.clientId, scope.clientId), sql`${productImages.id} = any(${sql.param(ids)})`));
  const known = new Set(rows.map((r) => r.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing) throw fieldError('unprocessable', 'images', `no uploaded image ${missing}`);
}

export const batchOut = (b: BatchRow, productName: string, codeCount: number): ConsoleBatch => ({
  id: b.id,
  batchNumber: b.batchNumber,
  productId: b.productId,
  productName,
  mfgDate: b.mfgDate,
  expiryDate: b.expiryDate,
  markets: b.markets ?? [],
  codes: codeCount,
  createdAt: b.createdAt.toISOString(),
  lot: b.lot ?? b.batchNumber,
});

import 'server-only';
import { Readable } from 'node:stream';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, codes, productImages, products } from '@/lib/db/schema';
import { checkUpload } from '@/lib/domain/files';
import { ApiError, fieldError, notFound } from '@/lib/errors';
import { fileStore } from '@/lib/files';
import { randomId } from '@/lib/ids';
import {
  productImagePath,
  type BatchInput,
  type BatchMarketsInput,
  type ConsoleBatch,
  type ConsoleProduct,
  type ProductImage,
  type ProductInput,
} from '@/lib/schemas/console-catalogue';
import { recordAudit } from './audit';
import type { ConsoleScope } from './scope';

// The catalogue's use cases (console area "catalogue", and the command line's create-product /
// create-batch, which call the same functions): products with attributes, images and warranty,
// and batches. Every query is scoped by the brand; every change is audited in its transaction.

type ProductRow = typeof products.$inferSelect;
type BatchRow = typeof batches.$inferSelect;

const productOut = (p: ProductRow, batchCount: number): ConsoleProduct => ({
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

const auditedProduct = (p: Pick<ProductRow, 'name' | 'description' | 'warrantyMonths' | 'attributes' | 'images'>) => ({
  name: p.name,
  description: p.description,
  warrantyMonths: p.warrantyMonths,
  attributes: p.attributes,
  images: p.images,
});

/** Images named by the product must be this brand's uploads (or outside https addresses). */
async function checkImagesBelong(scope: ConsoleScope, images: readonly string[]) {
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

export async function listProducts(scope: ConsoleScope): Promise<ConsoleProduct[]> {
  const db = await getDb();
  const rows = await db
    .select({ product: products, batches: count(batches.id) })
    .from(products)
    .leftJoin(batches, and(eq(batches.productId, products.id), eq(batches.clientId, scope.clientId)))
    .where(eq(products.clientId, scope.clientId))
    .groupBy(products.id)
    .orderBy(asc(products.createdAt), asc(products.id));
  return rows.map((r) => productOut(r.product, Number(r.batches)));
}

async function productRow(scope: ConsoleScope, productId: string): Promise<ProductRow> {
  const db = await getDb();
  const [row] = await db.select().from(products).where(and(eq(products.clientId, scope.clientId), eq(products.id, productId)));
  if (!row) throw notFound('Product');
  return row;
}

export async function getProduct(scope: ConsoleScope, productId: string): Promise<ConsoleProduct> {
  const row = await productRow(scope, productId);
  const db = await getDb();
  const [n] = await db.select({ n: count() }).from(batches).where(and(eq(batches.clientId, scope.clientId), eq(batches.productId, row.id)));
  return productOut(row, Number(n?.n ?? 0));
}

export async function createProduct(scope: ConsoleScope, input: ProductInput): Promise<ConsoleProduct> {
  await checkImagesBelong(scope, input.images);
  const db = await getDb();
  const id = randomId('pr', 16);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(products)
      .values({
        id,
        clientId: scope.clientId,
        name: input.name,
        description: input.description,
        images: input.images,
        attributes: input.attributes,
        warrantyMonths: input.warrantyMonths,
      })
      .returning();
    await recordAudit(tx, scope, { action: 'product.create', target: id, after: auditedProduct(created!) });
    return created!;
  });
  return productOut(row, 0);
}

export async function updateProduct(scope: ConsoleScope, productId: string, input: ProductInput): Promise<ConsoleProduct> {
  await checkImagesBelong(scope, input.images);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(and(eq(products.clientId, scope.clientId), eq(products.id, productId))).for('update');
    if (!before) throw notFound('Product');
    const [after] = await tx
      .update(products)
      .set({ name: input.name, description: input.description, images: input.images, attributes: input.attributes, warrantyMonths: input.warrantyMonths })
      .where(and(eq(products.clientId, scope.clientId), eq(products.id, productId)))
      .returning();
    await recordAudit(tx, scope, { action: 'product.update', target: productId, before: auditedProduct(before), after: auditedProduct(after!) });
    return after!;
  });
  const [n] = await db.select({ n: count() }).from(batches).where(and(eq(batches.clientId, scope.clientId), eq(batches.productId, row.id)));
  return productOut(row, Number(n?.n ?? 0));
}

const batchOut = (b: BatchRow, productName: string, codeCount: number): ConsoleBatch => ({
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

/** The brand's batches, newest first, optionally of one product. */
export async function listBatches(scope: ConsoleScope, filter: { productId?: string } = {}): Promise<ConsoleBatch[]> {
  const db = await getDb();
  const codeCounts = db
    .select({ batchId: codes.batchId, n: count().as('n') })
    .from(codes)
    .where(eq(codes.clientId, scope.clientId))
    .groupBy(codes.batchId)
    .as('code_counts');
  const rows = await db
    .select({ batch: batches, productName: products.name, n: codeCounts.n })
    .from(batches)
    .innerJoin(products, and(eq(products.id, batches.productId), eq(products.clientId, scope.clientId)))
    .leftJoin(codeCounts, eq(codeCounts.batchId, batches.id))
    .where(and(eq(batches.clientId, scope.clientId), filter.productId ? eq(batches.productId, filter.productId) : undefined))
    .orderBy(desc(batches.createdAt), asc(batches.batchNumber));
  return rows.map((r) => batchOut(r.batch, r.productName, Number(r.n ?? 0)));
}

/** How many codes a batch of this brand holds. */
export async function batchCodeCount(scope: ConsoleScope, batchId: string): Promise<number> {
  const db = await getDb();
  const [n] = await db.select({ n: count() }).from(codes).where(and(eq(codes.clientId, scope.clientId), eq(codes.batchId, batchId)));
  return Number(n?.n ?? 0);
}

/** How many printable (not deleted) codes a batch of this brand holds at each level (6 overt, 7 covert, 8 case, 9 pallet). */
export async function batchPrintableLevels(scope: ConsoleScope, batchId: string): Promise<{ level: number; codes: number }[]> {
  const db = await getDb();
  const rows = await db
    .select({ level: codes.level, n: count() })
    .from(codes)
    .where(and(eq(codes.clientId, scope.clientId), eq(codes.batchId, batchId), ne(codes.status, 'DELETED')))
    .groupBy(codes.level)
    .orderBy(asc(codes.level));
  return rows.map((r) => ({ level: r.level, codes: Number(r.n) }));
}

/** A batch of this brand by id, or 404. */
export async function requireBatchById(scope: ConsoleScope, batchId: string): Promise<BatchRow> {
  const db = await getDb();
  const [row] = await db.select().from(batches).where(and(eq(batches.clientId, scope.clientId), eq(batches.id, batchId)));
  if (!row) throw notFound('Batch');
  return row;
}

/** One batch with its code count: its own row and one count, not the brand's whole list. */
export async function getBatch(scope: ConsoleScope, batchId: string): Promise<ConsoleBatch> {
  const db = await getDb();
  const [row] = await db
    .select({ batch: batches, productName: products.name })
    .from(batches)
    .innerJoin(products, and(eq(products.id, batches.productId), eq(products.clientId, scope.clientId)))
    .where(and(eq(batches.clientId, scope.clientId), eq(batches.id, batchId)));
  if (!row) throw notFound('Batch');
  return batchOut(row.batch, row.productName, await batchCodeCount(scope, batchId));
}

/** Sets the countries an existing batch is sold in (the off-market risk rule); [] for anywhere. Audited as batch.markets. */
export async function setBatchMarketsOf(scope: ConsoleScope, batchId: string, input: BatchMarketsInput): Promise<ConsoleBatch> {
  const db = await getDb();
  const markets = [...new Set(input.markets)];
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(batches).where(and(eq(batches.clientId, scope.clientId), eq(batches.id, batchId))).for('update');
    if (!row) throw notFound('Batch');
    await tx.update(batches).set({ markets: markets.length ? markets : null }).where(and(eq(batches.clientId, scope.clientId), eq(batches.id, row.id)));
    await recordAudit(tx, scope, { action: 'batch.markets', target: row.batchNumber, before: { markets: row.markets ?? [] }, after: { markets } });
  });
  return getBatch(scope, batchId);
}

export async function createBatch(scope: ConsoleScope, input: BatchInput): Promise<ConsoleBatch> {
  const db = await getDb();
  const [product] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.clientId, scope.clientId), eq(products.id, input.productId)));
  if (!product) throw fieldError('unprocessable', 'productId', `no product ${input.productId}`);
  const id = randomId('ba', 16);
  const markets = input.markets.length ? [...new Set(input.markets)] : null;
  try {
    const row = await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: batches.id })
        .from(batches)
        .where(and(eq(batches.clientId, scope.clientId), sql`upper(${batches.batchNumber}) = upper(${input.batchNumber})`));
      if (taken) throw fieldError('conflict', 'batchNumber', `batch ${input.batchNumber} already exists`);
      const [created] = await tx
        .insert(batches)
        .values({
          id,
          clientId: scope.clientId,
          productId: product.id,
          batchNumber: input.batchNumber,
          mfgDate: input.mfgDate ?? null,
          expiryDate: input.expiryDate ?? null,
          markets,
        })
        .returning();
      await recordAudit(tx, scope, {
        action: 'batch.create',
        target: input.batchNumber,
        after: { id, productId: product.id, batchNumber: input.batchNumber, mfgDate: created!.mfgDate, expiryDate: created!.expiryDate, markets: created!.markets },
      });
      return created!;
    });
    return batchOut(row, product.name, 0);
  } catch (err) {
    // Two creations of one number at once: the unique index refuses the second.
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw fieldError('conflict', 'batchNumber', `batch ${input.batchNumber} already exists`);
    throw err;
  }
}

const UPLOAD_STATUS = { 413: 'payload_too_large', 415: 'unsupported_media_type', 422: 'unprocessable' } as const;

/** Stores an uploaded product image after checking by its bytes that it is a PNG, JPEG, WebP or GIF. */
export async function uploadProductImage(scope: ConsoleScope, file: { name: string; declaredType?: string; bytes: Uint8Array }): Promise<ProductImage> {
  const check = checkUpload('image', file, ['image']);
  if (!check.ok) throw new ApiError(UPLOAD_STATUS[check.status], check.message, undefined, 'image');
  const stored = await fileStore().put(Readable.from([Buffer.from(file.bytes)]));
  const id = randomId('img', 16);
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(productImages).values({
        id,
        clientId: scope.clientId,
        contentType: check.kind.contentType,
        size: stored.size,
        sha256: stored.sha256,
        originalName: check.name,
        storageKey: stored.key,
      });
      await recordAudit(tx, scope, { action: 'product.image.upload', target: id, after: { name: check.name, contentType: check.kind.contentType, size: stored.size } });
    });
  } catch (err) {
    await fileStore().delete(stored.key).catch(() => undefined);
    throw err;
  }
  return { id, url: productImagePath(id), contentType: check.kind.contentType, size: stored.size, name: check.name };
}

/** An uploaded image of this brand with its bytes, or 404. */
export async function openProductImage(clientId: string, imageId: string) {
  const db = await getDb();
  const [row] = await db.select().from(productImages).where(and(eq(productImages.clientId, clientId), eq(productImages.id, imageId)));
  if (!row) throw notFound('Image');
  const object = await fileStore().get(row.storageKey);
  if (!object) throw notFound('Image');
  return { ...object, contentType: row.contentType, name: row.originalName };
}

import 'server-only';
import { z } from 'zod';
import {
  createBatch as createCatalogueBatch,
  createProduct as createCatalogueProduct,
  listProducts as listCatalogueProducts,
  requireBatchByNumber,
} from '@/lib/console/catalogue';
import { requireCodeByQrId } from '@/lib/console/codes';
import { cliScope } from '@/lib/console/scope';
import { freeGtin, setProductGtin } from '@/lib/console/gs1-keys';
import { brandScope, requireBrand } from './brands';

// Products and batches for the operator command line (npm run brand -- create-product ...): the
// same use cases as the console's catalogue (lib/console/catalogue/), acting as the command line.
// Arguments arrive from the command line as strings or numbers, or as values from the seed.

/** Text argument: the CLI turns digit-only values into numbers, so numbers are accepted too. */
export const textArg = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, 'is required').max(max, `must be at most ${max} characters`));
export const slugArg = z.string().min(1, 'is required');
const dateArg = z.iso.date('must be a date like 2025-12-31');

/** "Colour=Red;Size=M" from the command line, or a list from code. */
const attributesArg = z
  .union([
    z.string().transform((s) =>
      s
        .split(';')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => {
          const i = p.indexOf('=');
          return i < 0 ? { name: p, value: '' } : { name: p.slice(0, i).trim(), value: p.slice(i + 1).trim() };
        }),
    ),
    z.array(z.object({ name: z.string(), value: z.string() }).strict()),
  ])
  .pipe(z.array(z.object({ name: z.string().min(1).max(60), value: z.string().max(200) })).max(30));
const imagesArg = z
  .union([z.string().transform((s) => s.split(',').map((u) => u.trim()).filter(Boolean)), z.array(z.string())])
  .pipe(z.array(z.string().max(2048)).max(10));

export const createProductArgs = z
  .object({
    slug: slugArg,
    name: textArg(120),
    description: z.string().max(2000).default(''),
    warrantyMonths: z.coerce.number().int().min(0).max(600).default(0),
    images: imagesArg.default([]),
    attributes: attributesArg.default([]),
    /** GS1 GTIN (docs/gs1.md); checked before the product is made, so a bad one makes nothing. */
    gtin: z.union([z.string(), z.number()]).transform((v) => String(v).trim()).optional(),
  })
  .strict();

export async function createProduct(args: z.output<typeof createProductArgs>) {
  const brand = await requireBrand(args.slug);
  const { images, gtin, ...rest } = args;
  if (gtin) await freeGtin(brand.id, gtin);
  const scope = cliScope(brand.id, brand.slug);
  const product = await createCatalogueProduct(scope, { ...rest, images });
  if (gtin) return { id: product.id, name: product.name, gtin: (await setProductGtin(scope, product.id, gtin)).gtin };
  return { id: product.id, name: product.name };
}

export const listProductsArgs = z.object({ slug: slugArg }).strict();
export async function listProducts(args: z.output<typeof listProductsArgs>) {
  const rows = await listCatalogueProducts(await brandScope(args.slug));
  return rows.map((p) => ({ id: p.id, name: p.name, warrantyMonths: p.warrantyMonths, status: p.status, gtin: p.gtin ?? '' }));
}

export const createBatchArgs = z
  .object({
    slug: slugArg,
    product: textArg(40),
    batchNumber: textArg(64).pipe(z.string().regex(/^[A-Za-z0-9._/-]+$/, 'may hold letters, digits and . _ / - only')),
    mfgDate: dateArg.optional(),
    expiryDate: dateArg.optional(),
  })
  .strict()
  .refine((a) => !a.mfgDate || !a.expiryDate || a.expiryDate >= a.mfgDate, { message: 'must not be before mfgDate', path: ['expiryDate'] });

export async function createBatch(args: z.output<typeof createBatchArgs>) {
  const brand = await requireBrand(args.slug);
  const batch = await createCatalogueBatch(cliScope(brand.id, brand.slug), {
    productId: args.product,
    batchNumber: args.batchNumber,
    mfgDate: args.mfgDate,
    expiryDate: args.expiryDate,
    markets: [],
  });
  return { id: batch.id, batchNumber: batch.batchNumber, mfgDate: batch.mfgDate, expiryDate: batch.expiryDate };
}

/** A batch of this brand by number (case-insensitive), or a clear error. */
export const requireBatch = requireBatchByNumber;

/** A code of this brand by qrId, or a clear error. */
export const requireCode = requireCodeByQrId;

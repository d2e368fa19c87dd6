import { z } from 'zod';

// Contracts of the console's catalogue area (issue 12, docs/console.md): products, batches, code
// generation runs and product images. Shared by the console API, its use cases and the pages.

const trimmed = (max: number, what = 'is required') =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, what).max(max, `must be at most ${max} characters`));

export const productAttributeSchema = z
  .object({
    name: trimmed(60, 'needs a name'),
    value: z.string().trim().max(200, 'must be at most 200 characters'),
  })
  .strict();

/** Where a product image may live: an image uploaded to the console, or an https address. */
export const PRODUCT_IMAGE_PATH = /^\/api\/product-images\/img_[A-Za-z0-9_-]{8,40}$/;
export const productImageRefSchema = z
  .string()
  .max(2048)
  .refine((s) => PRODUCT_IMAGE_PATH.test(s) || /^https:\/\/[^\s]+$/.test(s), 'must be an uploaded image or an https:// address');

export const MAX_PRODUCT_IMAGES = 10;
export const MAX_PRODUCT_ATTRIBUTES = 30;

export const productInputSchema = z
  .object({
    name: trimmed(120),
    description: z.string().max(2000, 'must be at most 2000 characters').default(''),
    warrantyMonths: z.number().int('must be a whole number of months').min(0, 'must be 0 or more').max(600, 'must be at most 600'),
    attributes: z.array(productAttributeSchema).max(MAX_PRODUCT_ATTRIBUTES, `at most ${MAX_PRODUCT_ATTRIBUTES} attributes`).default([]),
    images: z.array(productImageRefSchema).max(MAX_PRODUCT_IMAGES, `at most ${MAX_PRODUCT_IMAGES} images`).default([]),
  })
  .strict();
export type ProductInput = z.output<typeof productInputSchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  warrantyMonths: z.number().int(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  images: z.array(z.string()),
  status: z.string(),
  createdAt: z.string(),
  batches: z.number().int(),
  /** GS1 GTIN, 14 digits (docs/gs1.md); null: none. */
  gtin: z.string().nullable(),
});
export type ConsoleProduct = z.infer<typeof productSchema>;
export const productListSchema = z.object({ products: z.array(productSchema) });

export const productParamsShape = { productId: z.string().min(1).max(64) };

const dateField = z.iso.date('must be a date like 2025-12-31');
export const BATCH_NUMBER = /^[A-Za-z0-9._/-]+$/;

const batchMarketsField = z.array(z.string().regex(/^[A-Z]{2}$/, 'must be two-letter country codes like IN, DE')).max(250, 'must be at most 250 countries');

export const batchInputSchema = z
  .object({
    productId: z.string().min(1, 'choose a product').max(64),
    batchNumber: trimmed(64).pipe(z.string().regex(BATCH_NUMBER, 'may hold letters, digits and . _ / - only')),
    mfgDate: dateField.optional(),
    expiryDate: dateField.optional(),
    /** Countries (ISO 3166-1 alpha-2) the batch is sold in; empty: anywhere. */
    markets: batchMarketsField.default([]),
  })
  .strict()
  .refine((a) => !a.mfgDate || !a.expiryDate || a.expiryDate >= a.mfgDate, { message: 'must not be before the manufacturing date', path: ['expiryDate'] });
export type BatchInput = z.output<typeof batchInputSchema>;

/** An existing batch's markets (set-batch-markets): the countries it is sold in; empty: anywhere. */
export const batchMarketsSchema = z.object({ markets: batchMarketsField }).strict();
export type BatchMarketsInput = z.output<typeof batchMarketsSchema>;

export const batchSchema = z.object({
  id: z.string(),
  batchNumber: z.string(),
  productId: z.string(),
  productName: z.string(),
  mfgDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  markets: z.array(z.string()),
  codes: z.number().int(),
  createdAt: z.string(),
  /** GS1 lot (AI 10) of the batch's codes: its own, or the batch number (docs/gs1.md). */
  lot: z.string(),
});
export type ConsoleBatch = z.infer<typeof batchSchema>;

/** A batch's page: the batch, the codes of each level a print-ready PDF takes, and its units' GS1 serials (docs/gs1.md). */
export const batchPageSchema = z
  .object({
    batch: batchSchema,
    /** Codes of each level (6 overt, 7 covert, 8 case, 9 pallet) not deleted, by level. */
    levels: z.array(z.object({ level: z.number().int(), codes: z.number().int() }).strict()),
    /** Units, the first and last serial, and how many units have a serial of their own (not their qrId). */
    serials: z.object({ units: z.number().int(), first: z.string(), last: z.string(), ownSerials: z.number().int() }).strict(),
  })
  .strict();
export const batchListSchema = z.object({ batches: z.array(batchSchema) });

export const batchParamsShape = { batchId: z.string().min(1).max(64) };

/** The console makes up to 100,000 units in one run, in the background. */
export const MAX_CODES_PER_RUN = 100_000;

export const generateCodesInputSchema = z
  .object({
    count: z.number().int('must be a whole number').min(1, 'must be at least 1').max(MAX_CODES_PER_RUN, `must be at most ${MAX_CODES_PER_RUN}`),
    batchLevel: z.boolean().default(false),
    caseSize: z.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000').optional(),
    palletSize: z.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000').optional(),
  })
  .strict()
  .refine((a) => !a.palletSize || a.caseSize, { message: 'needs a case size (pallets hold cases)', path: ['palletSize'] })
  .refine((a) => !a.batchLevel || !a.caseSize, { message: 'batch-level codes are not packed in cases', path: ['caseSize'] });
export type GenerateCodesInput = z.output<typeof generateCodesInputSchema>;

export const codeRunStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);
export const codeRunSchema = z.object({
  id: z.string(),
  batchId: z.string(),
  batchNumber: z.string(),
  status: codeRunStatusSchema,
  /** Code rows to write (a unit is two codes; cases and pallets one each). */
  total: z.number().int(),
  done: z.number().int(),
  count: z.number().int(),
  batchLevel: z.boolean(),
  error: z.string().nullable(),
  actor: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CodeRun = z.infer<typeof codeRunSchema>;
/**
 * A batch's runs, with its code count as of the same answer (the page's count follows a run to its
 * end); without the count when the query asks `batchCodes=without`.
 */
export const codeRunListSchema = z.object({ runs: z.array(codeRunSchema), batchCodes: z.number().int().nonnegative().optional() });
/** GET …/batches/{batchId}/code-runs: with the batch's code count (the default, the page's poll) or without (the page's first render, which has it from the batch). */
export const codeRunListQuerySchema = z
  .object({ batchCodes: z.enum(['with', 'without'], { error: "must be 'with' or 'without'" }).default('with') })
  .strict();
export const codeRunParamsShape = { runId: z.string().min(1).max(64) };

export const productImageSchema = z.object({ id: z.string(), url: z.string(), contentType: z.string(), size: z.number().int(), name: z.string() });
export type ProductImage = z.infer<typeof productImageSchema>;
export const productImageParamsSchema = z.object({ imageId: z.string().regex(/^img_[A-Za-z0-9_-]{8,40}$/, 'is not an image id') });

/** The path of an uploaded product image on a brand's host; the console shows it through its own endpoint. */
export const productImagePath = (imageId: string) => `/api/product-images/${imageId}`;
export const productImageIdOf = (ref: string) => (PRODUCT_IMAGE_PATH.test(ref) ? ref.slice('/api/product-images/'.length) : undefined);

/** The GS1 keys (docs/gs1.md): a value, or null (or empty) to clear it. Checked by lib/console/gs1-keys/ (422 naming the field). */
const gs1KeyField = z.string().max(64, 'must be at most 64 characters').nullable();
export const productGtinInputSchema = z.object({ gtin: gs1KeyField }).strict();
export const productGtinSchema = z.object({ productId: z.string(), gtin: z.string().nullable() });
export const batchLotInputSchema = z.object({ lot: gs1KeyField }).strict();
export const batchLotSchema = z.object({ batchId: z.string(), lot: z.string() });
export const unitSerialInputSchema = z.object({ serial: gs1KeyField }).strict();
export const unitSerialSchema = z.object({ qrId: z.string(), serial: z.string() });
export const unitParamsShape = { qrId: z.string().min(1).max(64) };

/**
 * The serials of a whole batch's units at once (docs/gs1.md), in the printed order (the CSV's):
 * `numbered` gives them `{prefix}{number}`, the numbers from `start` up, padded with zeros to
 * `width` digits (SN000001, SN000002…); `qrId` clears them, so each unit's serial is its visible
 * code's qrId again. `confirm` must be true: the page asks first.
 */
const confirmSerials = z.literal(true, { error: 'must be true: confirm the new serials' });
export const batchSerialsInputSchema = z.discriminatedUnion(
  'scheme',
  [
    z
      .object({
        scheme: z.literal('numbered'),
        prefix: z.string().max(19, 'must be at most 19 characters').default(''),
        start: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(999_999_999_999, 'must be at most 999999999999'),
        width: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1 digit').max(20, 'must be at most 20 digits'),
        confirm: confirmSerials,
      })
      .strict(),
    z.object({ scheme: z.literal('qrId'), confirm: confirmSerials }).strict(),
  ],
  { error: "must be 'numbered' or 'qrId'" },
);
export type BatchSerialsInput = z.infer<typeof batchSerialsInputSchema>;
export const batchSerialsSchema = z.object({
  batchId: z.string(),
  batchNumber: z.string(),
  scheme: z.enum(['numbered', 'qrId']),
  /** Units given a serial (every unit of the batch, in the printed order). */
  units: z.number().int(),
  /** The first and last unit's serial now. */
  first: z.string(),
  last: z.string(),
});
export type BatchSerials = z.infer<typeof batchSerialsSchema>;

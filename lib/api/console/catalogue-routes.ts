import 'server-only';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { defineRoute, FileAnswer } from '../define-route';
import { contentDisposition } from '../files/get-file';
import { readSmallForm } from './read-small-form';
import {
  batchPrintableLevels,
  createBatch,
  getBatch,
  createProduct,
  getProduct,
  listBatches,
  listProducts,
  openProductImage,
  setBatchMarketsOf,
  updateProduct,
  uploadProductImage,
} from '@/lib/console/catalogue';
import { fieldError } from '@/lib/errors';
import { batchCodesCsv, batchCodesPdf } from '@/lib/console/catalogue-exports';
import { getCodeRun, listBatchCodeRuns, startCodeRun } from '@/lib/console/code-runs';
import { batchSerialsSummary } from '@/lib/console/gs1-keys';
import { FILE_LIMITS } from '@/lib/domain/files';
import { consoleBrandParams } from '@/lib/schemas/console';
import {
  batchInputSchema,
  batchListSchema,
  batchMarketsSchema,
  batchPageSchema,
  batchParamsShape,
  batchSchema,
  codeRunListQuerySchema,
  codeRunListSchema,
  codeRunParamsShape,
  codeRunSchema,
  generateCodesInputSchema,
  productImageParamsSchema,
  productImageSchema,
  productInputSchema,
  productListSchema,
  productParamsShape,
  productSchema,
} from '@/lib/schemas/console-catalogue';

// The console's catalogue area (issue 12, docs/console.md): products, images, batches, code
// generation runs and the batch's downloads. Reading: every role that may read the catalogue;
// changing: the owner and managers. The use cases are lib/console/catalogue*.ts and code-runs.ts.

const read = { class: 'staff', area: 'catalogue', access: 'read' } as const;
const write = { class: 'staff', area: 'catalogue', access: 'write' } as const;
/** The downloads carry the hidden and authentication codes: the roles that print only (owner, manager; PRINTING_ROLES). */
const print = write;
const base = '/console/brands/{brand}/catalogue';

const productParams = consoleBrandParams.extend(productParamsShape);
const batchParams = consoleBrandParams.extend(batchParamsShape);
const runParams = consoleBrandParams.extend(codeRunParamsShape);
const imageParams = consoleBrandParams.extend(productImageParamsSchema.shape);
const batchListQuery = z.object({ productId: z.string().min(1).max(64).optional() }).strict();
const pdfQuery = z
  .object({
    levels: z
      .string()
      .regex(/^[6-9](,[6-9])*$/, 'must be code levels like 6,7 (6 overt, 7 covert, 8 case, 9 pallet)')
      .transform((s) => s.split(',').map(Number))
      .optional(),
  })
  .strict();

const download = (body: string | Buffer, contentType: string, fileName: string) =>
  new FileAnswer(typeof body === 'string' ? body : (body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer), {
    'content-type': contentType,
    'content-disposition': contentDisposition('attachment', fileName),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });

// GET /api/console/brands/{brand}/catalogue/products (the catalogue pages read it, callRoute)
export const consoleProductsRoute = defineRoute({
  method: 'get',
  path: `${base}/products`,
  tag: 'console-catalogue',
  access: read,
  params: consoleBrandParams,
  response: { description: 'The brand\'s products, oldest first', schema: productListSchema },
  handle: async (_input, ctx) => ({ products: await listProducts(ctx.scope) }),
});

// GET /api/console/brands/{brand}/catalogue/products/{productId} (the product page reads it, callRoute)
export const consoleProductRoute = defineRoute({
  method: 'get',
  path: `${base}/products/{productId}`,
  tag: 'console-catalogue',
  access: read,
  params: productParams,
  response: { description: 'One product', schema: productSchema },
  handle: async ({ params }, ctx) => getProduct(ctx.scope, params.productId),
});

// GET /api/console/brands/{brand}/catalogue/batches?productId= (the catalogue pages read it, callRoute)
export const consoleBatchesRoute = defineRoute({
  method: 'get',
  path: `${base}/batches`,
  tag: 'console-catalogue',
  access: read,
  params: consoleBrandParams,
  query: batchListQuery,
  response: { description: 'The brand\'s batches, newest first, with their code counts', schema: batchListSchema },
  handle: async ({ query }, ctx) => ({ batches: await listBatches(ctx.scope, { productId: query.productId }) }),
});

// GET /api/console/brands/{brand}/catalogue/batches/{batchId}/code-runs?batchCodes=with|without — the
// runs with the batch's code count (the default: the batch page's poll); the page's first render
// asks without, as it has the count from the batch's own answer (callRoute)
export const consoleCodeRunsRoute = defineRoute({
  method: 'get',
  path: `${base}/batches/{batchId}/code-runs`,
  tag: 'console-catalogue',
  access: read,
  params: batchParams,
  query: codeRunListQuerySchema,
  response: { description: "The batch's code generation runs, newest first, and its code count unless asked without (batchCodes=without)", schema: codeRunListSchema },
  fieldErrors: "batchCodes not 'with' (the default) or 'without', or a field not known",
  handle: ({ params, query }, ctx) => listBatchCodeRuns(ctx.scope, params.batchId, { batchCodes: query.batchCodes === 'with' }),
});

// GET /api/console/brands/{brand}/catalogue/batches/{batchId} (the batch's page reads it, callRoute)
export const consoleBatchRoute = defineRoute({
  method: 'get',
  path: `${base}/batches/{batchId}`,
  tag: 'console-catalogue',
  access: read,
  params: batchParams,
  errors: { 404: 'No such batch of the brand' },
  response: { description: "One batch with its code count, the codes of each level a print-ready PDF takes, and its units' GS1 serials", schema: batchPageSchema },
  handle: async ({ params }, ctx) => {
    const batch = await getBatch(ctx.scope, params.batchId);
    const [levels, serials] = await Promise.all([batchPrintableLevels(ctx.scope, batch.id), batchSerialsSummary(ctx.scope, batch.id)]);
    return { batch, levels, serials };
  },
});

export const consoleCatalogueRoutes = [
  consoleProductsRoute,
  defineRoute({
    method: 'post',
    path: `${base}/products`,
    tag: 'console-catalogue',
    access: write,
    params: consoleBrandParams,
    body: productInputSchema,
    fieldErrors: 'A field is missing or invalid (name, description, warrantyMonths, attributes, images)',
    response: { status: 201, description: 'The product, created', schema: productSchema },
    handle: async ({ body }, ctx) => createProduct(ctx.scope, body),
  }),
  consoleProductRoute,
  defineRoute({
    method: 'put',
    path: `${base}/products/{productId}`,
    tag: 'console-catalogue',
    access: write,
    params: productParams,
    body: productInputSchema,
    fieldErrors: 'A field is missing or invalid (name, description, warrantyMonths, attributes, images)',
    response: { description: 'The product, edited', schema: productSchema },
    handle: async ({ params, body }, ctx) => updateProduct(ctx.scope, params.productId, body),
  }),
  defineRoute({
    method: 'post',
    path: `${base}/images`,
    tag: 'console-catalogue',
    access: write,
    params: consoleBrandParams,
    upload: { fields: 'image (PNG, JPEG, WebP or GIF, at most 5 MB; checked by its content)' },
    errors: { 413: 'The image is larger than 5 MB', 415: 'The file is not an image by its content' },
    response: { status: 201, description: 'The stored image, with the address to name in a product\'s images', schema: productImageSchema },
    handle: async ({ upload }, ctx) => {
      const form = await readSmallForm(upload, { what: 'image', maxBytes: FILE_LIMITS.image + 64 * 1024, fields: [], files: ['image'] });
      const image = form.files.image;
      if (!image) throw fieldError('unprocessable', 'image', 'choose an image to upload');
      return uploadProductImage(ctx.scope, { name: image.name, declaredType: image.type, bytes: image.bytes });
    },
  }),
  defineRoute({
    method: 'get',
    path: `${base}/images/{imageId}`,
    tag: 'console-catalogue',
    access: read,
    params: imageParams,
    response: { description: 'The image', files: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
    handle: async ({ params }, ctx) => {
      const image = await openProductImage(ctx.clientId, params.imageId);
      return new FileAnswer(Readable.toWeb(image.body) as ReadableStream<Uint8Array>, {
        'content-type': image.contentType,
        'content-length': String(image.size),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
        'cache-control': 'private, max-age=3600',
      });
    },
  }),
  consoleBatchesRoute,
  consoleBatchRoute,
  defineRoute({
    method: 'post',
    path: `${base}/batches`,
    tag: 'console-catalogue',
    access: write,
    params: consoleBrandParams,
    body: batchInputSchema,
    fieldErrors: 'A field is missing or invalid (productId, batchNumber, mfgDate, expiryDate, markets)',
    errors: { 409: 'A batch with this number exists at the brand' },
    response: { status: 201, description: 'The batch, created', schema: batchSchema },
    handle: async ({ body }, ctx) => createBatch(ctx.scope, body),
  }),
  // PATCH …/batches/{batchId} {markets} — the countries an existing batch is sold in (set-batch-markets)
  defineRoute({
    method: 'patch',
    path: `${base}/batches/{batchId}`,
    tag: 'console-catalogue',
    access: write,
    params: batchParams,
    body: batchMarketsSchema,
    fieldErrors: 'A malformed country code (field: markets)',
    errors: { 404: 'No such batch of the brand' },
    response: { description: 'The batch with its markets as set (audited)', schema: batchSchema },
    handle: async ({ params, body }, ctx) => setBatchMarketsOf(ctx.scope, params.batchId, body),
  }),
  defineRoute({
    method: 'post',
    path: `${base}/batches/{batchId}/code-runs`,
    tag: 'console-catalogue',
    access: write,
    params: batchParams,
    body: generateCodesInputSchema,
    fieldErrors: 'A field is missing or invalid (count, batchLevel, caseSize, palletSize)',
    response: { status: 201, description: 'The run, started in the background: poll it until its status is done', schema: codeRunSchema },
    handle: async ({ params, body }, ctx) => startCodeRun(ctx.scope, params.batchId, body),
  }),
  consoleCodeRunsRoute,
  defineRoute({
    method: 'get',
    path: `${base}/code-runs/{runId}`,
    tag: 'console-catalogue',
    access: read,
    params: runParams,
    response: { description: 'One run with its progress (done of total codes)', schema: codeRunSchema },
    handle: async ({ params }, ctx) => getCodeRun(ctx.scope, params.runId),
  }),
  defineRoute({
    method: 'get',
    path: `${base}/batches/{batchId}/codes.csv`,
    tag: 'console-catalogue',
    access: print,
    params: batchParams,
    response: { description: 'The batch\'s codes as CSV, one row per code', files: { 'text/csv': { schema: { type: 'string' } } } },
    handle: async ({ params }, ctx) => {
      const { csv, fileName } = await batchCodesCsv(ctx.scope, params.batchId);
      return download(csv, 'text/csv; charset=utf-8', fileName);
    },
  }),
  defineRoute({
    method: 'get',
    path: `${base}/batches/{batchId}/codes.pdf`,
    tag: 'console-catalogue',
    access: print,
    params: batchParams,
    query: pdfQuery,
    errors: { 422: 'The chosen levels of the batch hold more codes than one print-ready PDF (10,000): choose fewer levels or use the CSV' },
    response: { description: 'A print-ready A4 PDF of the batch\'s QR codes', files: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    handle: async ({ params, query }, ctx) => {
      const { pdf, fileName } = await batchCodesPdf(ctx.scope, params.batchId, query.levels);
      return download(pdf, 'application/pdf', fileName);
    },
  }),
];

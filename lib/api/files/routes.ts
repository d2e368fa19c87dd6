import 'server-only';
import { Readable } from 'node:stream';
import { defineRoute, FileAnswer } from '../define-route';
import { fileParamsSchema, fileQuerySchema } from '@/lib/schemas/files';
import { productImageParamsSchema } from '@/lib/schemas/console-catalogue';
import { openProductImage } from '@/lib/console/catalogue';
import { contentDisposition, getFile, openFile } from './get-file';

// Downloads of the customer's own uploads (complaint attachments, warranty invoices), and the
// brand's product images (uploaded through the console, shown on the product pages).

export const fileRoutes = [
  // GET /api/customer/files/{fileId}?disposition=inline|attachment — the bytes, streamed from the
  // file store, never sniffed or run: the type we detected at upload, nosniff, and a sandbox CSP
  // in case a browser renders it.
  defineRoute({
    method: 'get',
    path: '/customer/files/{fileId}',
    tag: 'files',
    access: 'customer',
    params: fileParamsSchema,
    query: fileQuerySchema,
    response: { description: 'The file', files: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
    handle: async ({ params, query }, ctx) => {
      const f = await getFile(ctx.clientId, ctx.customerId, params.fileId);
      const { body, size } = await openFile(f);
      return new FileAnswer(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
        'content-type': f.contentType,
        'content-length': String(size),
        'content-disposition': contentDisposition(query.disposition, f.originalName),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
        'cache-control': 'private, no-store',
      });
    },
  }),
  // GET /api/product-images/{imageId} — a product image of this brand (checked by content when
  // staff uploaded it): public, like the product it shows.
  defineRoute({
    method: 'get',
    path: '/product-images/{imageId}',
    tag: 'files',
    access: 'brand',
    params: productImageParamsSchema,
    response: { description: 'The image', files: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
    handle: async ({ params }, ctx) => {
      const image = await openProductImage(ctx.clientId, params.imageId);
      return new FileAnswer(Readable.toWeb(image.body) as ReadableStream<Uint8Array>, {
        'content-type': image.contentType,
        'content-length': String(image.size),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
        'cache-control': 'public, max-age=86400, immutable',
      });
    },
  }),
];

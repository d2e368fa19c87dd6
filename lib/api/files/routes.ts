import 'server-only';
import { Readable } from 'node:stream';
import { defineRoute, FileAnswer } from '../define-route';
import { fileParamsSchema, fileQuerySchema } from '@/lib/schemas/files';
import { contentDisposition, getFile, openFile } from './get-file';

// Downloads of the customer's own uploads (complaint attachments, warranty invoices).

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
];

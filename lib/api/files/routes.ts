import 'server-only';
import { Readable } from 'node:stream';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { errorResponses } from '../openapi';
import { requireCustomer } from '../auth/require-customer';
import { fileParamsSchema, fileQuerySchema } from '@/lib/schemas/files';
import { contentDisposition, getFile, openFile } from './get-file';

// Downloads of the customer's own uploads (complaint attachments, warranty invoices).

export const fileRoutes = new OpenAPIHono<AppEnv>();

// GET /api/customer/files/{fileId}?disposition=inline|attachment — the bytes, streamed from the
// file store, never sniffed or run:
// the type we detected at upload, nosniff, and a sandbox CSP in case a browser renders it.
fileRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/customer/files/{fileId}',
    tags: ['files'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    request: { params: fileParamsSchema, query: fileQuerySchema },
    responses: {
      200: { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      ...errorResponses,
    },
  }),
  async (c) => {
    const f = await getFile(c.var.client.id, c.var.auth.customerId, c.req.valid('param').fileId);
    const { body, size } = await openFile(f);
    return c.body(Readable.toWeb(body) as ReadableStream, 200, {
      'content-type': f.contentType,
      'content-length': String(size),
      'content-disposition': contentDisposition(c.req.valid('query').disposition, f.originalName),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
      'cache-control': 'private, no-store',
    }) as never;
  },
);

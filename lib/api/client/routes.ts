import 'server-only';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { ApiError } from '@/lib/errors';
import { cloneInfoSchema, embeddingUrlQuerySchema, embeddingUrlResponseSchema } from '@/lib/schemas/client';
import { cloneInfoOf } from './get-clone-info';
import { findClientByHost } from '@/lib/brands/find-client';
import { embeddingAnswer } from './embedding-lookup';
import { errorResponses } from '../openapi';

export const clientRoutes = new OpenAPIHono<AppEnv>();

// GET /api/client/clone-info — the requesting host's brand configuration
clientRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/client/clone-info',
    tags: ['client'],
    responses: { 200: { description: 'Brand configuration', content: { 'application/json': { schema: cloneInfoSchema } } }, ...errorResponses },
  }),
  (c) => c.json(cloneInfoOf(c.var.client), 200),
);

// GET /api/client/{id}/embedding-url?domain= — the requesting brand's own embedding URL. The
// domain-keyed lookup without an id (the spec's /api/client//embedding-url) is public and lives
// in embedding-lookup.ts, before the tenant guard.
clientRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/client/{id}/embedding-url',
    tags: ['client'],
    request: { query: embeddingUrlQuerySchema },
    responses: { 200: { description: 'Embedding URL of the domain', content: { 'application/json': { schema: embeddingUrlResponseSchema } } }, ...errorResponses },
  }),
  async (c) => {
    const query = embeddingUrlQuerySchema.parse(c.req.query());
    if (c.req.param('id') !== c.var.client.id) throw new ApiError('not_found', 'Client not found');
    const target = await findClientByHost(query.domain);
    if (!target || target.id !== c.var.client.id) return c.json([], 200);
    return c.json(embeddingAnswer(target), 200);
  },
);

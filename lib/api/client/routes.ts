import 'server-only';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../errors';
import { cloneInfoSchema, embeddingUrlQuerySchema, embeddingUrlResponseSchema } from '@/lib/schemas/client';
import { getCloneInfo } from './get-clone-info';
import { findClientByHost } from './find-client';
import { storedClientConfigSchema } from '@/lib/schemas/client-config';
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
  (c) => c.json(cloneInfoSchema.parse(getCloneInfo(c.var.client)), 200),
);

// GET /api/client//embedding-url?domain= — where the brand frames the app (spec section 7).
// The spec's path has an empty segment; /api/client/embedding-url and /api/client/{id}/embedding-url
// answer the same. Only the requesting brand's own domains are answered.
const embeddingHandler = async (c: AppContext, id?: string) => {
  const query = embeddingUrlQuerySchema.parse(c.req.query());
  if (id !== undefined && id !== c.var.client.id) throw new ApiError('not_found', 'Client not found');
  const target = await findClientByHost(query.domain);
  if (!target || target.id !== c.var.client.id) return c.json([], 200);
  const ui = storedClientConfigSchema.parse(target.config).ui;
  return c.json(
    embeddingUrlResponseSchema.parse([
      { clientId: target.id, embeddingURL: ui.embeddingURL, isEmbeddingRequired: ui.isEmbeddingRequired },
    ]),
    200,
  );
};

clientRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/client/{id}/embedding-url',
    tags: ['client'],
    request: { query: embeddingUrlQuerySchema },
    responses: { 200: { description: 'Embedding URL of the domain', content: { 'application/json': { schema: embeddingUrlResponseSchema } } }, ...errorResponses },
  }),
  (c) => embeddingHandler(c as unknown as AppContext, c.req.param('id')) as never,
);
clientRoutes.get('/client//embedding-url', (c) => embeddingHandler(c));
clientRoutes.get('/client/embedding-url', (c) => embeddingHandler(c));

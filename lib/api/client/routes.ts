import 'server-only';
import { z } from 'zod';
import { defineRoute } from '../define-route';
import { cloneInfoSchema, embeddingUrlQuerySchema, embeddingUrlResponseSchema } from '@/lib/schemas/client';
import { getCloneInfo } from './get-clone-info';
import { lookUpEmbedding, ownEmbedding } from './embedding-lookup';

// The brand of the requesting host, and where brands are embedded.

const lookup = (path: string, hidden: boolean) =>
  defineRoute({
    method: 'get',
    path,
    tag: 'client',
    access: 'public',
    hidden,
    description: 'Public: answers for whichever brand serves the domain, whatever the requesting host.',
    query: embeddingUrlQuerySchema,
    response: { description: 'Embedding URL of the domain (an empty list when no brand serves it)', schema: embeddingUrlResponseSchema },
    handle: ({ query }) => lookUpEmbedding(query.domain),
  });

export const cloneInfoRoute = defineRoute({
  method: 'get',
  path: '/client/clone-info',
  tag: 'client',
  access: 'brand',
  response: { description: 'Brand configuration', schema: cloneInfoSchema },
  handle: (_input, ctx) => getCloneInfo(ctx.client),
});

export const clientRoutes = [
  // GET /api/client//embedding-url?domain= (the spec's spelling, with an empty id) and
  // /api/client/embedding-url — public, domain-keyed (embedding-lookup.ts)
  lookup('/client/embedding-url', false),
  lookup('/client//embedding-url', true),

  // GET /api/client/clone-info — the requesting host's brand configuration
  cloneInfoRoute,

  // GET /api/client/{id}/embedding-url?domain= — the requesting brand's own embedding URL
  defineRoute({
    method: 'get',
    path: '/client/{id}/embedding-url',
    tag: 'client',
    access: 'brand',
    params: z.object({ id: z.string() }),
    query: embeddingUrlQuerySchema,
    response: { description: 'Embedding URL of the domain', schema: embeddingUrlResponseSchema },
    handle: ({ params, query }, ctx) => ownEmbedding(ctx.client, params.id, query.domain),
  }),
];

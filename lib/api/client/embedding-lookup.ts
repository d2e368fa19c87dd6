import 'server-only';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context';
import { ApiError } from '@/lib/errors';
import { embeddingUrlQuerySchema, embeddingUrlResponseSchema } from '@/lib/schemas/client';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { findClientByHost, type ClientRow } from '@/lib/brands/find-client';

// GET /api/client//embedding-url?domain= (spec section 7; also /api/client/embedding-url) — where
// the brand serving `domain` frames the app. Public, keyed by the domain rather than by the
// requesting host: a brand's embedding origin is public anyway (every page of it names the origin
// in its Content-Security-Policy), and middleware on the Edge runtime asks it of this server with
// fetch, which cannot set the Host header. A blacklisted brand's domain gets 403 like the rest of
// its API; an unknown domain an empty list.

export const embeddingLookupRoutes = new Hono<AppEnv>();

export function embeddingAnswer(client: ClientRow) {
  const ui = brandConfigOf(client).ui;
  return embeddingUrlResponseSchema.parse([
    { clientId: client.id, embeddingURL: ui.embeddingURL, isEmbeddingRequired: ui.isEmbeddingRequired },
  ]);
}

const lookup = async (c: Context<AppEnv>) => {
  const query = embeddingUrlQuerySchema.parse(c.req.query());
  const client = await findClientByHost(query.domain);
  if (!client) return c.json([], 200);
  if (client.serviceStatus === 'Blacklisted') throw new ApiError('forbidden', 'This service is not available for this brand.');
  return c.json(embeddingAnswer(client), 200);
};

embeddingLookupRoutes.get('/client//embedding-url', lookup);
embeddingLookupRoutes.get('/client/embedding-url', lookup);

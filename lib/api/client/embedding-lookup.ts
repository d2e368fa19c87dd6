import 'server-only';
import { ApiError } from '@/lib/errors';
import { embeddingUrlResponseSchema } from '@/lib/schemas/client';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { findClientByHost, type ClientRow } from '@/lib/brands/find-client';
import type { z } from 'zod';

// GET /api/client//embedding-url?domain= (spec section 7; also /api/client/embedding-url) — where
// the brand serving `domain` frames the app. Public, keyed by the domain rather than by the
// requesting host: a brand's embedding origin is public anyway (every page of it names the origin
// in its Content-Security-Policy), and middleware on the Edge runtime asks it of this server with
// fetch, which cannot set the Host header. A blacklisted brand's domain gets 403 like the rest of
// its API; an unknown domain an empty list.

type EmbeddingAnswer = z.input<typeof embeddingUrlResponseSchema>;

export function embeddingAnswer(client: ClientRow): EmbeddingAnswer {
  const ui = brandConfigOf(client).ui;
  return [{ clientId: client.id, embeddingURL: ui.embeddingURL, isEmbeddingRequired: ui.isEmbeddingRequired }];
}

/** The embedding of whichever brand serves `domain`. */
export async function lookUpEmbedding(domain: string): Promise<EmbeddingAnswer> {
  const client = await findClientByHost(domain);
  if (!client) return [];
  if (client.serviceStatus === 'Blacklisted') throw new ApiError('forbidden', 'This service is not available for this brand.');
  return embeddingAnswer(client);
}

/** The requesting brand's own embedding, asked by its id: another brand's domain answers an empty list. */
export async function ownEmbedding(client: ClientRow, id: string, domain: string): Promise<EmbeddingAnswer> {
  if (id !== client.id) throw new ApiError('not_found', 'Client not found');
  const target = await findClientByHost(domain);
  if (!target || target.id !== client.id) return [];
  return embeddingAnswer(target);
}

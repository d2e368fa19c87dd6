import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { brandHostHeader } from '@/lib/shared/host';
import { env } from '@/lib/edge/env';
import { EMBED_DECISION_HEADER, embeddingDecision, originOf, selfOriginOf, type EmbeddingConfig } from '@/lib/domain/embedding';

// The server-side embedding decision of the root layout (docs/legal-and-embedding.md), made
// from the request's own headers, whatever middleware did: a top-level page of an embedding
// brand is redirected (307) to its embedding URL; a frame of a disallowed parent is 'blocked'
// and the layout renders nothing of the app but the red screen. Blocked when either middleware
// (whose answer may name that parent in frame-ancestors) or this check says so.
export async function serverEmbeddingDecision(config: EmbeddingConfig): Promise<'render' | 'blocked'> {
  const h = await headers();
  if (h.get(EMBED_DECISION_HEADER) === 'blocked') return 'blocked';
  if (!config.isEmbeddingRequired) return 'render';
  const path = h.get('x-pathname') ?? '/';
  const parentOrigin = originOf(h.get('referer'));
  const proto = h.get('x-forwarded-proto')?.split(',')[0]?.trim() || 'http';
  const decision = embeddingDecision(config, {
    path,
    secFetchDest: h.get('sec-fetch-dest'),
    parentOrigin,
    selfOrigin: selfOriginOf(brandHostHeader((name) => h.get(name), !!env().TRUST_PROXY), parentOrigin, `${proto}:`),
  });
  if (typeof decision === 'object') redirect(decision.redirect);
  return decision;
}

import { embeddingUrlResponseSchema } from '@/lib/schemas/client';
import type { EmbeddingConfig } from '@/lib/domain/embedding';
import { parseHost } from '@/lib/host';
import { env } from './env';

// The embedding configuration of a host's brand, for middleware.ts (Edge runtime, no database):
// asked of the Brand API's public GET /api/client/embedding-url?domain= on this same server (or
// BRAND_API_URL), with a few seconds' cache per host. A cache, not shared state: a brand's new
// embedding setting reaches every page within EMBEDDING_CACHE_MS. No 'server-only' import: the
// middleware bundle imports this module, like lib/server/env.ts and lib/server/csp.ts.

const EMBEDDING_CACHE_MS = 5_000;
const NONE: EmbeddingConfig = { isEmbeddingRequired: false, embeddingURL: null };
const cache = new Map<string, { at: number; value: Promise<EmbeddingConfig | undefined> }>();

async function load(domain: string, selfOrigin: string): Promise<EmbeddingConfig | undefined> {
  const base = (env().BRAND_API_URL ?? selfOrigin).replace(/\/+$/, '');
  const url = new URL(`${base}/api/client/embedding-url`);
  url.searchParams.set('domain', domain);
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5_000), cache: 'no-store' });
  if (res.status === 403) return NONE; // a blacklisted brand: nothing to frame
  if (res.status !== 200) throw new Error(`embedding-url answered ${res.status}`);
  const parsed = embeddingUrlResponseSchema.safeParse(await res.json());
  if (!parsed.success) throw new Error('embedding-url answer malformed');
  const first = parsed.data[0];
  return first ? { isEmbeddingRequired: first.isEmbeddingRequired, embeddingURL: first.embeddingURL } : NONE;
}

/**
 * The brand's embedding config for a Host header value, or undefined when it cannot be learned
 * right now (the caller then allows no framing at all: fail closed). `selfOrigin` is where this
 * server answers (middleware's request URL origin).
 */
export function embeddingConfigFor(hostHeader: string, selfOrigin: string, now = Date.now()): Promise<EmbeddingConfig | undefined> {
  const domain = parseHost(hostHeader);
  if (!domain) return Promise.resolve(NONE);
  const hit = cache.get(domain);
  if (hit && now - hit.at < EMBEDDING_CACHE_MS) return hit.value;
  const value = load(domain, selfOrigin).catch((err: unknown) => {
    console.error('[middleware] embedding config of', domain, 'unavailable:', err instanceof Error ? err.message : err);
    cache.delete(domain); // not cached: the next request asks again
    return undefined;
  });
  if (cache.size > 1000) cache.clear(); // bounded: hosts are brands' domains, few
  cache.set(domain, { at: now, value });
  return value;
}

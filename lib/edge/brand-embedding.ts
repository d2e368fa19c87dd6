import { embeddingUrlResponseSchema } from '@/lib/schemas/client';
import type { EmbeddingConfig } from '@/lib/domain/embedding';
import { parseHost } from '@/lib/shared/host';
import { env } from './env';
import { brandCache } from '@/lib/edge/brand-cache';

// The embedding configuration of a host's brand, for middleware.ts (Edge runtime, no database):
// asked of the Brand API's public GET /api/client/embedding-url?domain= on this same server
// (found from the request URL Next.js gives middleware, ownServerOrigin; or BRAND_API_URL), with
// a few seconds' cache per host. A cache, not shared state: a brand's new
// embedding setting reaches every page within EMBEDDING_CACHE_MS. No 'server-only' import: the
// middleware bundle imports this module, like lib/edge/env.ts and lib/edge/csp.ts.

const EMBEDDING_CACHE_MS = 5_000;
const NONE: EmbeddingConfig = { isEmbeddingRequired: false, embeddingURL: null };
const cache = brandCache<Promise<EmbeddingConfig | undefined>>('embedding', EMBEDDING_CACHE_MS, 1000);

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
 * Where this server itself answers, from the URL Next.js hands middleware: Next builds it from
 * the hostname and port the server listens on (`next start -p 4000`, or the launcher's
 * next({ hostname, port })), not from the Host header, so no launcher needs to pass its port in
 * the environment. Always plain http (a TLS proxy in front makes it https:// here); a server
 * listening on every address, or on 'localhost', is asked on loopback.
 */
export function ownServerOrigin(requestUrl: URL): string {
  const port = requestUrl.port || (requestUrl.protocol === 'https:' ? '443' : '80');
  const host = requestUrl.hostname;
  const loopback = host === 'localhost' || host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
  return `http://${loopback}:${port}`;
}

/**
 * The brand's embedding config for a Host header value, or undefined when it cannot be learned
 * right now (the caller then allows no framing at all: fail closed). `selfOrigin` is where this
 * server answers (middleware's request URL origin).
 */
export function embeddingConfigFor(hostHeader: string, selfOrigin: string, now = Date.now()): Promise<EmbeddingConfig | undefined> {
  const domain = parseHost(hostHeader);
  if (!domain) return Promise.resolve(NONE);
  const hit = cache.get(domain, now);
  if (hit) return hit;
  const value = load(domain, selfOrigin).catch((err: unknown) => {
    console.error('[middleware] embedding config of', domain, 'unavailable:', err instanceof Error ? err.message : err);
    cache.delete(domain); // not cached: the next request asks again
    return undefined;
  });
  cache.set(domain, value, cache.stamp(now));
  return value;
}

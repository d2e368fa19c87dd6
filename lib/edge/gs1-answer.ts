import { gs1DescriptionSchema, gs1ResolutionSchema, gs1SigningKeySchema, type Gs1Resolution } from '@/lib/schemas/gs1';
import { GS1_SIGNATURE_AI, GS1_VOC, isCompressedCandidate, isDigitalLinkPath, linkTypeName } from '@/lib/domain/gs1';
import { routeClassOf } from '@/lib/shared/routes';
import { env } from './env';

// The GS1-conformant resolver's HTTP answers on a brand's domain (docs/gs1.md), for middleware.ts
// (Edge runtime, no database): the data comes from the Brand API's public GET /api/gs1/resolution
// and /api/gs1/description on this same server (lib/api/gs1), which answer 404 for a brand without
// GS1: then the path is no page of the app ('Page not Found!', the caller's next()). Here: GET, HEAD
// and OPTIONS with CORS, the default link or the asked link type by a 307 that no one caches, the
// RFC 9264 linkset without a redirect, the Link header to that linkset on every answer, the query
// string passed on, 400 for a malformed path, 404 for a link type the item has none of. The AI 8030
// signature of a unit's URI (`?8030=`) goes to the API, which checks it for a brand that signs its
// URIs; it is not passed on to the target.

export const GS1_DESCRIPTION_PATH = '/.well-known/gs1resolver';
/** Where a brand that signs its GS1 URIs (AI 8030) publishes its Ed25519 public key, as a JWK. */
export const GS1_SIGNING_KEY_PATH = '/.well-known/gs1-signing-key';
const LINKSET_TYPE = 'application/linkset+json';
const LINKSET_CONTEXT = 'https://ref.gs1.org/voc/data/linkset-context';
/** The query parameters the resolver reads itself (the AI 8030 signature included); every other one is passed on to the target. */
const RESOLVER_PARAMS = new Set(['linkType', 'context', GS1_SIGNATURE_AI]);

/** Whether middleware hands the path to the resolver (it still falls through when the brand has GS1 off). */
export function isGs1Path(pathname: string): boolean {
  return (
    pathname === GS1_DESCRIPTION_PATH ||
    pathname === `${GS1_DESCRIPTION_PATH}/` ||
    pathname === GS1_SIGNING_KEY_PATH ||
    isDigitalLinkPath(pathname) ||
    // a compressed URI is one segment that is no page of the app (the API decompresses it, or says not found)
    (isCompressedCandidate(pathname) && routeClassOf(pathname) === undefined)
  );
}

const CORS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Accept, Accept-Language, Content-Type',
  'access-control-expose-headers': 'Link, Location, Content-Type',
};

export type Gs1Request = {
  method: string;
  /** The brand's origin as the visitor sees it (`https://brand.example`). */
  origin: string;
  pathname: string;
  searchParams: URLSearchParams;
  accept: string | null;
};

function answer(method: string, status: number, headers: Record<string, string>, body?: string): Response {
  const all = { ...CORS, 'cache-control': 'no-store', vary: 'Accept', ...headers };
  return new Response(method === 'HEAD' || status === 204 || body === undefined ? null : body, { status, headers: all });
}

function problem(method: string, status: number, message: string, link?: string): Response {
  return answer(method, status, { 'content-type': 'application/json', ...(link ? { link } : {}) }, JSON.stringify({ errorMessage: message }));
}

/** The Link header: the item's linkset (and, on the linkset itself, its JSON-LD context). */
function linkHeader(anchor: string, withContext: boolean, signature?: string | null): string {
  // A signed unit URI's linkset is asked with its signature, without which it would be refused.
  const sig = signature ? `${GS1_SIGNATURE_AI}=${encodeURIComponent(signature)}&` : '';
  const linkset = `<${anchor}?${sig}linkType=linkset>; rel="linkset"; type="${LINKSET_TYPE}"`;
  return withContext ? `${linkset}, <${LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"` : linkset;
}

/** The RFC 9264 linkset of a resolution, in GS1's form: one object per item, link types as GS1 vocabulary URIs. */
export function linksetOf(resolution: Gs1Resolution, origin: string): { linkset: Array<Record<string, unknown>> } {
  return {
    linkset: resolution.levels.map((level) => {
      const item: Record<string, unknown> = { anchor: origin + level.path, itemDescription: level.itemDescription };
      for (const link of level.links) {
        const rel = GS1_VOC + link.linkType;
        const target = { href: absolute(origin, link.href), title: link.title, type: 'text/html', hreflang: ['en'] };
        item[rel] = [...((item[rel] as object[] | undefined) ?? []), target];
      }
      const fallback = level.links.find((l) => l.linkType === level.defaultLinkType);
      if (fallback) item[`${GS1_VOC}defaultLink`] = [{ href: absolute(origin, fallback.href), title: fallback.title }];
      return item;
    }),
  };
}

function absolute(origin: string, href: string): string {
  return /^https?:\/\//.test(href) ? href : origin + href;
}

/** The target with the request's own query passed on (the resolver's parameters left out). */
function withQuery(target: string, searchParams: URLSearchParams): string {
  const url = new URL(target);
  for (const [name, value] of searchParams) if (!RESOLVER_PARAMS.has(name)) url.searchParams.append(name, value);
  return url.toString();
}

/** The resolver's answer to a request for a resolution (or its refusal), as the Brand API gave it. */
export function resolutionAnswer(req: Gs1Request, resolution: Gs1Resolution): Response {
  const anchor = req.origin + resolution.path;
  // A compressed request names its uncompressed URI (owl:sameAs), the subject of its linkset.
  const sameAs = isDigitalLinkPath(req.pathname) ? '' : `, <${anchor}>; rel="owl:sameAs"`;
  const signature = resolution.matched === 'unit' ? req.searchParams.get(GS1_SIGNATURE_AI) : null;
  const link = linkHeader(anchor, false, signature) + sameAs;
  if (req.method === 'OPTIONS') return answer(req.method, 204, { allow: 'GET, HEAD, OPTIONS', link });
  const linkType = req.searchParams.get('linkType');
  const wantsLinkset =
    linkType === 'linkset' || linkType === 'all' || (linkType === null && (req.accept ?? '').toLowerCase().includes(LINKSET_TYPE));
  if (wantsLinkset) {
    return answer(req.method, 200, { 'content-type': LINKSET_TYPE, link: linkHeader(anchor, true, signature) + sameAs }, JSON.stringify(linksetOf(resolution, req.origin)));
  }
  let target: string | undefined;
  if (linkType === null) {
    const item = resolution.levels[0]!;
    target = item.links.find((l) => l.linkType === item.defaultLinkType)?.href;
  } else {
    const name = linkTypeName(linkType);
    // The most granular item that has a link of the type (walking up the key's qualifiers).
    for (const level of name ? resolution.levels : []) {
      target = level.links.find((l) => l.linkType === name)?.href;
      if (target) break;
    }
    if (!target) return problem(req.method, 404, `No link of type ${linkType} for this item.`, link);
  }
  if (!target) return problem(req.method, 404, 'No link for this item.', link);
  return answer(req.method, 307, { location: withQuery(absolute(req.origin, target), req.searchParams), link });
}

type ApiAnswer = { status: number; body: unknown };

async function askApi(selfOrigin: string, path: string, params: Record<string, string>): Promise<ApiAnswer> {
  const base = (env().BRAND_API_URL ?? selfOrigin).replace(/\/+$/, '');
  const url = new URL(`${base}/api${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5_000), cache: 'no-store' });
    return { status: res.status, body: await res.json().catch(() => undefined) };
  } catch (err) {
    console.error('[middleware] GS1 resolver data unavailable:', err instanceof Error ? err.message : err);
    return { status: 503, body: undefined };
  }
}

/**
 * The resolver's answer to a GS1 path on `domain`, or undefined when the brand has GS1 off (or
 * the path names no product of it): the caller then serves the app's own 'Page not Found!'.
 */
export async function gs1Answer(req: Gs1Request, domain: string, selfOrigin: string): Promise<Response | undefined> {
  if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method)) {
    return answer(req.method, 405, { allow: 'GET, HEAD, OPTIONS', 'content-type': 'application/json' }, JSON.stringify({ errorMessage: 'Method not allowed' }));
  }
  if (req.pathname.replace(/\/$/, '') === GS1_DESCRIPTION_PATH) {
    const res = await askApi(selfOrigin, '/gs1/description', { domain });
    if (res.status === 503) return problem(req.method, 503, 'The resolver is not available right now.');
    if (res.status !== 200) return undefined;
    const description = gs1DescriptionSchema.parse(res.body);
    // The root the visitor reached: http for a local host, as the printed links.
    const body = JSON.stringify({ ...description, resolverRoot: req.origin });
    return req.method === 'OPTIONS' ? answer(req.method, 204, { allow: 'GET, HEAD, OPTIONS' }) : answer(req.method, 200, { 'content-type': 'application/json' }, body);
  }
  if (req.pathname === GS1_SIGNING_KEY_PATH) {
    const res = await askApi(selfOrigin, '/gs1/signing-key', { domain });
    if (res.status === 503) return problem(req.method, 503, 'The resolver is not available right now.');
    if (res.status !== 200) return undefined;
    const jwk = gs1SigningKeySchema.parse(res.body);
    return req.method === 'OPTIONS' ? answer(req.method, 204, { allow: 'GET, HEAD, OPTIONS' }) : answer(req.method, 200, { 'content-type': 'application/jwk+json' }, JSON.stringify(jwk));
  }
  // No AI 8030 value is longer than 90 characters: a longer one stays too long, and refused, when cut to 100.
  const signature = req.searchParams.get(GS1_SIGNATURE_AI)?.slice(0, 100);
  const res = await askApi(selfOrigin, '/gs1/resolution', { domain, path: req.pathname, ...(signature !== undefined ? { signature } : {}) });
  if (res.status === 400) {
    const message = (res.body as { errorMessage?: string } | undefined)?.errorMessage ?? 'Malformed GS1 Digital Link URI.';
    return problem(req.method, 400, message);
  }
  if (res.status === 503) return problem(req.method, 503, 'The resolver is not available right now.');
  if (res.status !== 200) return undefined;
  return resolutionAnswer(req, gs1ResolutionSchema.parse(res.body));
}

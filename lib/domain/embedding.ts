import { VERIFY_PAGE_PREFIXES } from '@/lib/shared/verify-paths';

// The embedding rule (product-spec section 5; docs/legal-and-embedding.md). Pure: middleware
// calls it with request headers, the in-page check with what the browser knows of its parent.
//
// A brand that requires embedding renders only inside a frame whose parent has the origin of
// its registered embeddingURL. A top-level visit is sent to the embeddingURL; on verify pages the
// path (with its query) rides along as ?path=, so the brand's page can frame the right screen.

export type EmbeddingConfig = { isEmbeddingRequired: boolean; embeddingURL: string | null };

export type EmbeddingRequest = {
  /** Path of the page asked for, with its query string if any (e.g. /overt/verify/abc?x=1). */
  path: string;
  /** The Sec-Fetch-Dest header: 'document' at top level, 'iframe' (or 'frame') in a frame. */
  secFetchDest?: string | null;
  /** Origin of the framing page when known (Referer of a frame navigation, or ancestorOrigins). */
  parentOrigin?: string | null;
  /** This app's own origin: a parent of the same origin is a navigation inside the frame. */
  selfOrigin?: string | null;
};

export type EmbeddingDecision = 'render' | 'blocked' | { redirect: string };

/** Request header by which middleware tells the root layout its decision ('render' | 'blocked'). */
export const EMBED_DECISION_HEADER = 'x-embed-decision';

/** The empty page a blocked frame is rewritten to (app/embed-blocked): no app page is rendered. */
export const EMBED_BLOCKED_PATH = '/embed-blocked';

/** Query parameter that carries the verify path to the brand's embedding page. */
export const EMBED_PATH_PARAM = 'path';

const verifyPatterns = VERIFY_PAGE_PREFIXES.map((prefix) => new RegExp('^' + prefix + '[^/?#]+/?$'));

export function isVerifyPath(pathname: string): boolean {
  return verifyPatterns.some((re) => re.test(pathname));
}

/** The origin of a URL, or undefined when it is not an absolute http(s) URL. */
export function originOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

function requiredOrigin(config: EmbeddingConfig): string | undefined {
  return config.isEmbeddingRequired ? originOf(config.embeddingURL) : undefined;
}

/**
 * The app's own origin as the request names it (Host header; a TLS proxy may hide the scheme,
 * so a parent on the same host counts as the app itself whatever its scheme).
 */
export function selfOriginOf(host: string | null | undefined, parentOrigin: string | undefined, protocol = 'http:'): string | null {
  if (!host) return null;
  if (parentOrigin && new URL(parentOrigin).host === host.toLowerCase()) return parentOrigin;
  return `${protocol}//${host.toLowerCase()}`;
}

/** Where a top-level visit goes: the embeddingURL, with ?path= on verify pages. */
export function embeddingRedirectUrl(embeddingURL: string, path: string): string {
  const target = new URL(embeddingURL);
  const pathname = path.split(/[?#]/)[0] ?? '/';
  if (isVerifyPath(pathname)) target.searchParams.set(EMBED_PATH_PARAM, path);
  return target.toString();
}

export function embeddingDecision(config: EmbeddingConfig, req: EmbeddingRequest): EmbeddingDecision {
  const allowed = requiredOrigin(config);
  if (!allowed || !config.embeddingURL) return 'render';
  const dest = req.secFetchDest?.toLowerCase();
  if (dest === 'document') {
    // A registration of the app's own origin would loop: render rather than redirect to ourselves.
    if (req.selfOrigin && allowed === req.selfOrigin) return 'render';
    return { redirect: embeddingRedirectUrl(config.embeddingURL, req.path) };
  }
  if (dest === 'iframe' || dest === 'frame' || dest === 'embed' || dest === 'object') {
    const parent = originOf(req.parentOrigin);
    // Unknown parent (no Referer), or a navigation inside the frame: the CSP frame-ancestors
    // header and the in-page check decide.
    if (!parent || (req.selfOrigin && parent === req.selfOrigin)) return 'render';
    return parent === allowed ? 'render' : 'blocked';
  }
  // Client-side data requests (Sec-Fetch-Dest: empty) and old browsers without the header.
  return 'render';
}

/** The CSP frame-ancestors value: exactly the registered origin when embedding is required. */
export function frameAncestorsFor(config: EmbeddingConfig): string {
  return requiredOrigin(config) ?? "'self'";
}

/** A Content-Security-Policy with its frame-ancestors directive set to `value`. */
export function withFrameAncestors(csp: string, value: string): string {
  const kept = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !/^frame-ancestors(\s|$)/i.test(d));
  return [...kept, `frame-ancestors ${value}`].join('; ');
}

/**
 * What the page itself knows of its parent: Chromium's location.ancestorOrigins (the immediate
 * parent first), else the document.referrer's origin. Undefined at top level.
 */
export function parentOriginFromBrowser(view: {
  isTopLevel: boolean;
  ancestorOrigins?: ArrayLike<string> | null;
  referrer?: string;
}): string | undefined {
  if (view.isTopLevel) return undefined;
  const first = view.ancestorOrigins && view.ancestorOrigins.length > 0 ? view.ancestorOrigins[0] : undefined;
  return originOf(first) ?? originOf(view.referrer);
}

/** The in-page decision: top level → 'document', framed → 'iframe' with the parent as seen by the browser. */
export function embeddingDecisionInPage(
  config: EmbeddingConfig,
  view: { path: string; isTopLevel: boolean; ancestorOrigins?: ArrayLike<string> | null; referrer?: string; selfOrigin: string },
): EmbeddingDecision {
  if (view.isTopLevel) return embeddingDecision(config, { path: view.path, secFetchDest: 'document', selfOrigin: view.selfOrigin });
  const parent = parentOriginFromBrowser(view);
  // In the page, a referrer of our own origin is an in-frame navigation; ancestorOrigins is the truth.
  const fromAncestors = view.ancestorOrigins && view.ancestorOrigins.length > 0;
  if (!parent) return requiredOrigin(config) ? 'blocked' : 'render';
  if (fromAncestors) return requiredOrigin(config) && parent !== requiredOrigin(config) ? 'blocked' : 'render';
  return embeddingDecision(config, { path: view.path, secFetchDest: 'iframe', parentOrigin: parent, selfOrigin: view.selfOrigin });
}

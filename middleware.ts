import { NextResponse, type NextRequest } from 'next/server';
import { brandHostHeader, parseHost } from '@/lib/shared/host';
import { LOGIN_PATH, RETURN_PARAM, routeClassOf } from '@/lib/shared/routes';
import { SESSION_COOKIE, isEndedSessionProof, requestCookieAttributes, serializeSessionCookie, unsealSessionId } from '@/lib/edge/session-cookie';
import { cookieName, legacyClearings } from '@/lib/edge/cookies';
import { cameOverHttps, HSTS_VALUE } from '@/lib/shared/https';
import { env } from '@/lib/edge/env';
import { contentSecurityPolicy } from '@/lib/edge/csp';
import { embeddingConfigFor, ownServerOrigin } from '@/lib/edge/brand-embedding';
import { DEVICE_COOKIE, DEVICE_PATH, issueDeviceId, issuedDeviceIdOf, serializeDeviceCookie, withDeviceCookie } from '@/lib/edge/device-id';
import { isConsoleRequestHeaders } from '@/lib/edge/console-host';
import { gs1Answer, isGs1Path } from '@/lib/edge/gs1-answer';
import { VISIT_HEADER, visitKindOf } from '@/lib/domain/visitor';
import { EMBED_BLOCKED_PATH, EMBED_DECISION_HEADER, embeddingDecision, selfOriginOf, frameAncestorsFor, originOf, withFrameAncestors } from '@/lib/domain/embedding';

// Middleware (Edge runtime): tenant from host, the CSP with a fresh nonce and the brand's
// frame-ancestors, the embedding redirect of a top-level visit (docs/legal-and-embedding.md), and
// the early redirects of the route classes (lib/shared/routes.ts). Not a security boundary for sessions:
// every layout checks the session itself; the root layout re-decides embedding from the headers.

function redirectTo(req: NextRequest, location: string) {
  return NextResponse.redirect(new URL(location, req.url), 307);
}

async function hasValidSeal(sealed: string | undefined): Promise<boolean> {
  const secret = env().SESSION_SECRET;
  if (!secret) return false;
  return (await unsealSessionId(sealed, secret)) !== undefined;
}

/** Bare-named cookies a page request over HTTPS may still carry (lib/edge/cookies.ts): cleared, never read. */
const LEGACY_PAGE_COOKIES = [
  { name: SESSION_COOKIE, path: '/' },
  { name: DEVICE_COOKIE, path: '/' },
];

/**
 * The console host (docs/console.md): its pages live under app/(console)/console/, seen here
 * without that prefix (/sign-in, /<brand>/<area>); no brand, no embedding, framed by nobody.
 * Its layouts check the staff session themselves. On every other host /console/... is no page
 * (the console's layout answers 'Page not Found!' there).
 */
function consolePage(req: NextRequest): NextResponse {
  const { pathname, searchParams } = req.nextUrl;
  // The path as the visitor sees it, for the return after sign-in (without the router's _rsc marker).
  const visible = new URLSearchParams([...searchParams].filter(([k]) => k !== '_rsc'));
  const search = visible.size ? `?${visible}` : '';
  const nonce = btoa(crypto.randomUUID());
  const csp = withFrameAncestors(contentSecurityPolicy(nonce, env().NODE_ENV === 'development'), "'none'");
  const https = cameOverHttps(req.url, req.headers.get('x-forwarded-proto'));
  const forward = new Headers(req.headers);
  forward.set(EMBED_DECISION_HEADER, 'render');
  forward.set('x-pathname', pathname + search);
  forward.set('x-nonce', nonce);
  forward.set('content-security-policy', csp);
  forward.set('x-forwarded-proto', https ? 'https' : 'http');
  const target = new URL(req.url);
  target.pathname = pathname === '/' ? '/console' : `/console${pathname}`;
  const res = NextResponse.rewrite(target, { request: { headers: forward } });
  res.headers.set('content-security-policy', csp);
  if (https) res.headers.set('strict-transport-security', HSTS_VALUE);
  return res;
}

export async function middleware(req: NextRequest) {
  const { pathname, search, searchParams } = req.nextUrl;
  // The brand's host as the API reads it (behind a trusted proxy, X-Forwarded-Host).
  const host = brandHostHeader((name) => req.headers.get(name), !!env().TRUST_PROXY) ?? '';
  // The console by its Host only (an X-Forwarded-Host never selects it: isConsoleRequestHeaders).
  const consoleHost = isConsoleRequestHeaders((name) => req.headers.get(name));
  // A GS1 Digital Link path on a brand with GS1 on is answered by the resolver (docs/gs1.md);
  // with GS1 off it is no page ('Page not Found!', below).
  const domain = parseHost(host);
  if (!consoleHost && domain && isGs1Path(pathname)) {
    const https = cameOverHttps(req.url, req.headers.get('x-forwarded-proto'));
    const gs1 = await gs1Answer(
      { method: req.method, origin: `${https ? 'https' : 'http'}://${host}`, pathname, searchParams, accept: req.headers.get('accept') },
      domain,
      ownServerOrigin(req.nextUrl),
    );
    if (gs1) return gs1;
  }
  // Next.js's own trailing-slash redirect is off (next.config.mjs, for the resolver): the same 308 here.
  if (pathname.length > 1 && pathname.endsWith('/')) {
    return NextResponse.redirect(new URL((pathname.replace(/\/+$/, '') || '/') + search, req.url), 308);
  }
  if (consoleHost) return consolePage(req);
  // Unknown config (the API did not answer): framed by nobody but the app itself (fail closed).
  // Asked of this same server, at the address Next.js names in the request URL (ownServerOrigin).
  const embedding = host ? await embeddingConfigFor(host, ownServerOrigin(req.nextUrl)) : undefined;
  const parentOrigin = originOf(req.headers.get('referer'));
  const decision = embedding
    ? embeddingDecision(embedding, {
        path: pathname + search,
        secFetchDest: req.headers.get('sec-fetch-dest'),
        parentOrigin,
        // From the Host header: nextUrl names the server's own hostname, not the brand's.
        selfOrigin: selfOriginOf(host, parentOrigin, req.nextUrl.protocol),
      })
    : 'render';
  if (typeof decision === 'object') return NextResponse.redirect(decision.redirect, 307);
  const cls = routeClassOf(pathname);
  // The cookies' attributes and names for this request's scheme (`__Host-` over HTTPS).
  const https = cameOverHttps(req.url, req.headers.get('x-forwarded-proto'));
  const attrs = requestCookieAttributes({ embedding: embedding?.isEmbeddingRequired ?? false, https, host: parseHost(host) });
  const sessionCookie = req.cookies.get(cookieName(SESSION_COOKIE, attrs.hostPrefix))?.value;
  const deviceCookieName = cookieName(DEVICE_COOKIE, attrs.hostPrefix);
  // Every answer from here on, redirects included, clears the bare names left from before https.
  const legacy = legacyClearings(LEGACY_PAGE_COOKIES, (name) => req.cookies.has(name), attrs);
  const clearingLegacy = (res: NextResponse) => {
    for (const clearing of legacy) res.headers.append('set-cookie', clearing);
    return res;
  };
  // A session that the signed-in layout found dead comes back with expired=1: clear its cookie,
  // but only when this site sent the visitor there (or they typed it), or with this server's proof
  // that this very session ended (lib/edge/session-cookie.ts: a frame loaded by an embedding parent is
  // a cross-site navigation); never on another site's say-so. Either way /login shows without a
  // redirect to '/'.
  const endedSession = cls === 'public-only' && searchParams.get('expired') === '1';
  const fetchSite = req.headers.get('sec-fetch-site');
  const clearEndedSession =
    endedSession &&
    (fetchSite === 'same-origin' ||
      fetchSite === 'none' ||
      (await isEndedSessionProof(searchParams.get('ended'), sessionCookie, env().SESSION_SECRET)));
  const signedIn = !endedSession && cls !== undefined && cls !== 'anonymous' && (await hasValidSeal(sessionCookie));

  // A blocked frame gets the red screen whatever the route (no sign-in redirects inside it).
  if (decision !== 'blocked' && cls === 'public-only' && signedIn) return clearingLegacy(redirectTo(req, '/'));
  if (decision !== 'blocked' && cls === 'signed-in' && !signedIn) {
    return clearingLegacy(redirectTo(req, `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_PARAM]: pathname + search })}`));
  }

  const nonce = btoa(crypto.randomUUID());
  // A blocked frame gets the red screen only (the root layout sees x-embed-decision), and that
  // screen may show in the parent that asked, so the visitor learns why; every other page may be
  // framed only by the registered origin (or only by the app itself).
  const frameAncestors =
    decision === 'blocked' && parentOrigin ? parentOrigin : frameAncestorsFor(embedding ?? { isEmbeddingRequired: false, embeddingURL: null });
  const csp = withFrameAncestors(contentSecurityPolicy(nonce, env().NODE_ENV === 'development'), frameAncestors);
  const forward = new Headers(req.headers);
  forward.set(EMBED_DECISION_HEADER, decision);
  forward.set('x-pathname', pathname + search);
  forward.set('x-nonce', nonce);
  forward.set('content-security-policy', csp);
  // The scheme as decided here, so the server components and the API they call read the cookies
  // under the same names (lib/server/session.ts).
  forward.set('x-forwarded-proto', https ? 'https' : 'http');
  // Who is asking (lib/domain/visitor.ts): the verify pages show a preview, and record nothing,
  // to a link-preview fetcher, a crawler, a HEAD request or a prefetch. Only this says so.
  const visit = visitKindOf(req.method, (name) => req.headers.get(name));
  forward.delete(VISIT_HEADER);
  if (visit !== 'person') forward.set(VISIT_HEADER, visit);
  // A scan page without a device id this server issued for this brand's domain (signed) gets a
  // new one, already in this request's cookies so the scan it shows is grouped by it
  // (docs/verification.md, "Risk"). Without the server's secret no id is issued (no device).
  const secret = env().SESSION_SECRET;
  const deviceId =
    visit === 'person' && secret && domain && DEVICE_PATH.test(pathname) && !(await issuedDeviceIdOf(req.cookies.get(deviceCookieName)?.value, domain, secret))
      ? await issueDeviceId(domain, secret)
      : null;
  if (deviceId) forward.set('cookie', withDeviceCookie(req.headers.get('cookie'), deviceId, deviceCookieName));
  const res =
    decision === 'blocked'
      ? NextResponse.rewrite(new URL(EMBED_BLOCKED_PATH, req.url), { request: { headers: forward } })
      : NextResponse.next({ request: { headers: forward } });
  res.headers.set('content-security-policy', csp);
  if (https) res.headers.set('strict-transport-security', HSTS_VALUE);
  // In an embedding brand's frame a cookie without SameSite=None; Secure; Partitioned is another
  // cookie, so clearing uses the same attributes as setting.
  if (deviceId) res.headers.append('set-cookie', serializeDeviceCookie(deviceId, attrs));
  if (clearEndedSession) res.headers.append('set-cookie', serializeSessionCookie('', attrs, 0));
  return clearingLegacy(res);
}

// Every page response carries the CSP with frame-ancestors, router prefetches included (their
// answer may later be shown as the page) and paths that merely end like a file name
// (/info/verify/abc.json is a page). Only the API (its own headers), Next's build assets and the
// favicon are left out.
export const config = {
  matcher: ['/((?!api/|api$|_next/static/|_next/image|favicon\\.|fonts/).*)'],
};

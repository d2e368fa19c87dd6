import { env } from '@/lib/edge/env';

// The names and Set-Cookie values of every cookie the app sets (docs/security.md, "Cookies"),
// worked out here only. Edge-safe: the middleware, the server components and the API use it.
//
// A request that came over HTTPS (lib/shared/https.ts: directly, or X-Forwarded-Proto: https) gets and
// is read under `__Host-<name>`: the browser then accepts the cookie only with Secure, Path=/ and
// no Domain, from this very host, so neither a sibling subdomain nor a plain-http page can plant
// or overwrite it (session fixation, cookie tossing). Over plain http (local development) the
// cookie keeps its bare name, which is the only one a browser accepts there.
//
// The bare name seen over HTTPS was set before the deployment moved to HTTPS, or by someone who
// could write this host's cookies without HTTPS: it is never read, only cleared (legacyClearings);
// the customer signs in once more.

export const HOST_PREFIX = '__Host-';

/** Whether the cookies of a request carry the __Host- prefix: over HTTPS, unless COOKIE_SECURE=false refuses Secure. */
export function usesHostPrefix(https: boolean, cookieSecure: boolean | undefined = env().COOKIE_SECURE): boolean {
  return https && cookieSecure !== false;
}

/** The name a cookie goes by on a request. */
export function cookieName(base: string, hostPrefix: boolean): string {
  return hostPrefix ? `${HOST_PREFIX}${base}` : base;
}

export type CookieAttributes = {
  sameSite: 'lax' | 'none';
  secure: boolean;
  partitioned: boolean;
  /** `__Host-` name, Secure and Path=/ (never a Domain: the app sets none). */
  hostPrefix: boolean;
};

/**
 * A Set-Cookie value (HttpOnly; maxAge 0 clears). `path` is where the bare cookie lives; a
 * prefixed cookie lives at Path=/, as the prefix demands.
 */
export function serializeCookie(base: string, value: string, attrs: CookieAttributes, maxAge: number, path = '/'): string {
  const parts = [
    `${cookieName(base, attrs.hostPrefix)}=${value}`,
    `Path=${attrs.hostPrefix ? '/' : path}`,
    `Max-Age=${Math.max(0, Math.floor(maxAge))}`,
    'HttpOnly',
    attrs.sameSite === 'none' ? 'SameSite=None' : 'SameSite=Lax',
  ];
  if (attrs.secure || attrs.hostPrefix) parts.push('Secure');
  if (attrs.partitioned) parts.push('Partitioned');
  return parts.join('; ');
}

/**
 * Set-Cookie values clearing the bare-named cookies a request over HTTPS still carries (`has`
 * tells which it sent), each at the path it was set with and in the same jar (SameSite=None;
 * Partitioned inside an embedding brand's frame). Nothing over plain http.
 */
export function legacyClearings(
  cookies: readonly { name: string; path: string }[],
  has: (name: string) => boolean,
  attrs: CookieAttributes,
): string[] {
  if (!attrs.hostPrefix) return [];
  const bare = { ...attrs, hostPrefix: false };
  return cookies.filter((c) => has(c.name)).map((c) => serializeCookie(c.name, '', bare, 0, c.path));
}

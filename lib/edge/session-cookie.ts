import { sealData, unsealData } from 'iron-session';
import { env } from '@/lib/edge/env';
import { cookieName, serializeCookie, usesHostPrefix, type CookieAttributes } from '@/lib/edge/cookies';

// The session cookie (DESIGN.md section 3): an iron-session seal of a session id; the sessions
// table decides whether that id is still live. Edge-safe (no node: imports, no database), so
// middleware.ts can check that a cookie is a valid seal before any redirect.

/** The bare name; over HTTPS the cookie is `__Host-bv_session` (lib/edge/cookies.ts). */
export const SESSION_COOKIE = 'bv_session';

/** The name the session cookie is read and set under on a request (over HTTPS or not). */
export const sessionCookieName = (https: boolean): string => cookieName(SESSION_COOKIE, usesHostPrefix(https));

/** How long a session (and its cookie and seal) lives. */
export function sessionTtlSeconds(): number {
  return env().SESSION_TTL_DAYS * 24 * 60 * 60;
}

export function sealSessionId(sid: string, secret: string): Promise<string> {
  return sealData({ sid }, { password: secret, ttl: sessionTtlSeconds() });
}

/** The session id inside a cookie value, or undefined when it is tampered, expired or malformed. */
export async function unsealSessionId(value: string | undefined | null, secret: string): Promise<string | undefined> {
  if (!value || value.length > 4096) return undefined;
  try {
    const data = await unsealData<{ sid?: unknown }>(value, { password: secret, ttl: sessionTtlSeconds() });
    return typeof data.sid === 'string' && data.sid.length > 0 ? data.sid : undefined;
  } catch {
    return undefined;
  }
}

export type SessionCookieAttributes = CookieAttributes & { path: '/'; httpOnly: true };

/**
 * Attributes of the app's cookies (the shape serializeSessionCookie and serializeCookie take).
 * A brand that is embedded in another site needs SameSite=None; Secure; Partitioned (CHIPS) so the
 * framed app keeps its session; otherwise SameSite=Lax. `hostPrefix`: the `__Host-` name.
 */
export function sessionCookieAttributes({
  embedding,
  secure,
  hostPrefix = false,
}: {
  embedding: boolean;
  secure: boolean;
  hostPrefix?: boolean;
}): SessionCookieAttributes {
  return embedding
    ? { path: '/', httpOnly: true, sameSite: 'none', secure: true, partitioned: true, hostPrefix }
    : { path: '/', httpOnly: true, sameSite: 'lax', secure: secure || hostPrefix, partitioned: false, hostPrefix };
}

/**
 * The cookie attributes for a request, the one rule of the middleware and the API: Secure when
 * it came over HTTPS, on loopback hosts (browsers accept Secure cookies there over http) or when
 * COOKIE_SECURE says so; the `__Host-` name over HTTPS (lib/edge/cookies.ts).
 */
export function requestCookieAttributes({ embedding, https, host }: { embedding: boolean; https: boolean; host: string | undefined }): SessionCookieAttributes {
  const secure = env().COOKIE_SECURE ?? (https || isLoopbackHost(host));
  return sessionCookieAttributes({ embedding, secure, hostPrefix: usesHostPrefix(https) });
}

/** A Set-Cookie header value; maxAge 0 clears the cookie. */
export function serializeSessionCookie(value: string, attrs: SessionCookieAttributes, maxAge: number): string {
  return serializeCookie(SESSION_COOKIE, value, attrs, maxAge);
}

/** Hosts where browsers accept Secure cookies over plain http. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

/**
 * A proof, which only this server can make, that the session sealed in `cookieValue` has ended:
 * the signed-in screens send such a visitor to /login?expired=1&ended=<proof>, and middleware
 * clears the cookie on that proof even when the navigation started on another site (an embedding
 * brand's parent page loading the frame). Without it, another site's link to /login?expired=1
 * signs nobody out. The proof carries the time it was made (`<seconds, base 36>.<mac>`) and is
 * good for ENDED_PROOF_TTL_SECONDS only, so a proof seen once (in a log, a referrer) cannot sign
 * the visitor out later. HMAC-SHA-256 with Web Crypto, so the Edge middleware computes it too.
 */
export const ENDED_PROOF_TTL_SECONDS = 600;

async function endedMac(at: string, cookieValue: string, secret: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(`ended-session:${at}:${cookieValue}`)));
  return btoa(String.fromCharCode(...mac)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, 32);
}

export async function endedSessionProof(cookieValue: string, secret: string, now = Date.now()): Promise<string> {
  const at = Math.floor(now / 1000).toString(36);
  return `${at}.${await endedMac(at, cookieValue, secret)}`;
}

/** Whether `proof` is this server's recent proof that the session in `cookieValue` ended (constant time). */
export async function isEndedSessionProof(
  proof: string | null,
  cookieValue: string | undefined,
  secret: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!proof || !cookieValue || !secret) return false;
  const m = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{32})$/.exec(proof);
  if (!m) return false;
  const age = now / 1000 - parseInt(m[1]!, 36);
  if (!(age >= -60 && age <= ENDED_PROOF_TTL_SECONDS)) return false;
  const want = await endedMac(m[1]!, cookieValue, secret);
  const given = m[2]!;
  let diff = 0;
  for (let i = 0; i < want.length; i++) diff |= given.charCodeAt(i) ^ want.charCodeAt(i);
  return diff === 0;
}

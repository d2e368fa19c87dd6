import { sealData, unsealData } from 'iron-session';
import { env } from '@/lib/server/env';

// The session cookie (DESIGN.md section 3): an iron-session seal of a session id; the sessions
// table decides whether that id is still live. Edge-safe (no node: imports, no database), so
// middleware.ts can check that a cookie is a valid seal before any redirect.

export const SESSION_COOKIE = 'bv_session';

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

export type SessionCookieAttributes = {
  path: '/';
  httpOnly: true;
  sameSite: 'lax' | 'none';
  secure: boolean;
  partitioned: boolean;
};

/**
 * Attributes of the session cookie (the shape Next's cookies().set and serializeSessionCookie take).
 * A brand that is embedded in another site needs SameSite=None; Secure; Partitioned (CHIPS) so the
 * framed app keeps its session; otherwise SameSite=Lax.
 */
export function sessionCookieAttributes({ embedding, secure }: { embedding: boolean; secure: boolean }): SessionCookieAttributes {
  return embedding
    ? { path: '/', httpOnly: true, sameSite: 'none', secure: true, partitioned: true }
    : { path: '/', httpOnly: true, sameSite: 'lax', secure, partitioned: false };
}

/** A Set-Cookie header value; maxAge 0 clears the cookie. */
export function serializeSessionCookie(value: string, attrs: SessionCookieAttributes, maxAge: number): string {
  const parts = [`${SESSION_COOKIE}=${value}`, `Path=${attrs.path}`, `Max-Age=${Math.max(0, Math.floor(maxAge))}`, 'HttpOnly'];
  parts.push(attrs.sameSite === 'none' ? 'SameSite=None' : 'SameSite=Lax');
  if (attrs.secure) parts.push('Secure');
  if (attrs.partitioned) parts.push('Partitioned');
  return parts.join('; ');
}

/** Hosts where browsers accept Secure cookies over plain http. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

import { sealData, unsealData } from 'iron-session';
import { env } from '@/lib/edge/env';
import { parseHost } from '@/lib/shared/host';
import { cookieName, usesHostPrefix } from '@/lib/edge/cookies';
import { isLoopbackHost } from '@/lib/edge/session-cookie';

// The brand console's host and cookies (docs/console.md). Edge-safe: the middleware routes the
// console host by it, the API and the console's server pages read the same names and seals.
//
// Cookies of the console host, never sent to a brand's host (another host, and SameSite=Strict):
// - `console_session`: an iron-session seal of a staff session id (HttpOnly), the staff_sessions
//   row decides whether that session is still live;
// - `console_csrf`: readable by the page's scripts, an HMAC of the session id under the session
//   secret. Every state-changing call of a signed-in staff member sends it back in the `x-csrf`
//   header (lib/client/console-api.ts), and its Origin must be the console host: another site
//   can neither read the cookie nor set the header, and a sibling host that plants a cookie
//   cannot compute the HMAC of a session it does not know.
// Over HTTPS both go by `__Host-<name>` (lib/edge/cookies.ts).

export const CONSOLE_SESSION_COOKIE = 'console_session';
export const CONSOLE_CSRF_COOKIE = 'console_csrf';
/** The header that carries the CSRF proof of a state-changing console call. */
export const CONSOLE_CSRF_HEADER = 'x-csrf';

/** The console's host as configured (CONSOLE_HOST, lower-cased, without its port). */
export function consoleHost(): string {
  return parseHost(env().CONSOLE_HOST) ?? 'console.localhost';
}

/** Whether a host header value names the console. */
export function isConsoleHost(hostHeader: string | null | undefined): boolean {
  const host = parseHost(hostHeader);
  return host !== undefined && host === consoleHost();
}

/**
 * Whether a request is for the console: its Host names the console, and an X-Forwarded-Host, when
 * there is one, names it too. X-Forwarded-Host alone never selects the console, with or without
 * TRUST_PROXY (issue 28: a client's header reached the console through a brand's domain); a proxy
 * in front of the console passes Host through. `header` reads one request header.
 */
export function isConsoleRequestHeaders(header: (name: string) => string | null | undefined): boolean {
  if (!isConsoleHost(header('host'))) return false;
  const forwarded = header('x-forwarded-host');
  return !forwarded || isConsoleHost(forwarded);
}

/**
 * The console's origin for links sent by e-mail (invitations, password resets): always the
 * configured CONSOLE_HOST, never the request's Host or X-Forwarded-Host (a forged one would put
 * another address in the mail, issue 28). https, or http with PORT on a loopback host.
 */
export function consoleOrigin(): string {
  const configured = env().CONSOLE_HOST;
  const bare = parseHost(configured) ?? 'console.localhost';
  if (isLoopbackHost(bare)) return `http://${/:\d+$/.test(configured) ? configured : `${bare}:${env().PORT}`}`;
  return `https://${configured}`;
}

/** How long a staff session (and its seal) may live at most. */
export function consoleSessionTtlSeconds(): number {
  return env().CONSOLE_SESSION_HOURS * 3600;
}

/** The name a console cookie goes by on a request over https or not. */
export const consoleCookieName = (base: string, https: boolean): string => cookieName(base, usesHostPrefix(https));

export function sealStaffSessionId(sid: string, secret: string): Promise<string> {
  return sealData({ staffSid: sid }, { password: secret, ttl: consoleSessionTtlSeconds() });
}

/** The staff session id inside a cookie value, or undefined when it is tampered, expired or malformed. */
export async function unsealStaffSessionId(value: string | undefined | null, secret: string): Promise<string | undefined> {
  if (!value || value.length > 4096) return undefined;
  try {
    const data = await unsealData<{ staffSid?: unknown }>(value, { password: secret, ttl: consoleSessionTtlSeconds() });
    return typeof data.staffSid === 'string' && data.staffSid.length > 0 ? data.staffSid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A console Set-Cookie value: SameSite=Strict, Path=/, Secure over https (or on loopback hosts, or
 * as COOKIE_SECURE says), HttpOnly unless it is the CSRF cookie the page reads. maxAge 0 clears.
 */
export function serializeConsoleCookie(base: string, value: string, opts: { https: boolean; host: string | undefined; maxAge: number; httpOnly: boolean }): string {
  const hostPrefix = usesHostPrefix(opts.https);
  const secure = hostPrefix || (env().COOKIE_SECURE ?? (opts.https || isLoopbackHost(parseHost(opts.host))));
  const parts = [`${cookieName(base, hostPrefix)}=${value}`, 'Path=/', `Max-Age=${Math.max(0, Math.floor(opts.maxAge))}`];
  if (opts.httpOnly) parts.push('HttpOnly');
  parts.push('SameSite=Strict');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The CSRF proof of a staff session: HMAC-SHA-256 of its id under the session secret (Web Crypto). */
export async function consoleCsrfProof(sid: string, secret: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(`console-csrf:${sid}`)));
  return btoa(String.fromCharCode(...mac)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Constant-time comparison of two proofs. */
export function sameProof(a: string | undefined, b: string): boolean {
  if (a === undefined || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

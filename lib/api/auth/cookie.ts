import 'server-only';
import type { RequestContext, BrandContext } from '../route-context';
import { parseHost } from '@/lib/shared/host';
import { SESSION_COOKIE, requestCookieAttributes, sealSessionId, serializeSessionCookie, sessionTtlSeconds, unsealSessionId } from '@/lib/edge/session-cookie';
import { cookieName, legacyClearings, serializeCookie, usesHostPrefix } from '@/lib/edge/cookies';
import { DEVICE_COOKIE as DEVICE_ID_COOKIE } from '@/lib/edge/device-id';
import { hmac, sessionSecret } from '@/lib/auth/keys';
import { isLocale, type Locale } from '@/lib/shared/i18n';
import { languageCookie } from '@/lib/shared/locale-choice';
import { createSession } from './sessions';
import { findActiveCustomer, type CustomerRow } from './customers';

// The session cookie on Brand API answers. Secure whenever the request came over https (also
// through a proxy that says so in X-Forwarded-Proto), on loopback hosts (browsers accept
// Secure cookies there) or when COOKIE_SECURE says so; SameSite=None; Secure; Partitioned
// when the brand is embedded in another site; named `__Host-…` over https (lib/edge/cookies.ts).

export function sessionCookieAttributesFor(c: BrandContext) {
  return requestCookieAttributes({ embedding: c.config.ui.isEmbeddingRequired, https: c.https, host: parseHost(c.host) });
}

/** A cookie of the request, under the name it goes by on this request's scheme (`__Host-` over https). */
export function requestCookie(c: RequestContext, base: string): string | undefined {
  return c.cookies.get(cookieName(base, usesHostPrefix(c.https)));
}

// Bare-named cookies that an answer over https clears (lib/edge/cookies.ts): set before the deployment
// moved to https, or planted without it; never read there. Each at the path it was set with.
const legacyApiCookies = () => [
  { name: SESSION_COOKIE, path: '/' },
  { name: DEVICE_COOKIE, path: DEVICE_MARK_PATH },
  { name: DEVICE_ID_COOKIE, path: '/' },
];
const legacyCleared = new WeakSet<object>();

/** Clears, once per answer, the bare-named cookies the request still carries over https. */
function clearLegacyCookies(c: BrandContext) {
  if (legacyCleared.has(c)) return;
  legacyCleared.add(c);
  for (const clearing of legacyClearings(legacyApiCookies(), (name) => c.cookies.get(name) !== undefined, sessionCookieAttributesFor(c))) {
    c.cookies.set(clearing);
  }
}

/** Starts a session for the customer on this brand and sets its cookie on the answer. */
export async function startSession(c: BrandContext, customerId: string): Promise<string> {
  const session = await createSession(c.clientId, customerId, c.header('user-agent'));
  const sealed = await sealSessionId(session.id, sessionSecret());
  clearLegacyCookies(c);
  c.cookies.set(serializeSessionCookie(sealed, sessionCookieAttributesFor(c), sessionTtlSeconds()));
  const account = await findActiveCustomer(c.clientId, customerId);
  if (account) setKnownDevice(c, account);
  // The language the customer chose elsewhere follows them here (docs/languages.md).
  if (account && isLocale(account.language) && c.config.locale.languages.includes(account.language)) setLanguageCookie(c, account.language);
  return session.id;
}

/** Remembers the customer's language in this browser (the cookie the pages read, lib/server/i18n.ts). */
export function setLanguageCookie(c: BrandContext, locale: Locale) {
  c.cookies.set(languageCookie(locale, sessionCookieAttributesFor(c)));
}

export function clearSessionCookie(c: BrandContext) {
  clearLegacyCookies(c);
  c.cookies.set(serializeSessionCookie('', sessionCookieAttributesFor(c), 0));
}

/** The session id sealed in the request's cookie, or undefined (missing, tampered or expired seal). */
export function readSessionId(c: BrandContext): Promise<string | undefined> {
  clearLegacyCookies(c);
  return unsealSessionId(requestCookie(c, SESSION_COOKIE), sessionSecret());
}

// The known-device cookie: set at a sign-in to an account whose contact is verified, it names the
// account by a keyed hash (no id in clear), so a later request from this browser can show it
// signed in to that account before. The hash also covers the account's password hash and the
// time its contact was verified, so every event that hands the account to someone (a reclaim,
// a password reset or change) forgets every browser marked before. An unverified account marks
// no browser: whoever registered someone else's contact must not keep a "known device" after
// the owner reclaims it.
export const DEVICE_COOKIE = 'bv_device';
/** Where the bare-named mark lives; the `__Host-` one lives at Path=/, as the prefix demands. */
const DEVICE_MARK_PATH = '/api/auth';
const DEVICE_TTL_SECONDS = 400 * 24 * 3600;

type DeviceAccount = Pick<CustomerRow, 'id' | 'passwordHash' | 'contactVerifiedAt'>;

const deviceMark = (clientId: string, account: DeviceAccount) =>
  hmac('otp', `device:${clientId}:${account.id}:${account.contactVerifiedAt?.getTime() ?? ''}:${account.passwordHash ?? ''}`).slice(0, 32);

export function setKnownDevice(c: BrandContext, account: DeviceAccount) {
  if (!account.contactVerifiedAt) return;
  c.cookies.set(serializeCookie(DEVICE_COOKIE, deviceMark(c.clientId, account), sessionCookieAttributesFor(c), DEVICE_TTL_SECONDS, DEVICE_MARK_PATH));
}

/** Whether this browser signed in to the account (as it is now) before. */
export function isKnownDevice(c: BrandContext, account: DeviceAccount | undefined): boolean {
  if (!account?.contactVerifiedAt) return false;
  return requestCookie(c, DEVICE_COOKIE) === deviceMark(c.clientId, account);
}

import 'server-only';
import type { BrandContext } from '../route-context';
import { env } from '@/lib/server/env';
import { parseHost } from '@/lib/host';
import {
  SESSION_COOKIE,
  isLoopbackHost,
  sealSessionId,
  serializeSessionCookie,
  sessionCookieAttributes,
  sessionTtlSeconds,
  unsealSessionId,
} from '@/lib/session-cookie';
import { hmac, sessionSecret } from '@/lib/auth/keys';
import { createSession } from './sessions';
import { findActiveCustomer, type CustomerRow } from './customers';

// The session cookie on Brand API answers. Secure whenever the request came over https (also
// through a proxy that says so in X-Forwarded-Proto), on loopback hosts (browsers accept
// Secure cookies there) or when COOKIE_SECURE says so; SameSite=None; Secure; Partitioned
// when the brand is embedded in another site.

export function sessionCookieAttributesFor(c: BrandContext) {
  const embedding = c.config.ui.isEmbeddingRequired;
  const secure = env().COOKIE_SECURE ?? (c.https || isLoopbackHost(parseHost(c.host)));
  return sessionCookieAttributes({ embedding, secure });
}

/** Starts a session for the customer on this brand and sets its cookie on the answer. */
export async function startSession(c: BrandContext, customerId: string): Promise<string> {
  const session = await createSession(c.clientId, customerId, c.header('user-agent'));
  const sealed = await sealSessionId(session.id, sessionSecret());
  c.cookies.set(serializeSessionCookie(sealed, sessionCookieAttributesFor(c), sessionTtlSeconds()));
  const account = await findActiveCustomer(c.clientId, customerId);
  if (account) setKnownDevice(c, account);
  return session.id;
}

export function clearSessionCookie(c: BrandContext) {
  c.cookies.set(serializeSessionCookie('', sessionCookieAttributesFor(c), 0));
}

/** The session id sealed in the request's cookie, or undefined (missing, tampered or expired seal). */
export function readSessionId(c: BrandContext): Promise<string | undefined> {
  return unsealSessionId(c.cookies.get(SESSION_COOKIE), sessionSecret());
}

// The known-device cookie: set at a sign-in to an account whose contact is verified, it names the
// account by a keyed hash (no id in clear), so a later request from this browser can show it
// signed in to that account before. The hash also covers the account's password hash and the
// time its contact was verified, so every event that hands the account to someone (a reclaim,
// a password reset or change) forgets every browser marked before. An unverified account marks
// no browser: whoever registered someone else's contact must not keep a "known device" after
// the owner reclaims it.
export const DEVICE_COOKIE = 'bv_device';
const DEVICE_TTL_SECONDS = 400 * 24 * 3600;

type DeviceAccount = Pick<CustomerRow, 'id' | 'passwordHash' | 'contactVerifiedAt'>;

const deviceMark = (clientId: string, account: DeviceAccount) =>
  hmac('otp', `device:${clientId}:${account.id}:${account.contactVerifiedAt?.getTime() ?? ''}:${account.passwordHash ?? ''}`).slice(0, 32);

export function setKnownDevice(c: BrandContext, account: DeviceAccount) {
  if (!account.contactVerifiedAt) return;
  const attrs = sessionCookieAttributesFor(c);
  const parts = [`${DEVICE_COOKIE}=${deviceMark(c.clientId, account)}`, 'Path=/api/auth', `Max-Age=${DEVICE_TTL_SECONDS}`, 'HttpOnly'];
  parts.push(attrs.sameSite === 'none' ? 'SameSite=None' : 'SameSite=Lax');
  if (attrs.secure) parts.push('Secure');
  if (attrs.partitioned) parts.push('Partitioned');
  c.cookies.set(parts.join('; '));
}

/** Whether this browser signed in to the account (as it is now) before. */
export function isKnownDevice(c: BrandContext, account: DeviceAccount | undefined): boolean {
  if (!account?.contactVerifiedAt) return false;
  return c.cookies.get(DEVICE_COOKIE) === deviceMark(c.clientId, account);
}

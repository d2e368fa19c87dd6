import 'server-only';
import { SignJWT, jwtVerify, errors } from 'jose';
import { env } from '@/lib/edge/env';
import { derivedKey } from './keys';

// Short-lived access tokens (DESIGN.md section 3): HS256 JWTs naming the customer, the brand
// and the session they came from. Only HS256 with our key verifies: `alg: none`, other
// algorithms and other keys fail.

export type AccessClaims = { customerId: string; clientId: string; sessionId: string };

/** Message of an expired token; the web client refreshes once when it sees exactly this. */
export const JWT_EXPIRED = 'jwt expired';

export class AccessTokenError extends Error {}

export async function signAccessToken(claims: AccessClaims, opts: { now?: Date; ttlSeconds?: number } = {}): Promise<string> {
  const iat = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  return new SignJWT({ cid: claims.clientId, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.customerId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.ttlSeconds ?? env().ACCESS_TOKEN_TTL_SECONDS))
    .sign(derivedKey('access-token'));
}

/** The claims of a valid token; throws AccessTokenError ('jwt expired' when only its time is up). */
export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, derivedKey('access-token'), { algorithms: ['HS256'] });
    const { sub, cid, sid } = payload;
    if (typeof sub !== 'string' || typeof cid !== 'string' || typeof sid !== 'string') throw new AccessTokenError('Invalid token');
    return { customerId: sub, clientId: cid, sessionId: sid };
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new AccessTokenError(JWT_EXPIRED);
    if (err instanceof AccessTokenError) throw err;
    throw new AccessTokenError('Invalid token');
  }
}

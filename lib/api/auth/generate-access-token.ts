import 'server-only';
import type { BrandContext } from '../route-context';
import type { AuthInfo } from '../context';
import { ApiError } from '@/lib/errors';
import { signAccessToken } from '@/lib/auth/access-token';
import { readSessionId } from './cookie';
import { findLiveSession, touchSession } from './sessions';
import { UNAUTHORIZED } from './require-customer';

// GET /api/auth/customer/web/generate-access-token — a live session cookie of this brand buys a
// short-lived access token, and counts as use of the session (idle timeout). Missing, tampered,
// expired, idle or revoked cookie, or one of another brand: 401.

export async function generateAccessToken(c: BrandContext): Promise<{ accessToken: string; _id: string }> {
  const session = await liveSessionOf(c.clientId, await readSessionId(c));
  if (!session) throw new ApiError('unauthorized', UNAUTHORIZED);
  const accessToken = await signAccessToken({ customerId: session.customerId, clientId: c.clientId, sessionId: session.sessionId });
  return { accessToken, _id: session.customerId };
}

/**
 * The live session of this brand a session cookie names, counted as use of it (idle timeout), or
 * undefined. A page's typed call in this process (in-process.ts) takes it in place of a token.
 */
export async function liveSessionOf(clientId: string, sessionId: string | undefined): Promise<AuthInfo | undefined> {
  if (!sessionId) return undefined;
  const session = await findLiveSession(clientId, sessionId);
  if (!session) return undefined;
  await touchSession(session);
  return { customerId: session.customerId, sessionId: session.id };
}

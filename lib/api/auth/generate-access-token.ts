import 'server-only';
import type { BrandContext } from '../route-context';
import { ApiError } from '@/lib/errors';
import { signAccessToken } from '@/lib/auth/access-token';
import { readSessionId } from './cookie';
import { findLiveSession, touchSession } from './sessions';
import { UNAUTHORIZED } from './require-customer';

// GET /api/auth/customer/web/generate-access-token — a live session cookie of this brand buys a
// short-lived access token, and counts as use of the session (idle timeout). Missing, tampered,
// expired, idle or revoked cookie, or one of another brand: 401.

export async function generateAccessToken(c: BrandContext): Promise<{ accessToken: string; _id: string }> {
  const sessionId = await readSessionId(c);
  if (!sessionId) throw new ApiError('unauthorized', UNAUTHORIZED);
  const session = await findLiveSession(c.clientId, sessionId);
  if (!session) throw new ApiError('unauthorized', UNAUTHORIZED);
  await touchSession(session);
  const accessToken = await signAccessToken({ customerId: session.customerId, clientId: c.clientId, sessionId: session.id });
  return { accessToken, _id: session.customerId };
}

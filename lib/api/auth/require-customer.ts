import 'server-only';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { ApiError } from '@/lib/errors';
import { AccessTokenError, JWT_EXPIRED, verifyAccessToken } from '@/lib/auth/access-token';
import { findLiveSession } from './sessions';

// Guard of every signed-in Brand API route: `Authorization: Bearer <access token>` of this brand,
// from a live session of an ACTIVE customer. Sets c.var.auth = { customerId, sessionId }.
// Answers 401 { errorMessage, code: 'unauthorized' }; an expired token says exactly 'jwt expired'
// (the web client then refreshes once and retries).
//
//   routes.use('/customer/*', requireCustomer);

export const UNAUTHORIZED = 'Unauthorized';

export const requireCustomer: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header.trim());
  if (!match) throw new ApiError('unauthorized', UNAUTHORIZED);
  let claims;
  try {
    claims = await verifyAccessToken(match[1]!);
  } catch (err) {
    throw new ApiError('unauthorized', err instanceof AccessTokenError && err.message === JWT_EXPIRED ? JWT_EXPIRED : UNAUTHORIZED);
  }
  if (claims.clientId !== c.var.client.id) throw new ApiError('unauthorized', UNAUTHORIZED);
  const session = await findLiveSession(c.var.client.id, claims.sessionId);
  if (!session || session.customerId !== claims.customerId) throw new ApiError('unauthorized', UNAUTHORIZED);
  c.set('auth', { customerId: claims.customerId, sessionId: claims.sessionId });
  await next();
};

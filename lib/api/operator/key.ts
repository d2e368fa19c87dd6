import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '@/lib/errors';
import { operatorKey } from '@/lib/secrets';
import type { AppEnv } from '../context';

// The operator key check shared by the operator endpoints (routes.ts): constant time.

export function same(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const keyMatches = (given: string | undefined) => same(given, operatorKey());

/** The access guard of the operator class (define-route.ts): 401 without the key. */
export const requireOperatorKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!keyMatches(c.req.header('x-operator-key'))) throw new ApiError('unauthorized', 'Operator key required');
  return next();
};

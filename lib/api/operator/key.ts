import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { operatorKey } from '@/lib/server/secrets';

// The operator key check shared by the operator endpoints (routes.ts): constant time.

export function same(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const keyMatches = (given: string | undefined) => same(given, operatorKey());

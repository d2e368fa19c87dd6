import 'server-only';
import { createHmac } from 'node:crypto';
import { clientIp, type AppContext } from '../context';
import { ApiError } from '@/lib/errors';
import { hitRateLimit } from '../rate-limit';
import { sessionSecret } from '@/lib/auth/keys';
import { env } from '@/lib/server/env';
import { brandConfigOf } from '@/lib/brands/brand-config';
import type { FeatureFlag } from '@/lib/schemas/client-config';

// Shared by the verify, tracking and report routes: the scan rate limit, the address hash kept
// with a scan, and the answer of a module the brand has switched off.

/** Per address and brand; SCAN_RATE_LIMIT_PER_MINUTE (default 60) sets the limit. */
export const scanLimit = () => ({ limit: env().SCAN_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 });
export const SCAN_FLOOD_MESSAGE = 'Too many scans from your network. Please wait a minute and scan again.';

/** Counts one scan for this address at this brand; 429 with Retry-After past the limit. */
export async function limitScans(c: AppContext) {
  await hitRateLimit(`scan:${c.var.client.id}:${clientIp(c)}`, { ...scanLimit(), message: SCAN_FLOOD_MESSAGE });
}

/** The address is kept only as a keyed hash (enough to spot floods, not to find the person). */
export function ipHash(c: AppContext): string {
  return createHmac('sha256', sessionSecret()).update(`scan-ip:${clientIp(c)}`).digest('base64url').slice(0, 22);
}

/** Answer of a switched-off module (403). */
export const notOfferedMessage = (brand: string) => `This service is not offered by ${brand}.`;

export function brandConfig(c: AppContext) {
  return brandConfigOf(c.var.client);
}

export function requireModule(c: AppContext, flag: FeatureFlag) {
  if (!brandConfig(c).flags[flag]) throw new ApiError('forbidden', notOfferedMessage(c.var.client.organizationName));
}

/** Coarse location: two decimals, about a kilometre. */
export const coarse = (v: number | undefined) => (v === undefined ? null : Math.round(v * 100) / 100);

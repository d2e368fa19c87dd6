import 'server-only';
import { createHmac } from 'node:crypto';
import type { BrandContext } from '../route-context';
import { hitRateLimit } from '../rate-limit';
import { sessionSecret } from '@/lib/auth/keys';
import { env } from '@/lib/edge/env';
import { IPV4, addressKey } from '@/lib/shared/client-address';

// Shared by the verify, tracking and report routes: the scan rate limit and the address hash kept
// with a scan. A module the brand has switched off answers as feature-flags.ts says.

/** Per address and brand; SCAN_RATE_LIMIT_PER_MINUTE (default 60) sets the limit. */
export const scanLimit = () => ({ limit: env().SCAN_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 });
export const SCAN_FLOOD_MESSAGE = 'Too many scans from your network. Please wait a minute and scan again.';

/** Counts one scan for this address at this brand; 429 with Retry-After past the limit. */
export async function limitScans(c: Pick<BrandContext, 'clientId' | 'address'>) {
  await hitRateLimit(`scan:${c.clientId}:${c.address}`, { ...scanLimit(), message: SCAN_FLOOD_MESSAGE });
}

/** The address is kept only as a keyed hash (enough to spot floods, not to find the person). */
export function ipHash(address: string): string {
  return createHmac('sha256', sessionSecret()).update(`scan-ip:${address}`).digest('base64url').slice(0, 22);
}

/**
 * The network of an address (docs/verification.md, "Bounded influence"): an IPv4 /24 or an IPv6
 * /48, so every address behind one carrier gateway or one home or office block is one network;
 * kept only as a keyed hash. An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function networkOf(address: string): string {
  const a = address.trim().toLowerCase();
  // Raw, or already a rate-limit key as the routes pass it (addressKey: an IPv4, or 'x:x:x:x::/64').
  const key = a.endsWith('::/64') ? a : addressKey(a);
  const prefix = !key ? `other:${a}` : IPV4.test(key) ? `v4:${key.split('.').slice(0, 3).join('.')}` : `v6:${key.split(':').slice(0, 3).join(':')}`;
  return createHmac('sha256', sessionSecret()).update(`scan-net:${prefix}`).digest('base64url').slice(0, 16);
}

/** Coarse location: two decimals, about a kilometre. */
export const coarse = (v: number | undefined) => (v === undefined ? null : Math.round(v * 100) / 100);

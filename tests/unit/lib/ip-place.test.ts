jest.mock('server-only', () => ({}));
import { ipPlaceOf } from '@/lib/server/ip-place';

// Coarse places from request addresses, read from the shipped DB-IP table; addresses no table
// places are answered without it.

it('places a public address at its city, rounded to one decimal', () => {
  const place = ipPlaceOf('49.36.0.1'); // Navi Mumbai in the shipped table
  expect(place).not.toBeNull();
  expect(place!.lat).toBeCloseTo(Math.round(place!.lat * 10) / 10, 10);
  expect(place!.lat).toBeGreaterThan(18);
  expect(place!.lat).toBeLessThan(20);
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

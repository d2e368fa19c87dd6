import { networkOf } from '@/lib/api/verify/scan-guard';

// The network a scan counts for (docs/verification.md, "Bounded influence"): an IPv4 /24 or an
// IPv6 /48, whatever form the address comes in; only a keyed hash of it is kept.

process.env.SESSION_SECRET ??= 'test-secret-test-secret-test-secret-0123456789';

describe('networkOf', () => {
  it('is one network for the addresses of one IPv4 /24, another for the next /24', () => {
    expect(networkOf('203.0.113.7')).toBe(networkOf('203.0.113.250'));
    expect(networkOf('203.0.113.7')).not.toBe(networkOf('203.0.114.7'));
    expect(networkOf(' 203.0.113.7 ')).toBe(networkOf('203.0.113.1'));
  });

  it('counts an IPv4-mapped IPv6 address, dotted or in hex, as its IPv4 address', () => {
    expect(networkOf('::ffff:203.0.113.7')).toBe(networkOf('203.0.113.9'));
    expect(networkOf('::ffff:cb00:7107')).toBe(networkOf('203.0.113.9'));
  });

  it('is one network for an IPv6 /48, however the address is written, and for its rate-limit key', () => {
    const net = networkOf('2001:db8:abcd:1::5');
    expect(networkOf('2001:0DB8:abcd:ffff:1:2:3:4')).toBe(net);
    expect(networkOf('2001:db8:abcd::')).toBe(net);
    expect(networkOf('2001:db8:abcd:12:0:0:0:1')).toBe(net);
    expect(networkOf('2001:db8:abcd:1::/64')).toBe(net); // addressKey's form, as the routes pass it
    expect(networkOf('2001:db8:abce:1::5')).not.toBe(net);
  });

  it('keeps what is no address apart from every address, and is a short hash, not the address', () => {
    expect(networkOf('unknown')).not.toBe(networkOf('203.0.113.7'));
    expect(networkOf('1.2.3.999')).not.toBe(networkOf('1.2.3.4'));
    expect(networkOf('203.0.113.7')).toMatch(/^[\w-]{16}$/);
    expect(networkOf('203.0.113.7')).not.toContain('203');
  });
});

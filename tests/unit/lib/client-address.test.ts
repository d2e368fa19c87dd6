import { addressKey, pickClientAddress } from '@/lib/shared/client-address';

// The caller's address behind TRUST_PROXY hops (README, TRUST_PROXY).

describe('pickClientAddress', () => {
  const chain = '6.6.6.6, 203.0.113.5, 10.0.0.2';

  it('takes the entry the trusted hops name, counting from the right', () => {
    expect(pickClientAddress(chain, 1, '10.0.0.3')).toBe('10.0.0.2');
    expect(pickClientAddress(chain, 2, '10.0.0.3')).toBe('203.0.113.5');
    expect(pickClientAddress(chain, 3, '10.0.0.3')).toBe('6.6.6.6');
  });

  it('ignores what the client wrote left of its own address (the bypass of the leftmost entry)', () => {
    // One proxy appended 198.51.100.7 to a forged list: the forged entries do not count.
    for (const forged of ['1.1.1.1', '1.1.1.1, 2.2.2.2', 'garbage, 1.1.1.1']) {
      expect(pickClientAddress(`${forged}, 198.51.100.7`, 1)).toBe('198.51.100.7');
    }
  });

  it('uses the one entry the launcher wrote when no proxy is trusted (0 hops)', () => {
    expect(pickClientAddress('198.51.100.7', 0, '198.51.100.7')).toBe('198.51.100.7');
  });

  it('takes the leftmost entry when the chain is shorter than the hops', () => {
    expect(pickClientAddress('198.51.100.7', 3)).toBe('198.51.100.7');
  });

  it('falls back to the socket without a header, and to "unknown" for a malformed entry', () => {
    expect(pickClientAddress(undefined, 1, '::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(pickClientAddress('', 1, '192.0.2.1')).toBe('192.0.2.1');
    expect(pickClientAddress(' , ', 1, '192.0.2.1')).toBe('192.0.2.1');
    for (const bad of ['not-an-ip', '256.1.1.1', '1.2.3', '1:2:3:4:5:6:7:8:9', '1::2::3', 'fe80::gggg', '<script>']) {
      expect(pickClientAddress(`198.51.100.7, ${bad}`, 1)).toBe('unknown');
    }
    expect(pickClientAddress(undefined, 1, undefined)).toBe('unknown');
  });
});

describe('addressKey', () => {
  it('keys IPv6 by its /64, in every spelling', () => {
    const key = '2001:db8:1:2::/64';
    for (const a of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:0:0:0:9', '[2001:db8:1:2::7]:443', '2001:db8:1:2::1%eth0']) {
      expect(addressKey(a)).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps IPv4 as is, without a port, and unwraps IPv4-mapped IPv6', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('198.51.100.7:8080')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:c633:6407')).toBe('198.51.100.7');
  });
});

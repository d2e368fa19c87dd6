import { brandHostHeader, isValidBrandDomain, parseHost } from '@/lib/shared/host';

describe('parseHost', () => {
  it.each([
    ['Acme.Localhost:3000', 'acme.localhost'],
    ['www.shop.example.com', 'shop.example.com'],
    ['localhost', 'localhost'],
    ['127.0.0.1:80', '127.0.0.1'],
    ['[::1]:3000', '[::1]'],
    ['shop.example.com.', 'shop.example.com'],
  ])('reads %s as %s', (raw, host) => {
    expect(parseHost(raw)).toBe(host);
  });

  it.each([[''], [null], [undefined], ['evil.com/path'], ['a b.com'], ['x'.repeat(300)], ['exa_mple.com']])(
    'refuses %p',
    (raw) => {
      expect(parseHost(raw as string)).toBeUndefined();
    },
  );
});

describe('isValidBrandDomain', () => {
  it('accepts a plain host and refuses schemes, ports and paths', () => {
    expect(isValidBrandDomain('shop.example.com')).toBe(true);
    expect(isValidBrandDomain('https://shop.example.com')).toBe(false);
    expect(isValidBrandDomain('shop.example.com:443')).toBe(false);
    expect(isValidBrandDomain('www.shop.example.com')).toBe(false);
  });
});

describe('brandHostHeader', () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name];
  it('reads Host, and X-Forwarded-Host only when a proxy in front is trusted', () => {
    const forged = headers({ host: 'acme.test', 'x-forwarded-host': 'other.test' });
    expect(brandHostHeader(forged, false)).toBe('acme.test');
    expect(brandHostHeader(forged, true)).toBe('other.test');
    expect(brandHostHeader(headers({ host: 'acme.test' }), true)).toBe('acme.test');
    expect(brandHostHeader(headers({}), false)).toBeUndefined();
  });
});

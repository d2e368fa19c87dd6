import { cookieName, legacyClearings, serializeCookie, usesHostPrefix } from '@/lib/edge/cookies';
import { requestCookieAttributes, serializeSessionCookie, sessionCookieName } from '@/lib/edge/session-cookie';
import { serializeDeviceCookie, withDeviceCookie } from '@/lib/edge/device-id';
import { resetEnvCache } from '@/lib/edge/env';

// The one name rule of the app's cookies (lib/edge/cookies.ts): `__Host-<name>` over https, with
// Secure, Path=/ and no Domain; the bare name over plain http.

afterEach(() => {
  delete process.env.COOKIE_SECURE;
  resetEnvCache();
});

describe('usesHostPrefix / cookieName', () => {
  it('prefixes over https only', () => {
    expect(usesHostPrefix(true)).toBe(true);
    expect(usesHostPrefix(false)).toBe(false);
    expect(cookieName('bv_session', true)).toBe('__Host-bv_session');
    expect(cookieName('bv_session', false)).toBe('bv_session');
    expect(sessionCookieName(true)).toBe('__Host-bv_session');
    expect(sessionCookieName(false)).toBe('bv_session');
  });

  it('does not prefix when COOKIE_SECURE=false refuses the Secure the prefix needs, and COOKIE_SECURE=true does not prefix plain http', () => {
    process.env.COOKIE_SECURE = 'false';
    resetEnvCache();
    expect(usesHostPrefix(true)).toBe(false);
    expect(sessionCookieName(true)).toBe('bv_session');
    process.env.COOKIE_SECURE = 'true';
    resetEnvCache();
    expect(usesHostPrefix(false)).toBe(false);
    expect(usesHostPrefix(true)).toBe(true);
  });
});

describe('requestCookieAttributes', () => {
  it('over https: the __Host- session cookie with Secure, Path=/ and no Domain', () => {
    const value = serializeSessionCookie('v', requestCookieAttributes({ embedding: false, https: true, host: 'shop.example' }), 60);
    expect(value).toBe('__Host-bv_session=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure');
    expect(value).not.toMatch(/Domain=/i);
  });

  it("over https in an embedding brand's frame: __Host- with SameSite=None; Secure; Partitioned", () => {
    expect(serializeSessionCookie('', requestCookieAttributes({ embedding: true, https: true, host: 'shop.example' }), 0)).toBe(
      '__Host-bv_session=; Path=/; Max-Age=0; HttpOnly; SameSite=None; Secure; Partitioned',
    );
  });

  it('over plain http: the bare name as before, Secure only on loopback hosts', () => {
    expect(serializeSessionCookie('v', requestCookieAttributes({ embedding: false, https: false, host: 'shop.example' }), 60)).toBe(
      'bv_session=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax',
    );
    expect(serializeSessionCookie('v', requestCookieAttributes({ embedding: false, https: false, host: 'acme.localhost' }), 60)).toBe(
      'bv_session=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    );
  });

  it('names the device id cookie the same way', () => {
    expect(serializeDeviceCookie('dv_x', requestCookieAttributes({ embedding: false, https: true, host: 'shop.example' }))).toMatch(
      /^__Host-device_id=dv_x; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(serializeDeviceCookie('dv_x', requestCookieAttributes({ embedding: false, https: false, host: 'shop.example' }))).toMatch(
      /^device_id=dv_x; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
    );
    expect(withDeviceCookie('a=1; __Host-device_id=junk; device_id=old', 'dv_x', '__Host-device_id')).toBe('a=1; device_id=old; __Host-device_id=dv_x');
  });
});

describe('serializeCookie', () => {
  const https = { sameSite: 'lax' as const, secure: true, partitioned: false, hostPrefix: true };
  const http = { ...https, secure: false, hostPrefix: false };

  it('puts a prefixed cookie at Path=/ whatever path the bare one has, and always Secure', () => {
    expect(serializeCookie('bv_device', 'm', https, 10, '/api/auth')).toBe('__Host-bv_device=m; Path=/; Max-Age=10; HttpOnly; SameSite=Lax; Secure');
    expect(serializeCookie('bv_device', 'm', { ...https, secure: false }, 10, '/api/auth')).toContain('; Secure');
    expect(serializeCookie('bv_device', 'm', http, 10, '/api/auth')).toBe('bv_device=m; Path=/api/auth; Max-Age=10; HttpOnly; SameSite=Lax');
  });
});

describe('legacyClearings', () => {
  const cookies = [
    { name: 'bv_session', path: '/' },
    { name: 'bv_device', path: '/api/auth' },
  ];
  const sent = (...names: string[]) => (name: string) => names.includes(name);

  it('over https clears each bare-named cookie the request sent, at its own path and in the same jar', () => {
    const attrs = requestCookieAttributes({ embedding: true, https: true, host: 'shop.example' });
    expect(legacyClearings(cookies, sent('bv_session', 'bv_device', 'other'), attrs)).toEqual([
      'bv_session=; Path=/; Max-Age=0; HttpOnly; SameSite=None; Secure; Partitioned',
      'bv_device=; Path=/api/auth; Max-Age=0; HttpOnly; SameSite=None; Secure; Partitioned',
    ]);
    expect(legacyClearings(cookies, sent('__Host-bv_session'), attrs)).toEqual([]);
  });

  it('over plain http clears nothing: the bare name is the cookie in use', () => {
    const attrs = requestCookieAttributes({ embedding: false, https: false, host: 'shop.example' });
    expect(legacyClearings(cookies, sent('bv_session', 'bv_device'), attrs)).toEqual([]);
  });
});

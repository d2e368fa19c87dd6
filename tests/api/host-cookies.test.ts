import { eq } from 'drizzle-orm';
import { call, cookieFrom, createTestBrand, type Res, apiServerForFile } from '../support/api-server';
import { createTestBatch } from '../support/codes';
import { PASSWORD, signUpWithPassword, uniqueEmail } from './auth-support';
import { getDb } from '@/lib/db/client';
import { scans } from '@/lib/db/schema';
import { newDeviceId } from '@/lib/edge/device-id';
import { issuedFor } from '../support/devices';

// The cookies' names over HTTPS (docs/security.md, "Cookies"; lib/edge/cookies.ts): behind a proxy that
// says X-Forwarded-Proto: https every cookie is `__Host-…` with Secure, Path=/ and no Domain, and
// is read only under that name; over plain http nothing changes; a bare-named cookie from before
// the move to HTTPS is cleared, never honoured.

jest.setTimeout(60_000);
const server = apiServerForFile({ env: { TRUST_PROXY: '1' } });

const HTTPS = { 'x-forwarded-proto': 'https' };
const HTTP = { 'x-forwarded-proto': 'http' };
type Scheme = typeof HTTPS | typeof HTTP;

const post = (host: string, path: string, body: unknown, scheme: Scheme, cookie?: string) =>
  call(server, host, 'POST', path, { body, headers: scheme, cookie });
const tokenWith = (host: string, cookie: string | undefined, scheme: Scheme) =>
  call(server, host, 'GET', '/api/auth/customer/web/generate-access-token', { cookie, headers: scheme });
const setCookies = (res: Res) => res.headers['set-cookie'] ?? [];

/** Signs up and confirms an account over `scheme`, then signs in to it by password over `scheme`. */
async function confirmAndSignIn(brand: { id: string; domain: string }, scheme: Scheme) {
  const email = uniqueEmail();
  await signUpWithPassword(server, brand.domain, email, 'email', { headers: scheme });
  const res = await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD }, scheme);
  expect(res.status).toBe(200);
  return { email, res, customerId: res.body.customerId as string };
}

describe('over https (X-Forwarded-Proto: https behind TRUST_PROXY)', () => {
  it('signs in with a __Host- session cookie and device mark: Secure, Path=/, no Domain, no bare cookie', async () => {
    const brand = await createTestBrand();
    const { res } = await confirmAndSignIn(brand, HTTPS);
    const set = setCookies(res);
    const session = set.find((c) => c.startsWith('__Host-bv_session='));
    expect(session).toMatch(/^__Host-bv_session=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
    // The device mark lives at Path=/ as the prefix demands (the bare one at /api/auth).
    expect(set.find((c) => c.startsWith('__Host-bv_device='))).toMatch(/^__Host-bv_device=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
    for (const c of set) {
      expect(c).toMatch(/^__Host-/);
      expect(c).not.toMatch(/domain=/i);
    }
  });

  it('authenticates with the __Host- cookie, and with nothing else', async () => {
    const brand = await createTestBrand();
    const { res, customerId } = await confirmAndSignIn(brand, HTTPS);
    const cookie = cookieFrom(res, '__Host-bv_session')!;
    const token = await tokenWith(brand.domain, cookie, HTTPS);
    expect(token.status).toBe(200);
    expect(token.body._id).toBe(customerId);
    const me = await call(server, brand.domain, 'GET', '/api/customer/customer-profile', { token: token.body.accessToken, headers: HTTPS });
    expect(me.status).toBe(200);
    // The same seal under the bare name is not read over https (it could be planted without https),
    const value = cookie.slice('__Host-bv_session='.length);
    const bare = await tokenWith(brand.domain, `bv_session=${value}`, HTTPS);
    expect(bare.status).toBe(401);
    expect(bare.body.errorMessage).toEqual(expect.any(String));
    // and the prefixed cookie is not read over plain http.
    expect((await tokenWith(brand.domain, cookie, HTTP)).status).toBe(401);
  });

  it('signs out by clearing the __Host- cookie, and the session is over', async () => {
    const brand = await createTestBrand();
    const { res } = await confirmAndSignIn(brand, HTTPS);
    const cookie = cookieFrom(res, '__Host-bv_session')!;
    const out = await post(brand.domain, '/api/auth/customer/logout', undefined, HTTPS, cookie);
    expect(out.status).toBe(200);
    expect(setCookies(out)).toEqual([expect.stringMatching(/^__Host-bv_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax; Secure$/)]);
    expect((await tokenWith(brand.domain, cookie, HTTPS)).status).toBe(401);
  });

  it("carries SameSite=None; Secure; Partitioned inside an embedding brand's frame", async () => {
    const brand = await createTestBrand({ ui: { isEmbeddingRequired: true, embeddingURL: 'https://shop.example.com/app' } });
    const { res } = await confirmAndSignIn(brand, HTTPS);
    expect(setCookies(res).find((c) => c.startsWith('__Host-bv_session='))).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=None; Secure; Partitioned$/);
    const out = await post(brand.domain, '/api/auth/customer/logout', undefined, HTTPS, cookieFrom(res, '__Host-bv_session'));
    expect(setCookies(out)).toEqual([expect.stringMatching(/^__Host-bv_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=None; Secure; Partitioned$/)]);
  });

  it('clears the bare-named cookies set before the move to https, each at its own path, without honouring them', async () => {
    const brand = await createTestBrand();
    // Signed in while the deployment still served plain http.
    const { res, email, customerId } = await confirmAndSignIn(brand, HTTP);
    const oldSession = cookieFrom(res, 'bv_session')!;
    const oldDevice = cookieFrom(res, 'bv_device')!;
    expect(oldSession).toBeDefined();
    expect(oldDevice).toBeDefined();
    expect((await tokenWith(brand.domain, oldSession, HTTP)).status).toBe(200);
    // The same browser after the switch to https.
    const after = await tokenWith(brand.domain, `${oldSession}; ${oldDevice}`, HTTPS);
    expect(after.status).toBe(401);
    expect(setCookies(after)).toEqual([
      'bv_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
      'bv_device=; Path=/api/auth; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    ]);
    // A sign-in over https then sets the prefixed cookies and clears what is left under the bare name.
    const again = await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD }, HTTPS, `${oldSession}; ${oldDevice}`);
    expect(again.status).toBe(200);
    expect(setCookies(again).map((c) => c.split('=')[0])).toEqual(['bv_session', 'bv_device', '__Host-bv_session', '__Host-bv_device']);
    expect(setCookies(again).slice(0, 2)).toEqual(setCookies(after));
    expect((await tokenWith(brand.domain, cookieFrom(again, '__Host-bv_session'), HTTPS)).body._id).toBe(customerId);
  });

  it('groups scans by the __Host- device id cookie', async () => {
    const brand = await createTestBrand();
    const batch = await createTestBatch(brand, { units: 1 });
    const device = newDeviceId();
    const qrId = batch.units[0]!.overt.qrId;
    const scan = (cookie: string, scheme: Scheme) => call(server, brand.domain, 'GET', `/api/verify/info/${qrId}`, { cookie, headers: scheme });
    expect((await scan(`__Host-device_id=${await issuedFor(brand.domain, device)}`, HTTPS)).status).toBe(200);
    const other = newDeviceId();
    // A bare device id over https is not read (and is cleared by the pages, not here).
    expect((await scan(`device_id=${await issuedFor(brand.domain, other)}`, HTTPS)).status).toBe(200);
    const db = await getDb();
    const keys = (await db.select().from(scans).where(eq(scans.clientId, brand.id))).map((r) => r.deviceId);
    expect(keys).toEqual(expect.arrayContaining([device, null]));
    expect(keys).not.toContain(other);
  });
});

describe('over plain http (local development)', () => {
  it('keeps the bare names, as before', async () => {
    const brand = await createTestBrand();
    const { res, customerId } = await confirmAndSignIn(brand, HTTP);
    const set = setCookies(res);
    // *.localhost is a loopback host: browsers take Secure cookies there over http.
    expect(set.find((c) => c.startsWith('bv_session='))).toMatch(/^bv_session=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
    expect(set.find((c) => c.startsWith('bv_device='))).toMatch(/^bv_device=[^;]+; Path=\/api\/auth; /);
    expect(set.some((c) => c.startsWith('__Host-'))).toBe(false);
    const cookie = cookieFrom(res, 'bv_session')!;
    expect((await tokenWith(brand.domain, cookie, HTTP)).body._id).toBe(customerId);
    const out = await post(brand.domain, '/api/auth/customer/logout', undefined, HTTP, cookie);
    expect(setCookies(out)).toEqual([expect.stringMatching(/^bv_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax; Secure$/)]);
  });
});

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, createTestBrand, startApiServer, type TestServer } from '../support/api-server';
import { signUpWithPassword } from './auth-support';
import { publishLegal } from '@/lib/operator/legal';

// GET /api/customer/my-data: everything the brand holds about the signed-in customer, with the
// consents given and when; only theirs, only this brand's; refused without an account.

jest.setTimeout(60_000); // PGlite starts slowly on a busy machine

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startApiServer();
  dir = await mkdtemp(path.join(tmpdir(), 'my-data-'));
});
afterAll(() => server?.close());

type Brand = Awaited<ReturnType<typeof createTestBrand>>;

async function signUp(brand: Brand) {
  const email = `c${Math.random().toString(36).slice(2)}@example.com`;
  const { cookie } = await signUpWithPassword(server, brand.domain, email);
  const tok = await call(server, brand.domain, 'GET', '/api/auth/customer/web/generate-access-token', { cookie });
  expect(tok.status).toBe(200);
  return { email, customerId: tok.body._id as string, token: tok.body.accessToken as string };
}

describe('GET /api/customer/my-data', () => {
  it("answers the customer's own data and consents, with when each was given", async () => {
    const brand = await createTestBrand();
    const file = path.join(dir, `${brand.slug}.md`);
    await writeFile(file, '# Terms\n\nText.');
    const terms = await publishLegal({ slug: brand.slug, type: 'Terms & Conditions', file });
    const me = await signUp(brand);
    const other = await signUp(brand);
    const before = Date.now();
    const ack = await call(server, brand.domain, 'POST', '/api/legal/acknowledge-legal-policies', {
      token: me.token,
      body: { policies: [{ userIdType: 'customer', userId: me.customerId, documentId: terms.documentId, documentType: 'Terms & Conditions', version: terms.version }] },
    });
    expect(ack.status).toBeLessThan(300);
    expect((await call(server, brand.domain, 'POST', '/api/customer/cookie-consent', { token: me.token })).status).toBeLessThan(300);

    const res = await call(server, brand.domain, 'GET', '/api/customer/my-data', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.profile.emailId).toBe(me.email);
    expect(res.body).toMatchObject({ brand: expect.any(String), products: [], warranties: [], complaints: [], rewards: [], transactions: [] });
    expect(res.body.consents.policies).toEqual([{ documentType: 'Terms & Conditions', version: terms.version, acknowledgedAt: expect.any(String) }]);
    expect(Date.parse(res.body.consents.policies[0].acknowledgedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.body.consents.cookieConsent).toHaveLength(1);

    // another customer of the same brand sees none of it
    const theirs = await call(server, brand.domain, 'GET', '/api/customer/my-data', { token: other.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.profile.emailId).toBe(other.email);
    expect(theirs.body.consents).toEqual({ policies: [], cookieConsent: [] });
    expect(JSON.stringify(theirs.body)).not.toContain(me.email);
  });

  it('is refused without an account, and with a token of another brand', async () => {
    const brand = await createTestBrand();
    const elsewhere = await createTestBrand();
    const stranger = await signUp(elsewhere);
    const anonymous = await call(server, brand.domain, 'GET', '/api/customer/my-data', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errorMessage).toEqual(expect.any(String));
    const crossed = await call(server, brand.domain, 'GET', '/api/customer/my-data', { token: stranger.token });
    expect(crossed.status).toBe(401);
  });
});

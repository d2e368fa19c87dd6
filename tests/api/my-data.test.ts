import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, createTestBrand, startApiServer, type TestServer } from '../support/api-server';
import { claimedUnit, signedInCustomer } from '../support/aftersales';
import { signUpWithPassword } from './auth-support';
import { publishLegal } from '@/lib/operator/legal';

// GET /api/customer/my-data (and /pdf, the same as a readable PDF): everything the brand holds about the signed-in customer, with the
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
    expect(res.body).toMatchObject({ brand: expect.any(String), products: [], warranties: [], complaints: [], rewards: [], transactions: [], messages: [] });
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

describe('GET /api/customer/my-data/pdf', () => {
  /** The answer's bytes as they came (the JSON helper reads text). */
  const download = (domain: string, token?: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      const headers: Record<string, string> = { host: domain, ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const req = http.request({ host: '127.0.0.1', port: server.port, path: '/api/customer/my-data/pdf', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  /** The PDF's text as pdftotext reads it (the system's poppler), spaces folded. */
  const pdfText = async (bytes: Buffer) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    await writeFile(file, bytes);
    try {
      return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    } finally {
      await rm(file, { force: true });
    }
  };
  const havePdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].some((p) => existsSync(p));

  it("is a PDF of the customer's own data: their name, a claimed product, the consents, times in the brand's zone; nobody else's", async () => {
    const brand = await createTestBrand();
    const me = await signedInCustomer(brand.id, { userName: 'Meera Kamal कमल', vpa: 'meera@okbank' });
    const other = await signedInCustomer(brand.id, { userName: 'Ravi Outsider', vpa: 'ravi@okbank' });
    await claimedUnit(brand.id, me.customerId, { name: 'Water Purifier Zeta' });
    await claimedUnit(brand.id, other.customerId, { name: 'Secret Heater Omega' });
    expect((await call(server, brand.domain, 'POST', '/api/customer/cookie-consent', { token: me.token })).status).toBeLessThan(300);

    const res = await download(brand.domain, me.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (!havePdftotext) return; // the header is all that can be read without poppler
    const text = await pdfText(res.bytes);
    expect(text).toContain(`My data at ${brand.name}`);
    expect(text).toContain('Name: Meera Kamal');
    expect(text).toContain('कमल'); // the Devanagari part, in the embedded Noto font
    expect(text).toContain('UPI id: meera@okbank');
    expect(text).toMatch(/Water Purifier Zeta, batch B\w+: claimed on \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m IST/);
    expect(text).toMatch(/Cookie consent: given on \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m IST/);
    expect(text).toContain('Asia/Kolkata');
    expect(text).not.toContain('Ravi');
    expect(text).not.toContain('Secret Heater');

    // and theirs has none of mine
    const theirs = await pdfText((await download(brand.domain, other.token)).bytes);
    expect(theirs).toContain('Name: Ravi Outsider');
    expect(theirs).toContain('Secret Heater Omega');
    expect(theirs).not.toContain('Meera');
    expect(theirs).not.toContain('Water Purifier Zeta');
  });

  it('is refused without an account, and with a token of another brand', async () => {
    const brand = await createTestBrand();
    const elsewhere = await createTestBrand();
    const stranger = await signedInCustomer(elsewhere.id);
    const anonymous = await call(server, brand.domain, 'GET', '/api/customer/my-data/pdf', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errorMessage).toEqual(expect.any(String));
    const crossed = await call(server, brand.domain, 'GET', '/api/customer/my-data/pdf', { token: stranger.token });
    expect(crossed.status).toBe(401);
  });
});

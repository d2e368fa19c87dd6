import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { call, createTestBrand, startApiServer, type TestServer } from '../support/api-server';
import { signUpWithPassword } from './auth-support';
import { getDb } from '@/lib/db/client';
import { cookieConsents, legalAcknowledgements } from '@/lib/db/schema';
import { listLegal, publishLegal } from '@/lib/operator/legal';

jest.setTimeout(60_000); // PGlite starts slowly on a busy machine

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startApiServer();
  dir = await mkdtemp(path.join(tmpdir(), 'legal-'));
});
afterAll(() => server?.close());

type Brand = Awaited<ReturnType<typeof createTestBrand>>;
type Customer = { customerId: string; token: string };

async function publish(brand: Brand, type: 'Terms & Conditions' | 'Privacy Policy' | 'Cookie Policy', text = `# ${type}\n\nText.`) {
  const file = path.join(dir, `${brand.slug}-${Math.random().toString(36).slice(2)}.md`);
  await writeFile(file, text);
  return publishLegal({ slug: brand.slug, type, file });
}

async function brandWithPolicies() {
  const brand = await createTestBrand();
  const docs = {
    terms: await publish(brand, 'Terms & Conditions'),
    privacy: await publish(brand, 'Privacy Policy'),
    cookie: await publish(brand, 'Cookie Policy'),
  };
  return { brand, docs };
}

async function signUp(brand: Brand): Promise<Customer> {
  const { cookie } = await signUpWithPassword(server, brand.domain, `c${Math.random().toString(36).slice(2)}@example.com`);
  const tok = await call(server, brand.domain, 'GET', '/api/auth/customer/web/generate-access-token', { cookie });
  expect(tok.status).toBe(200);
  return { customerId: tok.body._id, token: tok.body.accessToken };
}

const entry = (c: Customer, d: { documentId: string; documentType: string; version: number }) => ({
  userIdType: 'customer',
  userId: c.customerId,
  documentId: d.documentId,
  documentType: d.documentType,
  version: d.version,
});

const policiesOf = (brand: Brand, c: Customer) => call(server, brand.domain, 'GET', '/api/legal/get-acknowledged-policies', { token: c.token });
const acknowledge = (brand: Brand, c: Customer, body: unknown) =>
  call(server, brand.domain, 'POST', '/api/legal/acknowledge-legal-policies', { token: c.token, body });

async function ackRows(customerId: string) {
  const db = await getDb();
  return db.select().from(legalAcknowledgements).where(eq(legalAcknowledgements.customerId, customerId)).orderBy(legalAcknowledgements.acknowledgedAt, legalAcknowledgements.id);
}

describe('GET /api/legal/get-acknowledged-policies', () => {
  it('shows every policy unacknowledged and no cookie consent on the first fetch', async () => {
    const { brand, docs } = await brandWithPolicies();
    const c = await signUp(brand);
    const res = await policiesOf(brand, c);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      isCookieConsentGiven: false,
      'Terms & Conditions': { acknowledged: false, documentId: docs.terms.documentId, version: 1 },
      'Privacy Policy': { acknowledged: false, documentId: docs.privacy.documentId, version: 1 },
      'Cookie Policy': { acknowledged: false, documentId: docs.cookie.documentId, version: 1 },
    });
  });

  it('counts a type the brand never published as acknowledged, with null documentId and version', async () => {
    const brand = await createTestBrand();
    await publish(brand, 'Privacy Policy');
    const c = await signUp(brand);
    const res = await policiesOf(brand, c);
    expect(res.body['Terms & Conditions']).toEqual({ acknowledged: true, documentId: null, version: null });
    expect(res.body['Privacy Policy'].acknowledged).toBe(false);
  });

  it('answers 401 without a token', async () => {
    const { brand } = await brandWithPolicies();
    const res = await call(server, brand.domain, 'GET', '/api/legal/get-acknowledged-policies');
    expect(res.status).toBe(401);
  });
});

describe('POST /api/legal/acknowledge-legal-policies', () => {
  it('marks all three acknowledged, and a new version of one makes only that one unacknowledged again', async () => {
    const { brand, docs } = await brandWithPolicies();
    const c = await signUp(brand);
    const res = await acknowledge(brand, c, { policies: [entry(c, docs.terms), entry(c, docs.privacy), entry(c, docs.cookie)] });
    expect(res.status).toBe(200);
    expect(res.body['Terms & Conditions'].acknowledged).toBe(true);
    const after = await policiesOf(brand, c);
    for (const t of ['Terms & Conditions', 'Privacy Policy', 'Cookie Policy']) expect(after.body[t].acknowledged).toBe(true);

    const v2 = await publish(brand, 'Privacy Policy', '# Privacy policy\n\nNow with more detail.');
    expect(v2.version).toBe(2);
    const later = await policiesOf(brand, c);
    expect(later.body['Privacy Policy']).toEqual({ acknowledged: false, documentId: v2.documentId, version: 2 });
    expect(later.body['Terms & Conditions'].acknowledged).toBe(true);
    expect(later.body['Cookie Policy'].acknowledged).toBe(true);
  });

  it('keeps every acknowledgement as its own row: acknowledging twice adds a row and leaves the first unchanged', async () => {
    const { brand, docs } = await brandWithPolicies();
    const c = await signUp(brand);
    expect((await acknowledge(brand, c, { policies: [entry(c, docs.terms)] })).status).toBe(200);
    const [first] = await ackRows(c.customerId);
    expect(first).toMatchObject({ userIdType: 'customer', documentId: docs.terms.documentId, documentType: 'Terms & Conditions', version: 1 });
    expect((await acknowledge(brand, c, { policies: [entry(c, docs.terms)] })).status).toBe(200);
    const rows = await ackRows(c.customerId);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === first!.id)).toEqual(first);
  });

  it('refuses to change a recorded acknowledgement in the database itself', async () => {
    const { brand, docs } = await brandWithPolicies();
    const c = await signUp(brand);
    await acknowledge(brand, c, { policies: [entry(c, docs.terms)] });
    const db = await getDb();
    await expect(db.update(legalAcknowledgements).set({ version: 9 }).where(eq(legalAcknowledgements.customerId, c.customerId))).rejects.toThrow();
    expect((await ackRows(c.customerId))[0]!.version).toBe(1);
  });

  describe('refuses bad input with a 4xx naming the problem, recording nothing', () => {
    const cases: Array<[string, (ctx: Ctx) => unknown, number, RegExp]> = [
      ['an empty list', () => ({ policies: [] }), 422, /policies/],
      ['a body without policies', () => ({}), 422, /policies is required/],
      ['an unknown field', ({ c, docs }) => ({ policies: [entry(c, docs.terms)], extra: 1 }), 422, /extra/],
      ['a malformed entry', ({ c, docs }) => ({ policies: [{ ...entry(c, docs.terms), version: 'one' }] }), 422, /policies\.0\.version/],
      ['a userIdType other than customer', ({ c, docs }) => ({ policies: [{ ...entry(c, docs.terms), userIdType: 'admin' }] }), 422, /userIdType/],
      ['an unknown documentId', ({ c, docs }) => ({ policies: [entry(c, docs.terms), { ...entry(c, docs.privacy), documentId: 'doc_nope' }] }), 404, /policies\.1\.documentId/],
      ['a document of another brand', ({ c, docs, foreign }) => ({ policies: [entry(c, docs.terms), { ...entry(c, foreign) }] }), 404, /policies\.1\.documentId/],
      ['a version that is not the current one', ({ c, docs, oldTerms }) => ({ policies: [entry(c, docs.cookie), entry(c, oldTerms)] }), 409, /policies\.1\.version.*not the current/],
      ['a version that does not match the document', ({ c, docs }) => ({ policies: [{ ...entry(c, docs.privacy), version: 7 }] }), 422, /policies\.0\.version/],
      ['a documentType that does not match the document', ({ c, docs }) => ({ policies: [{ ...entry(c, docs.privacy), documentType: 'Cookie Policy' }] }), 422, /policies\.0\.documentType/],
      ['another customer’s userId', ({ c, other, docs }) => ({ policies: [entry(c, docs.terms), entry(other, docs.privacy)] }), 422, /policies\.1\.userId/],
      ['the same document twice', ({ c, docs }) => ({ policies: [entry(c, docs.terms), entry(c, docs.terms)] }), 422, /twice/],
    ];
    // One brand for every case: Terms has a version 2, so version 1 is an old one.
    type Ctx = { brand: Brand; c: Customer; other: Customer; docs: Awaited<ReturnType<typeof brandWithPolicies>>['docs']; oldTerms: { documentId: string; documentType: string; version: number }; foreign: { documentId: string; documentType: string; version: number } };
    let ctx: Ctx;
    beforeAll(async () => {
      const { brand, docs } = await brandWithPolicies();
      const { docs: foreignDocs } = await brandWithPolicies();
      const [c, other] = [await signUp(brand), await signUp(brand)];
      const termsV2 = await publish(brand, 'Terms & Conditions');
      ctx = { brand, c, other, docs: { ...docs, terms: termsV2 }, oldTerms: docs.terms, foreign: foreignDocs.privacy };
    });
    it.each(cases)('%s', async (_name, makeBody, status, message) => {
      const { brand, c, other } = ctx;
      const count = async () => (await ackRows(c.customerId)).length + (await ackRows(other.customerId)).length;
      const before = await count();
      const res = await acknowledge(brand, c, makeBody(ctx));
      expect(res.status).toBe(status);
      expect(res.body.errorMessage).toMatch(message);
      // The field the message starts with is also given as data.
      const named = /^(policies(\.\d+\.\w+)?)/.exec(res.body.errorMessage)?.[1];
      if (named) expect(res.body.field).toBe(named);
      expect(await count()).toBe(before);
    });

    it('a malformed JSON body', async () => {
      const { brand, c } = ctx;
      const before = (await ackRows(c.customerId)).length;
      const res = await call(server, brand.domain, 'POST', '/api/legal/acknowledge-legal-policies', {
        token: c.token,
        rawBody: '{"policies": [',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage).toBe('Malformed JSON body');
      expect(await ackRows(c.customerId)).toHaveLength(before);
    });
  });
});

describe('POST /api/customer/cookie-consent', () => {
  it('records the consent (a row each time) and the policies answer says it is given', async () => {
    const { brand } = await brandWithPolicies();
    const c = await signUp(brand);
    const res = await call(server, brand.domain, 'POST', '/api/customer/cookie-consent', { token: c.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isCookieConsentGiven: true });
    expect((await policiesOf(brand, c)).body.isCookieConsentGiven).toBe(true);
    const db = await getDb();
    const rows = await db.select().from(cookieConsents).where(and(eq(cookieConsents.clientId, brand.id), eq(cookieConsents.customerId, c.customerId)));
    expect(rows).toHaveLength(1);
  });

  it('answers 401 and records nothing without a token', async () => {
    const { brand } = await brandWithPolicies();
    const db = await getDb();
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(cookieConsents).where(eq(cookieConsents.clientId, brand.id)))[0]!.n;
    const res = await call(server, brand.domain, 'POST', '/api/customer/cookie-consent');
    expect(res.status).toBe(401);
    expect(await count()).toBe(0);
  });
});

describe('GET /api/legal/documents', () => {
  it('lists the current version of each document to anyone', async () => {
    const { brand, docs } = await brandWithPolicies();
    const v2 = await publish(brand, 'Cookie Policy');
    const res = await call(server, brand.domain, 'GET', '/api/legal/documents/current');
    expect(res.status).toBe(200);
    const byType = Object.fromEntries(res.body.documents.map((d: { documentType: string }) => [d.documentType, d]));
    expect(byType['Terms & Conditions']).toMatchObject({ documentId: docs.terms.documentId, version: 1, format: 'markdown' });
    expect(byType['Cookie Policy']).toMatchObject({ documentId: v2.documentId, version: 2, url: `/api/legal/documents/${v2.documentId}` });
  });

  it('serves Markdown as text, or as JSON when asked', async () => {
    const brand = await createTestBrand();
    const doc = await publish(brand, 'Privacy Policy', '# Privacy\n\nWe keep little.');
    const raw = await call(server, brand.domain, 'GET', `/api/legal/documents/${doc.documentId}`);
    expect(raw.status).toBe(200);
    expect(raw.headers['content-type']).toMatch(/^text\/markdown; charset=utf-8/);
    expect(raw.text).toBe('# Privacy\n\nWe keep little.');
    const json = await call(server, brand.domain, 'GET', `/api/legal/documents/${doc.documentId}`, { headers: { accept: 'application/json' } });
    expect(json.body).toMatchObject({ documentType: 'Privacy Policy', version: 1, format: 'markdown', content: '# Privacy\n\nWe keep little.' });
  });

  it('serves a PDF inline with its type and nosniff', async () => {
    const brand = await createTestBrand();
    const file = path.join(dir, 'terms.pdf');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0, 1, 2, 250, 255]), Buffer.from('\n%%EOF\n')]);
    await writeFile(file, pdf);
    const doc = await publishLegal({ slug: brand.slug, type: 'Terms & Conditions', file });
    expect(doc.format).toBe('pdf');
    const res = await new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      void import('node:http').then((http) =>
        http
          .get({ host: '127.0.0.1', port: server.port, path: `/api/legal/documents/${doc.documentId}`, headers: { host: brand.domain } }, (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (ch) => chunks.push(ch));
            r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject),
      );
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="terms-and-conditions-v1.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.equals(pdf)).toBe(true);
  });

  it('answers 404 for a document of another brand', async () => {
    const a = await createTestBrand();
    const { docs } = await brandWithPolicies();
    const res = await call(server, a.domain, 'GET', `/api/legal/documents/${docs.privacy.documentId}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Privacy Policy');
  });
});

describe('publish-legal and list-legal', () => {
  it('numbers versions per brand and type, and lists them newest first', async () => {
    const brand = await createTestBrand();
    await publish(brand, 'Cookie Policy');
    const second = await publish(brand, 'Cookie Policy');
    const other = await publish(brand, 'Privacy Policy');
    expect([second.version, other.version]).toEqual([2, 1]);
    const list = await listLegal({ slug: brand.slug });
    expect(list.map((r) => [r.documentType, r.version])).toEqual([
      ['Cookie Policy', 2],
      ['Cookie Policy', 1],
      ['Privacy Policy', 1],
    ]);
  });

  it.each([
    ['fake.pdf', Buffer.from('# not a pdf'), /not a PDF/],
    ['policy.md', Buffer.from('%PDF-1.7 binary'), /is a PDF/],
    ['policy.md', Buffer.from([0xff, 0xfe, 0x00, 0x41]), /not valid UTF-8/],
    ['policy.docx', Buffer.from('hello'), /Markdown .* or PDF/],
    ['empty.md', Buffer.from('  \n'), /empty/],
    ['big.md', Buffer.alloc(2 * 1024 * 1024 + 1, 'a'), /larger than 2 MB/],
  ])('refuses %s with a clear message and publishes nothing', async (name, content, message) => {
    const brand = await createTestBrand();
    const file = path.join(dir, `${brand.slug}-${name}`);
    await writeFile(file, content);
    await expect(publishLegal({ slug: brand.slug, type: 'Privacy Policy', file })).rejects.toThrow(message);
    expect(await listLegal({ slug: brand.slug })).toEqual([]);
  });

  it('refuses a missing file', async () => {
    const brand = await createTestBrand();
    await expect(publishLegal({ slug: brand.slug, type: 'Privacy Policy', file: path.join(dir, 'nope.md') })).rejects.toThrow(/no such file/);
  });
});

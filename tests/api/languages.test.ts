import { call, cookieFrom, createTestBrand, apiServerForFile } from '../support/api-server';
import { accessToken, customerRow, latestCode, signUpWithPassword, uniqueEmail, PASSWORD } from './auth-support';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import { readOutbox } from '@/lib/messaging/outbox';

// The customer's language on the API (docs/languages.md): the brand's languages, default and time
// zone in clone-info; the customer's choice kept in the profile (PUT /api/customer/language) and
// set as this browser's cookie, and set again at every sign-in; one-time codes written in it.

jest.setTimeout(30_000);
const server = apiServerForFile();

async function signedIn(config?: Parameters<typeof createTestBrand>[0]) {
  const brand = await createTestBrand(config);
  const email = uniqueEmail();
  const { cookie, customerId } = await signUpWithPassword(server, brand.domain, email);
  const token = (await accessToken(server, brand.domain, cookie)).body.accessToken as string;
  return { brand, cookie, customerId, token, email };
}

describe('clone-info', () => {
  it('answers every language, English first, in India, for a brand that set none', async () => {
    const brand = await createTestBrand();
    const res = await call(server, brand.domain, 'GET', '/api/client/clone-info');
    expect(res.body).toMatchObject({ languages: ['en', 'hi', 'bn', 'mr', 'ta', 'te'], defaultLanguage: 'en', timeZone: 'Asia/Kolkata' });
  });

  it('answers the brand\'s own choice', async () => {
    const brand = await createTestBrand({ locale: { languages: ['hi', 'en'], defaultLanguage: 'hi', timeZone: 'Asia/Dubai' } });
    const res = await call(server, brand.domain, 'GET', '/api/client/clone-info');
    expect(res.body).toMatchObject({ languages: ['hi', 'en'], defaultLanguage: 'hi', timeZone: 'Asia/Dubai' });
  });
});

describe('PUT /api/customer/language', () => {
  it('keeps the choice in the profile and sets this browser\'s cookie', async () => {
    const { brand, token, customerId } = await signedIn();
    const res = await call(server, brand.domain, 'PUT', '/api/customer/language', { token, body: { language: 'ta' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ language: 'ta' });
    expect(cookieFrom(res, 'bv_lang')).toBe('bv_lang=ta');
    expect(String(res.headers['set-cookie'])).toMatch(/bv_lang=ta; Path=\/; Max-Age=34560000; SameSite=Lax/);
    expect((await customerRow(brand.id, customerId))!.language).toBe('ta');
    const profile = await call(server, brand.domain, 'GET', '/api/customer/customer-profile', { token });
    expect(profile.body.language).toBe('ta');
  });

  it('refuses a language the brand does not offer, an unknown one and extra fields, naming the field, and changes nothing', async () => {
    const { brand, token, customerId } = await signedIn({ locale: { languages: ['en', 'hi'] } });
    const before = await customerRow(brand.id, customerId);
    const notOffered = await call(server, brand.domain, 'PUT', '/api/customer/language', { token, body: { language: 'ta' } });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body).toMatchObject({ field: 'language', errorMessage: 'language: is not offered here (offered: en, hi)' });
    for (const body of [{ language: 'xx' }, { language: 'HI' }, {}, { language: 'hi', extra: 1 }, { language: ['hi'] }]) {
      const res = await call(server, brand.domain, 'PUT', '/api/customer/language', { token, body });
      expect(res.status).toBe(422);
      expect(res.body.errorMessage).toMatch(/^(language|Unknown field: extra)/);
    }
    expect(await customerRow(brand.id, customerId)).toEqual(before);
  });

  it('needs a signed-in customer', async () => {
    const brand = await createTestBrand();
    const res = await call(server, brand.domain, 'PUT', '/api/customer/language', { body: { language: 'hi' } });
    expect(res.status).toBe(401);
  });

  it('the choice follows the customer to their next sign-in (another browser), while the brand offers it', async () => {
    const { brand, token, email } = await signedIn();
    await call(server, brand.domain, 'PUT', '/api/customer/language', { token, body: { language: 'te' } });
    const login = await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', { body: { channel: 'email', contact: email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(cookieFrom(login, 'bv_lang')).toBe('bv_lang=te');

    // A language the brand no longer offers (chosen when it did) is not set again.
    const other = await signedIn({ locale: { languages: ['en', 'te'] } });
    const db = await getDb();
    await db.update(customers).set({ language: 'ta' }).where(eq(customers.id, other.customerId));
    const again = await call(server, other.brand.domain, 'POST', '/api/auth/customer/web/login', { body: { channel: 'email', contact: other.email, password: PASSWORD } });
    expect(again.status).toBe(200);
    expect(cookieFrom(again, 'bv_lang')).toBeUndefined();
  });

  it('a customer who never chose gets no language cookie at sign-in', async () => {
    const { brand, email } = await signedIn();
    const login = await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', { body: { channel: 'email', contact: email, password: PASSWORD } });
    expect(cookieFrom(login, 'bv_lang')).toBeUndefined();
  });
});

describe('one-time codes', () => {
  it('are written in the language the request asks for among the brand\'s, else the brand default', async () => {
    const brand = await createTestBrand({ locale: { languages: ['en', 'hi'], defaultLanguage: 'hi' } });
    const hindi = uniqueEmail();
    const first = await call(server, brand.domain, 'POST', '/api/auth/customer/web/signup', { body: { channel: 'email', contact: hindi, password: PASSWORD, userName: 'Asha' }, headers: { 'accept-language': 'ta-IN, fr' } });
    expect(first.status).toBe(201);
    const english = uniqueEmail();
    const second = await call(server, brand.domain, 'POST', '/api/auth/customer/web/signup', { body: { channel: 'email', contact: english, password: PASSWORD, userName: 'Ravi' }, headers: { cookie: 'bv_lang=en', 'accept-language': 'hi' } });
    expect(second.status).toBe(201);
    const sent = readOutbox().filter((e) => e.clientId === brand.id);
    expect(latestCode(brand.id, hindi, 'SIGNUP')).toMatch(/^\d{6}$/);
    expect(sent.find((e) => e.to === hindi)?.locale).toBe('hi'); // Tamil is not offered: the brand's default
    expect(sent.find((e) => e.to === english)?.locale).toBe('en'); // the remembered choice wins
  });
});

describe('the evidence report', () => {
  const pdfText = (bytes: Buffer) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evidence-'));
    const file = path.join(dir, 'e.pdf');
    writeFileSync(file, bytes);
    try {
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const download = (domain: string, reference: string, cookie?: string) =>
    new Promise<Buffer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: server.port, path: `/api/verify/evidence/${reference}`, headers: { host: domain, ...(cookie ? { cookie } : {}) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      });
      req.on('error', reject);
      req.end();
    });

  it('is written in the customer\'s language with its script\'s font embedded, its time in the brand\'s zone', async () => {
    const brand = await createTestBrand({ flags: { isRedFlaggingEnabled: true } });
    const fake = await call(server, brand.domain, 'GET', '/api/verify/info/NoSuchCode123');
    expect(fake.body.result).toBe('Fake');
    const reference = fake.body.evidence.reference as string;

    const english = await download(brand.domain, reference);
    const englishText = pdfText(english);
    expect(englishText).toContain('Verdict: Fake');
    expect(englishText).toMatch(/Time: \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m IST/);
    expect(englishText).not.toContain('UTC');
    expect(english.includes('NotoSans')).toBe(false); // no script font for English

    const hindi = await download(brand.domain, reference, 'bv_lang=hi');
    expect(hindi.includes('NotoSansDevanagari')).toBe(true);
    const hindiText = pdfText(hindi);
    expect(hindiText).not.toContain('Verdict');
    expect(hindiText).toContain('नकली'); // the label's word (Fake)
    expect(hindiText).toContain(reference); // codes stay as they are, in Latin letters
    expect(hindiText).toContain('NoSuchCode123');
    expect(hindiText).toMatch(/IST/);
  });
});

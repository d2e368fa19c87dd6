import { eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { createTestBatch } from '../support/codes';
import { createTestCustomer } from '../support/customers';
import { getDb } from '@/lib/db/client';
import { claims, scans, unitSessions } from '@/lib/db/schema';

// Previews and robots are not people (docs/verification.md, "Previews and robots"): a link-preview
// fetcher, a crawler, a HEAD request or a prefetch gets the product and never records a check, a
// session or a claim. The user agents are the fetchers' own.

const server = apiServerForFile();
jest.setTimeout(30_000);

const PREVIEW_AGENTS: Record<string, string> = {
  WhatsApp: 'WhatsApp/2.23.20.0 A',
  Telegram: 'TelegramBot (like TwitterBot)',
  Facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'X/Twitter': 'Twitterbot/1.0',
  LinkedIn: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  Slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  Discord: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  Skype: 'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com',
  iMessage: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
  Google: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.155 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  Bing: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
};
const PHONE = 'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

async function recorded(clientId: string) {
  const db = await getDb();
  return {
    scans: (await db.select().from(scans).where(eq(scans.clientId, clientId))).length,
    sessions: (await db.select().from(unitSessions).where(eq(unitSessions.clientId, clientId))).length,
    claims: (await db.select().from(claims).where(eq(claims.clientId, clientId))).length,
  };
}

it.each(Object.entries(PREVIEW_AGENTS))('answers %s’s preview fetcher with the product only, recording nothing', async (_name, agent) => {
  const brand = await createTestBrand();
  const batch = await createTestBatch(brand, { units: 1 });
  const res = await call(server, brand.domain, 'GET', `/api/verify/info/${batch.units[0]!.overt.qrId}?lat=18.52&lng=73.86`, { headers: { 'user-agent': agent } });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ result: 'Info', product: { name: expect.any(String) } });
  for (const detail of ['verification', 'risk', 'claim', 'evidence']) expect(res.body).not.toHaveProperty(detail);
  expect(await recorded(brand.id)).toEqual({ scans: 0, sessions: 0, claims: 0 });
});

it('records nothing for a HEAD request, a browser prefetch, a router prefetch or ?preview=1, and never claims', async () => {
  const brand = await createTestBrand();
  const batch = await createTestBatch(brand, { units: 1 });
  const me = await createTestCustomer(brand.id);
  const covert = batch.units[0]!.covert.qrId;
  const overt = batch.units[0]!.overt.qrId;
  const head = await call(server, brand.domain, 'HEAD', `/api/verify/info/${overt}`, { headers: { 'user-agent': PHONE } });
  expect(head.status).toBe(200);
  for (const headers of [{ purpose: 'prefetch' }, { 'sec-purpose': 'prefetch;prerender' }, { 'next-router-prefetch': '1' }] as Record<string, string>[]) {
    const res = await call(server, brand.domain, 'GET', `/api/verify/covert-post/${covert}`, { token: me.token, headers: { 'user-agent': PHONE, ...headers } });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('claim');
  }
  const asked = await call(server, brand.domain, 'GET', `/api/verify/covert-post/${covert}?preview=1`, { token: me.token, headers: { 'user-agent': PHONE } });
  expect(asked.body).toMatchObject({ result: 'Info', product: { name: expect.any(String) } });
  expect(await recorded(brand.id)).toEqual({ scans: 0, sessions: 0, claims: 0 });
  // A person (a phone whose model name contains "BOT") is recorded as ever.
  const person = await call(server, brand.domain, 'GET', `/api/verify/covert-post/${covert}`, { token: me.token, headers: { 'user-agent': PHONE } });
  expect(person.body).toMatchObject({ result: 'Genuine Post Sale', verification: { count: 1 } });
  expect(await recorded(brand.id)).toMatchObject({ scans: 1, claims: 1 });
});

it('refuses a malformed preview flag naming it', async () => {
  const brand = await createTestBrand();
  const res = await call(server, brand.domain, 'GET', '/api/verify/info/abc?preview=yes');
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ field: 'preview' });
});

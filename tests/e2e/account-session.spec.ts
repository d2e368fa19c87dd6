import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PORT, createBrand, newEmail, open, signUpWithPassword } from './support';
import { aftersalesBrand } from './aftersales-support';

// Another site must not end a customer's session or claim a unit in their name (docs/security.md,
// "Accounts"); the ended-session cookie is cleared with the attributes it was set with.

/** A GET to the e2e server with a chosen Host and headers (the browser would not let us forge them). */
function rawGet(host: string, path: string, headers: Record<string, string>): Promise<{ status: number; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, path, method: 'GET', headers: { host: `${host}:${PORT}`, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] ?? [] }));
    });
    req.on('error', reject);
    req.end();
  });
}

test("/login?expired=1 from another site does not sign the customer out; this site's own does", async ({ page }) => {
  const brand = await createBrand();
  const other = await createBrand();
  await signUpWithPassword(page, brand, { email: newEmail(), name: 'Noor' });

  // A link on another site (here: another brand's origin) to /login?expired=1.
  await open(page, `${other.origin}/login`);
  await page.evaluate((url) => (window.location.href = url), `${brand.origin}/login?expired=1`);
  // Still signed in, so /login passes the customer on home.
  await expect(page).toHaveURL(`${brand.origin}/`);
  await open(page, `${brand.origin}/`);
  await expect(page).toHaveURL(`${brand.origin}/`);
  await expect(page.getByRole('heading', { name: 'Hello, Noor' })).toBeVisible();

  // Typed by the customer (Sec-Fetch-Site: none), the ended session's cookie goes.
  await open(page, `${brand.origin}/login?expired=1`);
  await open(page, `${brand.origin}/`);
  await expect(page).toHaveURL(/\/login\?from=%2F$/);
});

test('the ended-session cookie is cleared with SameSite=None; Secure; Partitioned inside an embedding frame', async () => {
  const parent = `http://shop.localhost:${PORT + 1}/shop`;
  const embedded = await createBrand({ ui: { isEmbeddingRequired: true, embeddingURL: parent } });
  const plain = await createBrand();
  const frameHeaders = { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'iframe', referer: `${parent}/page`, cookie: 'bv_session=ended' };

  const inFrame = await rawGet(embedded.domain, '/login?expired=1', frameHeaders);
  expect(inFrame.status).toBe(200);
  expect(inFrame.setCookie).toEqual([expect.stringMatching(/^bv_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=None; Secure; Partitioned$/)]);

  const own = await rawGet(plain.domain, '/login?expired=1', { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'document', cookie: 'bv_session=ended' });
  expect(own.setCookie).toEqual([expect.stringMatching(/^bv_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax; Secure$/)]);

  const crossSite = await rawGet(plain.domain, '/login?expired=1', { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'document', cookie: 'bv_session=ended' });
  expect(crossSite.status).toBe(200);
  expect(crossSite.setCookie.filter((c) => c.startsWith('bv_session='))).toEqual([]);

  // A frame the embedding parent loads is a cross-site navigation: the server's own proof that
  // this session ended (from the signed-in screens' redirect) clears it; a made-up one does not.
  const secret = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'session-secret'), 'utf8').trim();
  const at = Math.floor(Date.now() / 1000).toString(36);
  const proof = `${at}.${createHmac('sha256', secret).update(`ended-session:${at}:ended`).digest('base64url').slice(0, 32)}`;
  const parentLoad = { ...frameHeaders, 'sec-fetch-site': 'cross-site' };
  const proven = await rawGet(embedded.domain, `/login?expired=1&ended=${proof}`, parentLoad);
  expect(proven.setCookie).toEqual([expect.stringMatching(/^bv_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=None; Secure; Partitioned$/)]);
  const forged = await rawGet(embedded.domain, `/login?expired=1&ended=${proof.replace(/.$/, proof.endsWith('A') ? 'B' : 'A')}`, parentLoad);
  expect(forged.setCookie.filter((c) => c.startsWith('bv_session='))).toEqual([]);
  // A proof made long ago (seen in a log or a referrer) no longer signs anyone out.
  const old = Math.floor(Date.now() / 1000 - 3600).toString(36);
  const stale = `${old}.${createHmac('sha256', secret).update(`ended-session:${old}:ended`).digest('base64url').slice(0, 32)}`;
  expect((await rawGet(embedded.domain, `/login?expired=1&ended=${stale}`, parentLoad)).setCookie.filter((c) => c.startsWith('bv_session='))).toEqual([]);
});

test('behind an https proxy the pages read and clear the __Host- session cookie and clear the bare names left from before', async ({ page }) => {
  const brand = await createBrand();
  await signUpWithPassword(page, brand, { email: newEmail(), name: 'Meera' });
  // The seal the browser got over plain http; the same seal under each name over "https".
  const sealed = (await page.context().cookies(brand.origin)).find((c) => c.name === 'bv_session')!.value;
  const https = { 'x-forwarded-proto': 'https', 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'document' };

  // Middleware, the signed-in layout and the API it calls all read the __Host- name.
  const prefixed = await rawGet(brand.domain, '/edit-profile', { ...https, cookie: `__Host-bv_session=${sealed}` });
  expect(prefixed.status).toBe(200);
  expect((await rawGet(brand.domain, '/login', { ...https, cookie: `__Host-bv_session=${sealed}` })).status).toBe(307);
  // The bare name is not read over https, only cleared (with the device id set before the move).
  const bare = await rawGet(brand.domain, '/edit-profile', { ...https, cookie: `bv_session=${sealed}; device_id=dv_AAAAAAAAAAAAAAAAAAAAAA` });
  expect(bare.status).toBe(307);
  expect(bare.setCookie).toEqual([
    'bv_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    'device_id=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
  ]);
  // An ended session is cleared under the name in use; a scan page sets a __Host- device id.
  const ended = await rawGet(brand.domain, '/login?expired=1', { ...https, cookie: '__Host-bv_session=ended' });
  expect(ended.setCookie).toEqual(['__Host-bv_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure']);
  const scan = await rawGet(brand.domain, '/qr-scan', { ...https, cookie: `__Host-bv_session=${sealed}` });
  expect(scan.setCookie).toEqual([expect.stringMatching(/^__Host-device_id=dv_[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/)]);
  // Over plain http nothing changed: the bare name is the session.
  expect((await rawGet(brand.domain, '/edit-profile', { 'sec-fetch-site': 'same-origin', cookie: `bv_session=${sealed}` })).status).toBe(200);
});

test('a customer whose session ended is signed out by the signed-in screens, also when another site sent them', async ({ page }) => {
  const brand = await createBrand();
  const other = await createBrand();
  await signUpWithPassword(page, brand, { email: newEmail(), name: 'Ravi' });
  // The session ends elsewhere (e.g. "sign out everywhere" after a password change on another device).
  const cookies = await page.context().cookies(brand.origin);
  await page.evaluate(() => fetch('/api/auth/customer/logout', { method: 'POST', headers: { 'x-requested-with': 'fetch' } }));
  await page.context().addCookies(cookies.filter((c) => c.name === 'bv_session'));
  // Another site links to a signed-in screen: the visitor lands on sign-in once, and the dead cookie is gone.
  await open(page, `${other.origin}/login`);
  await page.evaluate((url) => (window.location.href = url), `${brand.origin}/rewards`);
  await expect(page).toHaveURL(/\/login\?from=%2Frewards&expired=1&ended=/);
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  expect((await page.context().cookies(brand.origin)).filter((c) => c.name === 'bv_session')).toEqual([]);
  await open(page, `${brand.origin}/signup`);
  await expect(page).toHaveURL(`${brand.origin}/signup`);
});

test('a post-sale scan started by another site waits for the customer before it claims the unit', async ({ page }) => {
  const shop = await aftersalesBrand();
  const other = await createBrand();
  await signUpWithPassword(page, shop.brand, { email: newEmail(), name: 'Asha' });
  const target = `${shop.brand.origin}/covert/post/verify/${shop.coverts[0]}`;

  // What a plain <img> on another site asks for: it gets the confirmation, nothing is claimed.
  await open(page, `${other.origin}/login`);
  await page.evaluate((url) => new Promise((resolve) => {
    const img = new Image();
    img.onload = img.onerror = () => resolve(null);
    img.src = url;
  }), target);
  // A link on another site: the confirmation, not the verdict.
  await page.evaluate((url) => (window.location.href = url), target);
  await expect(page.getByTestId('confirm-claim')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Genuine Post Sale', exact: true })).toHaveCount(0);
  await open(page, `${shop.brand.origin}/my-products`);
  await expect(page.getByText(shop.productName)).toHaveCount(0);

  // The customer's own click checks and claims.
  await open(page, `${other.origin}/login`);
  await page.evaluate((url) => (window.location.href = url), target);
  await page.getByRole('link', { name: 'Check and register it' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Genuine Post Sale', exact: true })).toBeVisible();
  await open(page, `${shop.brand.origin}/my-products`);
  await expect(page.getByText(shop.productName).first()).toBeVisible();
});

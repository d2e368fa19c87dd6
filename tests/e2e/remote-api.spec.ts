import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PASSWORD, PORT, newEmail, operatorAt, tag } from './support';

// The BRAND_API_URL mode (DESIGN.md section 1): one deployment serves the pages, another the
// Brand API. Two servers of the suite's build (scripts/start.mjs), each with its own data folder:
// the API on E2E_PORT+60 behind a trusted proxy (the pages server forwards the brand's host), the
// pages on E2E_PORT+61 with BRAND_API_URL pointing at it. The pages server's own database has no
// brand at all, so every brand, verdict and account a page shows came over HTTP from the other
// deployment, under the token rules (Bearer, refresh, 401 → sign in again).

const root = path.resolve(__dirname, '../..');
const API_PORT = PORT + 60;
const PAGES_PORT = PORT + 61;
const API = `http://127.0.0.1:${API_PORT}`;
// One secret for both: a session cookie the API sealed is one the pages server's middleware reads.
const SESSION_SECRET = `remote-e2e-${'s'.repeat(40)}`;

type Server = { child: ChildProcess; dir: string; log: () => string };

function start(port: number, env: Record<string, string>): Server {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bv-remote-${port}-`));
  let log = '';
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    detached: true, // its own process group, so the whole server stops with it
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, DATABASE_URL: '', SESSION_SECRET, NEXT_DIST_DIR: process.env.E2E_DIST_DIR || '.next', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c) => (log += c));
  child.stderr!.on('data', (c) => (log += c));
  return { child, dir, log: () => log };
}

async function stop(server: Server | undefined) {
  if (!server) return;
  const { child } = server;
  if (child.exitCode === null && child.pid) {
    const gone = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* stopped */
    }
  }
  rmSync(server.dir, { recursive: true, force: true });
}

let api: Server | undefined;
let pages: Server | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }, info) => {
  info.setTimeout(240_000);
  api = start(API_PORT, { TRUST_PROXY: '1' });
  pages = start(PAGES_PORT, { BRAND_API_URL: API });
  for (const port of [API_PORT, PAGES_PORT]) {
    await expect
      .poll(async () => (await request.get(`http://127.0.0.1:${port}/api/openapi.json`).catch(() => undefined))?.status(), {
        timeout: 200_000,
        intervals: [500],
        message: `the server on ${port} starts`,
      })
      .toBe(200);
  }
});

// A page's own API call (the legal banner's, say) may still be passing through routeApiCalls when
// a test's last check is done; it is dropped rather than failing the finished test.
test.afterEach(async ({ context }) => {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
});

test.afterAll(async () => {
  await Promise.all([stop(api), stop(pages)]);
});

/** A brand on the API deployment with one unit (its overt and covert code). */
async function brandOnApi() {
  const slug = `remote-${tag()}`;
  const domain = `${slug}.localhost`;
  const run = (command: string, args: unknown) => operatorAt(api!.dir, command, args);
  await run('create', { slug, name: `Brand ${slug}`, domains: [domain], config: { flags: { isWarrantyEnabled: true } } });
  const product = await run('create-product', { slug, name: 'Remote Serum 30 ml', description: 'Served by the other deployment.', warrantyMonths: 12 });
  await run('create-batch', { slug, product: product.id, batchNumber: 'R-1', mfgDate: '2025-01-15', expiryDate: '2099-12-31' });
  await run('generate-codes', { slug, batch: 'R-1', count: 1 });
  const codes = (await run('list-codes', { slug })) as { qrId: string; level: number }[];
  return {
    domain,
    name: `Brand ${slug}`,
    origin: `http://${domain}:${PAGES_PORT}`,
    overt: codes.find((c) => c.level === 6)!.qrId,
    covert: codes.find((c) => c.level === 7)!.qrId,
  };
}

/** A call of the API deployment for the brand's host, as a proxy in front of it would send it. */
const apiCall = (request: APIRequestContext, domain: string, method: 'GET' | 'POST', p: string, opts: { body?: unknown; cookie?: string; token?: string } = {}) =>
  request.fetch(`${API}/api${p}`, {
    method,
    headers: {
      'x-forwarded-host': domain,
      'x-requested-with': 'fetch',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    ...(opts.body !== undefined ? { data: opts.body } : {}),
  });

/**
 * The browser's own API calls on the brand's origin go to the API deployment, as the proxy in
 * front of the two would route them (the pages server's own /api has no brand).
 */
async function routeApiCalls(context: BrowserContext, brand: { origin: string; domain: string }) {
  await context.route(`${brand.origin}/api/**`, async (route) => {
    const req = route.request();
    const url = new URL(req.url());
    const headers = { ...(await req.allHeaders()), 'x-forwarded-host': brand.domain };
    const response = await route.fetch({ url: `${API}${url.pathname}${url.search}`, headers });
    await route.fulfill({ response });
  });
}

/** The status of a GET of the pages server for the brand's host (Node does not resolve *.localhost). */
const pagesStatus = (domain: string, p: string) =>
  new Promise<number>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: PAGES_PORT, path: p, headers: { host: `${domain}:${PAGES_PORT}` } }, (res) => (res.resume(), resolve(res.statusCode ?? 0))).on('error', reject);
  });

/** The answer to the browser's start-up token refresh of the next page load. */
const startupRefresh = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/customer/web/generate-access-token');

function signupCode(email: string): string | undefined {
  const file = path.join(api!.dir, 'outbox.jsonl');
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { to: string; purpose: string; code: string });
  return lines.reverse().find((l) => l.to === email && l.purpose === 'SIGNUP')?.code;
}

test('a verify page served by one deployment shows the verdict the other deployment gave', async ({ page, request, context }) => {
  const brand = await brandOnApi();
  await routeApiCalls(context, brand);
  await page.goto(`${brand.origin}/info/verify/${brand.overt}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Info', exact: true })).toBeVisible();
  await expect(page.getByText('Remote Serum 30 ml').first()).toBeVisible();
  await expect(page.getByTestId('batch-details')).toContainText('R-1');
  await expect(page.getByTestId('verification-count')).toContainText('Verified 1 time');
  // The scan was recorded by the API deployment; the pages server does not know the brand at all.
  const again = await apiCall(request, brand.domain, 'GET', `/verify/info/${brand.overt}`);
  expect((await again.json()).verification.count).toBe(2);
  expect(await pagesStatus(brand.domain, '/api/client/clone-info')).toBe(404);
});

test('a signed-in page reads the account from the other deployment, and sends the visitor to sign in once the session ends', async ({ page, request, context }) => {
  const brand = await brandOnApi();
  const email = newEmail();
  const body = { channel: 'email', contact: email, password: PASSWORD, userName: 'Asha' };
  expect((await apiCall(request, brand.domain, 'POST', '/auth/customer/web/signup', { body })).status()).toBe(201);
  await expect.poll(() => signupCode(email), { timeout: 10_000 }).toMatch(/^\d{6}$/);
  const done = await apiCall(request, brand.domain, 'POST', '/auth/customer/web/signup', { body: { ...body, otp: signupCode(email) } });
  expect(done.status()).toBe(201);
  const sealed = /(?:^|[;,\s])bv_session=([^;]+)/.exec(done.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value).join(', '))?.[1];
  expect(sealed).toBeTruthy();
  const cookie = `bv_session=${sealed}`;
  // The customer claims the unit on the API deployment.
  const token = (await (await apiCall(request, brand.domain, 'GET', '/auth/customer/web/generate-access-token', { cookie })).json()).accessToken as string;
  expect((await (await apiCall(request, brand.domain, 'GET', `/verify/covert-post/${brand.covert}`, { token })).json()).result).toBe('Genuine Post Sale');

  await routeApiCalls(context, brand);
  await context.addCookies([{ name: 'bv_session', value: sealed!, domain: brand.domain, path: '/' }]);
  // Each signed-in page asks the API deployment for a token once it is interactive (the start-up
  // refresh). The test waits for that answer before it goes on: a page still hydrating when the
  // session ends would get a 401 and reload, and that reload would cut short the next navigation.
  let refreshed = startupRefresh(page);
  await page.goto(`${brand.origin}/my-products`);
  expect((await refreshed).status(), 'the start-up token refresh through the API deployment').toBe(200);
  await expect(page).toHaveURL(`${brand.origin}/my-products`);
  await expect(page.getByText('Remote Serum 30 ml').first()).toBeVisible();
  // The post-sale verdict page, signed in: the claim is the customer's own.
  refreshed = startupRefresh(page);
  await page.goto(`${brand.origin}/covert/post/verify/${brand.covert}`);
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByTestId('claim')).toContainText('Claimed by you on');

  // Signed out on the API deployment: the next signed-in page sends the visitor to sign in.
  expect((await apiCall(request, brand.domain, 'POST', '/auth/customer/logout', { cookie })).status()).toBe(200);
  await page.goto(`${brand.origin}/my-products`);
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('from')).toBe('/my-products');
});

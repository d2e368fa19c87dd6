import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { readFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

// Helpers of the end-to-end tests: brands made through the operator endpoint, OTP codes read
// from the outbox, and the account steps most tests start with.

export const PORT = Number(process.env.E2E_PORT || 3100);
const DATA_DIR = process.env.E2E_DATA_DIR!;

export const tag = () => randomBytes(5).toString('hex');
export const newEmail = () => `u-${tag()}@example.com`;
export const newMobile = () => `+919${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
export const PASSWORD = 'correct horse battery';

/** Loads a page and waits until React made it interactive (typing earlier would be lost). */
/**
 * A visible element's box, read again until there is one: the consent banners the server draws in
 * the first HTML are replaced by the scripts' own (the same markup in the same frame) once they
 * know this browser, so an element found a moment before can be gone when it is measured.
 */
export async function settledBox(locator: Locator) {
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect.poll(async () => (box = await locator.boundingBox()) !== null, { message: 'the element has a box' }).toBe(true);
  return box!;
}

export async function open(page: Page, url: string) {
  await page.goto(url);
  await ready(page);
}

export async function ready(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor();
}

/** The form's own alert (Next's route announcer is an alert too, outside main). */
export const formAlert = (page: Page) => page.locator('main [role="alert"]');

/** The origin of a brand's host (on the suite's server, or the one on `port`): *.localhost resolves to loopback in Chromium. */
export const originOf = (domain: string, port = PORT) => `http://${domain}:${port}`;

/**
 * The server a helper talks to, when it is not the suite's: its port and data folder (the
 * operator socket, the outbox). tests/e2e/own-server.ts starts such servers.
 */
export type ServerAt = { port: number; dataDir: string };

/** An operator command through the server's operator socket (the public port refuses them). */
export function operator(command: string, args: unknown): Promise<any> {
  return operatorAt(DATA_DIR, command, args);
}

/** An operator command to the server whose data folder is `dataDir`. */
export async function operatorAt(dataDir: string, command: string, args: unknown): Promise<any> {
  const key = readFileSync(path.join(dataDir, 'operator-key'), 'utf8').trim();
  const info = JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as { operatorSocket: string };
  const payload = JSON.stringify({ command, args });
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        socketPath: info.operatorSocket,
        path: '/api/operator/run',
        method: 'POST',
        headers: { host: 'operator.invalid', 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'x-operator-key': key },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  const body = JSON.parse(text);
  if (status < 200 || status > 299) throw new Error(`operator ${command}: ${status} ${JSON.stringify(body)}`);
  return body.result;
}

export type Brand = { slug: string; name: string; domain: string; origin: string };

/** An operator command to the suite's server, or to the server `at`. */
export const operatorOf = (at?: ServerAt) => (command: string, args: unknown): Promise<any> => operatorAt(at?.dataDir ?? DATA_DIR, command, args);

/** A brand of its own on a random *.localhost domain, so tests never share data (on the suite's server, or the server `at`). */
export async function createBrand(config: Record<string, unknown> = {}, name?: string, slug = `e2e-${tag()}`, at?: ServerAt): Promise<Brand> {
  const domain = `${slug}.localhost`;
  const brandName = name ?? `Brand ${slug}`;
  try {
    await operatorOf(at)('create', { slug, name: brandName, domains: [domain], config });
  } catch (err) {
    if (!String(err).includes('409')) throw err; // made by an earlier attempt of the same test
  }
  return { slug, name: brandName, domain, origin: originOf(domain, at?.port) };
}

type OutboxLine = { at: string; channel: string; to: string; purpose: string; code: string; clientId: string };

/** The newest code sent to `to` for `purpose` since `since`, waiting for it to arrive (in the outbox of the server of `dataDir`). */
export async function otpFor(to: string, purpose: string, since: number, dataDir = DATA_DIR): Promise<string> {
  const file = path.join(dataDir, 'outbox.jsonl');
  let found: OutboxLine | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(file)) return undefined;
        const lines = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as OutboxLine);
        found = lines.reverse().find((l) => l.to === to && l.purpose === purpose && Date.parse(l.at) >= since - 1000);
        return found?.code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return found!.code;
}

/** A cookie as an answer's Set-Cookie gave it. */
type JarCookie = { name: string; value: string; path: string; expires: number; httpOnly: boolean; secure: boolean; sameSite: 'Lax' | 'None' | 'Strict' };
/** The cookies an API answer set, by name (a later answer's cookie replaces an earlier one, Max-Age=0 removes it). */
export type CookieJar = Map<string, JarCookie>;

function parseSetCookie(line: string): JarCookie & { maxAge?: number } {
  const [pair, ...attrs] = line.split(';').map((p) => p.trim());
  const eq = pair!.indexOf('=');
  const cookie: JarCookie & { maxAge?: number } = { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' };
  for (const attr of attrs) {
    const [key = '', value = ''] = attr.split('=');
    const k = key.toLowerCase();
    if (k === 'path') cookie.path = value;
    else if (k === 'max-age') cookie.maxAge = Number(value);
    else if (k === 'httponly') cookie.httpOnly = true;
    else if (k === 'secure') cookie.secure = true;
    else if (k === 'samesite') cookie.sameSite = (value[0]!.toUpperCase() + value.slice(1).toLowerCase()) as JarCookie['sameSite'];
  }
  if (cookie.maxAge !== undefined) cookie.expires = Math.floor(Date.now() / 1000) + cookie.maxAge;
  return cookie;
}

/**
 * A call to the API of `origin` over HTTP from the test, as the browser of that host makes it (its
 * Host and Origin, the CSRF header, the cookies in `jar`); the answer's cookies go into `jar`.
 */
export async function apiCall(
  origin: string,
  method: 'GET' | 'POST',
  apiPath: string,
  { body, jar, headers = {} }: { body?: unknown; jar?: CookieJar; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: any }> {
  const url = new URL(origin);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const cookie = jar ? [...jar.values()].filter((c) => apiPath.startsWith(c.path.replace(/^\/api/, '')) || c.path === '/').map((c) => `${c.name}=${c.value}`).join('; ') : '';
  const { status, text, setCookies } = await new Promise<{ status: number; text: string; setCookies: string[] }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(url.port),
        path: `/api${apiPath}`,
        method,
        agent: false,
        headers: {
          host: url.host,
          'accept-language': 'en-US',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) end-to-end test',
          ...(method === 'POST' ? { origin: url.origin, 'x-requested-with': 'fetch' } : {}),
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), setCookies: res.headers['set-cookie'] ?? [] }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  for (const line of setCookies) {
    const c = parseSetCookie(line);
    if (c.maxAge !== undefined && c.maxAge <= 0) jar?.delete(c.name);
    else jar?.set(c.name, c);
  }
  return { status, json: text ? JSON.parse(text) : undefined };
}

/** Puts the jar's cookies into the browser context, for `origin`'s host only, as its answers would have. */
export async function addJarCookies(context: BrowserContext, origin: string, jar: CookieJar) {
  const domain = new URL(origin).hostname;
  await context.addCookies([...jar.values()].map(({ name, value, path: cookiePath, expires, httpOnly, secure, sameSite }) => ({ name, value, domain, path: cookiePath, expires, httpOnly, secure, sameSite })));
}

/**
 * A new customer of `brand`, signed in in the page's browser context through the Brand API rather
 * than the screens (tests/e2e/account-*.spec.ts cover those): a SIGNUP code asked for, then
 * sign-up with it and the password (a confirmed account, signed in, as the screens of a brand
 * that asks the code first make it; one password hash where the code-less sign-up then its code
 * make three), and the answer's cookies (the session `bv_session`, the known-browser mark
 * `bv_device`: docs/security.md, "Cookies") set on the context. With `verify` false the account
 * is made without a code and stays unconfirmed, and signs in by password. The cookie consent is recorded
 * through the API (as the Cookie Notice's Accept does) unless `acceptCookies` is false. Ends on
 * the brand's home page, ready, as the sign-up through the screens does. With `signIn` false only
 * the account is made: the page is left as it was, a visitor's (no page load, no sign-out).
 */
export async function signUpByApi(
  page: Page,
  brand: Brand,
  opts: { email: string; name?: string; password?: string; acceptCookies?: boolean; verify?: boolean; dataDir?: string; signIn?: false },
) {
  const jar: CookieJar = new Map();
  const since = Date.now();
  const account = { channel: 'email', contact: opts.email, password: opts.password ?? PASSWORD, ...(opts.name !== undefined ? { userName: opts.name } : {}) };
  let signedIn: { status: number; json: any };
  if (opts.verify !== false) {
    const sent = await apiCall(brand.origin, 'POST', '/auth/customer/otp/send', { body: { mode: 'SIGNUP', channel: 'email', contact: opts.email } });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    signedIn = await apiCall(brand.origin, 'POST', '/auth/customer/web/signup', { body: { ...account, otp: await otpFor(opts.email, 'SIGNUP', since, opts.dataDir) }, jar });
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(201);
    expect(signedIn.json.isNewCustomer).toBe(true);
  } else {
    const sent = await apiCall(brand.origin, 'POST', '/auth/customer/web/signup', { body: account });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    expect(sent.json.sent).toBe(true);
    signedIn = await apiCall(brand.origin, 'POST', '/auth/customer/web/login', { body: { channel: 'email', contact: opts.email, password: account.password }, jar });
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
  }
  expect(jar.has('bv_session')).toBe(true);
  if (opts.acceptCookies !== false) {
    const token = await apiCall(brand.origin, 'GET', '/auth/customer/web/generate-access-token', { jar });
    expect(token.status).toBe(200);
    const consent = await apiCall(brand.origin, 'POST', '/customer/cookie-consent', { jar, headers: { authorization: `Bearer ${token.json.accessToken}` } });
    expect(consent.status, JSON.stringify(consent.json)).toBe(200);
  }
  if (opts.signIn === false) return;
  await addJarCookies(page.context(), brand.origin, jar);
  await open(page, `${brand.origin}/`);
  await expect(page).toHaveURL(`${brand.origin}/`); // signed in: the home page does not send to /login
}

export async function signUpWithPassword(
  page: Page,
  brand: Brand,
  opts: { email: string; name?: string; password?: string; acceptCookies?: boolean; verify?: boolean; dataDir?: string },
) {
  const since = Date.now();
  await open(page, `${brand.origin}/signup`);
  if (opts.name !== undefined) await page.getByLabel('Your name').fill(opts.name);
  await page.getByLabel('E-mail address').fill(opts.email);
  await page.getByLabel('Password').fill(opts.password ?? PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Sign-up signs in once the code sent to the contact is entered, which also confirms the
  // contact (profile, UPI, rewards and payouts need that: docs/security.md). With `verify` false
  // the code is left unused and the new, unverified account signs in by password instead
  // (tests/e2e/account-verify.spec.ts confirms it through the screens).
  await expect(page).toHaveURL(`${brand.origin}/otp-verify`);
  if (opts.verify !== false) {
    await page.getByLabel('Code').fill(await otpFor(opts.email, 'SIGNUP', since, opts.dataDir));
    await page.getByRole('button', { name: 'Verify' }).click();
  } else {
    await signInWithPassword(page, brand, opts.email, opts.password ?? PASSWORD);
  }
  await expect(page).toHaveURL(`${brand.origin}/`);
  // A new customer is shown the Cookie Notice (tests/e2e/legal.spec.ts covers it); accepting it
  // here records the consent, so it covers nothing the other tests click.
  if (opts.acceptCookies !== false) await acceptCookieNotice(page);
}

/** Confirms the signed-in account's contact with the VERIFY code from the outbox, through the API from the page. */
export async function confirmContactByApi(page: Page, brand: Brand, email: string, since = Date.now()) {
  expect(new URL(page.url()).origin).toBe(brand.origin);
  const call = (path: string, body?: unknown) =>
    page.evaluate(
      async ([p, b]) => {
        const t = await fetch('/api/auth/customer/web/generate-access-token');
        const { accessToken } = (await t.json()) as { accessToken: string };
        const res = await fetch(`/api${p}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'x-requested-with': 'fetch', ...(b ? { 'content-type': 'application/json' } : {}) },
          body: b ? JSON.stringify(b) : undefined,
        });
        return res.status;
      },
      [path, body] as const,
    );
  expect(await call('/auth/customer/verify-contact/send')).toBe(200);
  const otp = await otpFor(email, 'VERIFY', since);
  expect(await call('/auth/customer/verify-contact', { otp })).toBe(200);
}

export async function acceptCookieNotice(page: Page) {
  const notice = page.getByRole('region', { name: 'Cookie Notice' });
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/customer/cookie-consent') && r.ok());
  await notice.getByRole('button', { name: 'Accept' }).click();
  await expect(notice).toHaveCount(0);
  await recorded;
}

export async function signInWithPassword(page: Page, brand: Brand, email: string, password = PASSWORD, path = '/login') {
  await open(page, `${brand.origin}${path}`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signOut(page: Page, brand: Brand) {
  // The button is in the server's HTML before the page is interactive: a click then would be lost.
  await ready(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${brand.origin}/login`);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0); // the new document is in
  await ready(page);
}

/**
 * axe-core on a page as it is: every rule, and the page's same-origin frames. Legacy mode runs
 * axe.run in the page itself; the default instead runs each frame's part and assembles them in a
 * blank page it opens for every check (for cross-origin frames, which the app's pages do not
 * have). The same results, in about 0.4 s a check instead of 1 s (28 Nov: the same passes and
 * violations on the verify and sign-in pages).
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

import path from 'node:path';
import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { newEmail, open, operator, otpFor, PASSWORD, ready, settledBox, signUpByApi, type Brand } from './support';
import { decodePrintedCodes } from '../support/printed-codes';
import { publishLegal } from './embed-support';
import { acceptBanners, brandWithCatalog, type Code } from './verify-catalog';

// A shopper in a shop scans the visible code on a pack with a phone, without an account: the
// printed code opens the anonymous verdict (docs/verification.md, "Printed links"), the verdict
// is in the first HTML and not covered by the legal banners on a first visit, and the offer to
// sign in comes back to the same unit's signed-in verdict.

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const checkUnitLink = (page: Page) => page.getByRole('link', { name: 'Sign in to check this unit' });

/** The verdict a link's route gives: the shopper's info page for the visible code; the signed-in routes for the rest. */
const EXPECTED: Array<{ prefix: string; level: Code['level']; label: string; signedIn: boolean }> = [
  { prefix: '/info/verify/', level: 6, label: 'Info', signedIn: false },
  { prefix: '/covert/post/verify/', level: 7, label: 'Genuine Post Sale', signedIn: true },
  { prefix: '/tert/verify/', level: 8, label: 'Tracking', signedIn: true },
  { prefix: '/quat/verify/', level: 9, label: 'Tracking', signedIn: true },
];

/** Opens a link with JavaScript off: what the page shows is the server's first HTML, nothing else. */
async function openWithoutScripts(browser: Browser, url: string, storageState?: BrowserContextOptions['storageState']) {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState });
  const page = await context.newPage();
  const response = await page.goto(url);
  return { context, page, html: (await response!.text()) ?? '' };
}

test('every code of a printed batch, decoded by another decoder, opens its verdict in the first HTML; the visible code needs no account', async ({ browser, page }) => {
  test.slow(); // a PDF, a rasteriser, a decoder and eleven pages on a busy 2-core machine
  const { brand, units, cases, pallet, batchNumber } = await brandWithCatalog();
  const listed = [...units.flatMap((u) => [u.overt, u.covert]), ...cases, pallet];
  const dir = test.info().outputPath('print');
  const pdf = path.join(dir, 'codes.pdf');
  expect(await operator('export-pdf', { slug: brand.slug, batch: batchNumber, out: pdf })).toMatchObject({ codes: listed.length });

  const links = decodePrintedCodes(pdf, listed.length, dir);
  expect(links.sort()).toEqual(listed.map((c) => c.url).sort()); // every code read, each once, as listed
  for (const link of links) expect(link.startsWith(`${brand.origin}/`)).toBe(true);

  // a customer account for the codes that are not the shopper's (hidden, case and pallet codes)
  await signUpByApi(page, brand, { email: newEmail(), name: 'Isha' });
  const signedIn = await page.context().storageState();

  // the shopper's scans first: the hidden codes' scans then claim the units
  const shopperFirst = [...links].sort((a, b) => Number(!a.includes('/info/verify/')) - Number(!b.includes('/info/verify/')));
  for (const link of shopperFirst) {
    const pathname = new URL(link).pathname;
    const expected = EXPECTED.find((e) => pathname.startsWith(e.prefix));
    expect(expected, `a printed link on a known route: ${link}`).toBeDefined();
    const code = listed.find((c) => c.url === link)!;
    expect(code.level).toBe(expected!.level);
    const shown = await openWithoutScripts(browser, link, expected!.signedIn ? signedIn : undefined);
    try {
      expect(shown.page.url(), `${link} opens without a detour`).toBe(link);
      expect(shown.html).toMatch(new RegExp(`<h1[^>]*>${expected!.label}</h1>`));
      await expect(h1(shown.page, expected!.label)).toBeVisible();
      if (!expected!.signedIn) {
        expect(shown.html).toContain('Test Serum 30 ml');
        expect(shown.html).toContain(batchNumber);
        await expect(shown.page.getByTestId('verification-count')).toContainText('Verified 1 time since');
        await expect(shown.page.getByTestId('claim')).toHaveText('Not claimed by anyone yet.');
        await expect(checkUnitLink(shown.page)).toHaveAttribute('href', `/login?from=${encodeURIComponent(`/overt/verify/${code.qrId}`)}`);
      }
    } finally {
      await shown.context.close();
    }
  }
});

test('a brand that ties every check to an account prints its visible codes on the signed-in route', async () => {
  const { brand, units, batchNumber } = await brandWithCatalog();
  await operator('set-config', { slug: brand.slug, config: { verification: { printedOvertRoute: 'overt' } } });
  const dir = test.info().outputPath('print');
  const pdf = path.join(dir, 'pack-labels.pdf');
  const { codes }: { codes: number } = await operator('export-pdf', { slug: brand.slug, batch: batchNumber, out: pdf, levels: '6' });
  expect(decodePrintedCodes(pdf, codes, dir).sort()).toEqual(units.map((u) => `${brand.origin}/overt/verify/${u.overt.qrId}`).sort());
});

/** Whether two boxes share any area. */
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const boxOf = (locator: Locator) => settledBox(locator);

test('on a first visit on a phone the banners and the scroll lock leave the verdict visible, uncovered', async ({ browser }) => {
  const { brand, units } = await brandWithCatalog();
  for (const type of ['Terms & Conditions', 'Privacy Policy', 'Cookie Policy'] as const) await publishLegal(brand.slug, type, `# ${type}\n\nRead me.`);
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });
  const page = await context.newPage();
  try {
    await open(page, `${brand.origin}/info/verify/${units[0]!.overt.qrId}`);
    const policies = page.getByRole('region', { name: 'Stay Informed !!!' });
    const cookies = page.getByRole('region', { name: 'Cookie Notice' });
    await expect(policies).toBeVisible();
    await expect(cookies).toBeVisible();
    for (const name of ['Terms of use', 'Privacy policy', 'Cookie Policy']) await expect(policies.getByRole('link', { name })).toBeVisible();
    await expect(policies.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(cookies.getByRole('link', { name: 'View' })).toBeVisible();
    await expect(cookies.getByRole('button', { name: 'Accept' })).toBeVisible();
    // The lock comes with the page's scripts, once they have the banners (the server drew them first).
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(true);
    await page.screenshot({ path: test.info().outputPath('first-visit-phone.png') });

    const heading = h1(page, 'Info');
    await expect(heading).toBeVisible();
    await expect(heading).toBeInViewport({ ratio: 1 });
    // what a finger or an eye meets at the heading's centre is the heading itself
    const onTop = await heading.evaluate((h) => {
      const r = h.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && (hit === h || h.contains(hit));
    });
    expect(onTop).toBe(true);
    const banners = [await boxOf(policies), await boxOf(cookies)];
    // the verdict card (label, meaning, claim) and the facts under it; the rest of the page waits under the lock
    for (const verdictPart of [heading, page.getByTestId('verdict'), page.getByTestId('claim'), page.getByTestId('verification-count')]) {
      const box = await boxOf(verdictPart);
      for (const banner of banners) expect(overlaps(box, banner)).toBe(false);
    }

    await policies.getByRole('button', { name: 'Accept' }).click();
    await cookies.getByRole('button', { name: 'Accept' }).click();
    await expect(policies).toHaveCount(0);
    await expect(cookies).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(false);
    await expect(heading).toBeInViewport({ ratio: 1 });
  } finally {
    await context.close();
  }
});

/** A fresh visitor on the info verdict of a unit's visible code, following the offer to sign in. */
async function followSignInOffer(page: Page, brand: Brand, qrId: string) {
  await open(page, `${brand.origin}/info/verify/${qrId}`);
  await acceptBanners(page);
  await expect(h1(page, 'Info')).toBeVisible();
  await checkUnitLink(page).click();
  await expect(page).toHaveURL(`${brand.origin}/login?from=${encodeURIComponent(`/overt/verify/${qrId}`)}`);
}

async function existingCustomer(browser: Browser, brand: Brand, name: string) {
  const email = newEmail();
  const context = await browser.newContext();
  await signUpByApi(await context.newPage(), brand, { email, name });
  await context.close();
  return email;
}

test('signing in with a password from the offer lands on the unit\'s own verdict; another shopper then sees it claimed', async ({ browser, page }) => {
  const { brand, units } = await brandWithCatalog();
  const unit = units[0]!;
  const email = await existingCustomer(browser, brand, 'Jaya');
  await followSignInOffer(page, brand, unit.overt.qrId);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${brand.origin}/overt/verify/${unit.overt.qrId}`);
  await expect(h1(page, 'Genuine Pre Sale & Claim Warranty')).toBeVisible();

  // bought and claimed: the next shopper is told, without learning by whom
  await open(page, `${brand.origin}/covert/post/verify/${unit.covert.qrId}`);
  await expect(h1(page, 'Genuine Post Sale')).toBeVisible();
  // the owner on the anonymous page is told it is theirs, and goes straight to the unit's verdict
  await open(page, `${brand.origin}/info/verify/${unit.overt.qrId}`);
  await expect(page.getByTestId('claim')).toHaveText(/^Claimed by you on /);
  await expect(page.getByRole('link', { name: 'Check this unit' })).toHaveAttribute('href', `/overt/verify/${unit.overt.qrId}`);
  const shown = await openWithoutScripts(browser, `${brand.origin}/info/verify/${unit.overt.qrId}`);
  try {
    await expect(h1(shown.page, 'Info')).toBeVisible();
    await expect(shown.page.getByTestId('claim')).toHaveText(/^Already claimed by a customer on .+\.$/);
    expect(shown.html).not.toContain(email);
    expect(shown.html).not.toContain('Jaya');
  } finally {
    await shown.context.close();
  }
});

test('signing in with a one-time code from the offer lands on the unit\'s own verdict', async ({ browser, page }) => {
  const { brand, units } = await brandWithCatalog();
  await operator('set-config', { slug: brand.slug, config: { otpServices: { isOtpServiceEnabled: true, isLoginOtpEnabled: true } } });
  const qrId = units[1]!.overt.qrId;
  const email = await existingCustomer(browser, brand, 'Kiran');
  await followSignInOffer(page, brand, qrId);
  await page.getByRole('button', { name: 'Sign in with a one-time code instead' }).click();
  await page.getByLabel('E-mail address').fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(`${brand.origin}/otp-verify`);
  await page.getByLabel('Code').fill(await otpFor(email, 'LOGIN', since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${brand.origin}/overt/verify/${qrId}`);
  await expect(h1(page, 'Genuine Pre Sale & Claim Warranty')).toBeVisible();
});

test('signing up from the offer lands on the unit\'s own verdict', async ({ page }) => {
  const { brand, units } = await brandWithCatalog();
  const qrId = units[2]!.overt.qrId;
  await followSignInOffer(page, brand, qrId);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(`${brand.origin}/signup?from=${encodeURIComponent(`/overt/verify/${qrId}`)}`);
  await page.getByLabel('Your name').fill('Lata');
  const email = newEmail();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  const since = Date.now();
  await page.getByRole('button', { name: 'Create account' }).click();
  // The code sent to the contact confirms it and signs in; the customer then lands where they were going.
  await expect(page).toHaveURL(`${brand.origin}/otp-verify`);
  await page.getByLabel('Code').fill(await otpFor(email, 'SIGNUP', since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${brand.origin}/overt/verify/${qrId}`);
  await expect(h1(page, 'Genuine Pre Sale & Claim Warranty')).toBeVisible();
});

test("a shopper's verdict does not fetch ahead the pages that need an account (each would only redirect to sign-in), and still fetches sign-in", async ({ page }) => {
  const { brand, units } = await brandWithCatalog();
  const ahead: string[] = [];
  page.on('request', (r) => {
    if (r.headers()['next-router-prefetch']) ahead.push(new URL(r.url()).pathname);
  });
  const signInAhead = page.waitForRequest((r) => !!r.headers()['next-router-prefetch'] && new URL(r.url()).pathname === '/login');
  await open(page, `${brand.origin}/info/verify/${units[0]!.overt.qrId}`);
  await expect(page.getByRole('link', { name: 'Sign in to check this unit' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scan again' })).toBeVisible();
  // Sign-in is fetched ahead (a visitor's next step); once it has been and the page is quiet,
  // every link in view has had its turn.
  await signInAhead;
  await page.waitForLoadState('networkidle');
  for (const needsAccount of ['/', '/qr-scan', '/report', '/my-products', '/warranty']) expect(ahead).not.toContain(needsAccount);
  expect(ahead).toContain('/login');
});

test("a shopper's first visit paints the verdict without a stylesheet request: the styles are in the first HTML, and stay through a navigation", async ({ page }) => {
  const { brand, units } = await brandWithCatalog();
  const stylesheets: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet' || new URL(r.url()).pathname.endsWith('.css')) stylesheets.push(r.url());
  });
  const response = await page.goto(`${brand.origin}/info/verify/${units[0]!.overt.qrId}`);
  const html = (await response!.text()) ?? '';
  // The stylesheet is in the head as a <style>, not a <link> the first paint would wait for: the
  // link React writes stays beside it, disabled (never fetched), for React's client to find.
  const links = html.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? [];
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link).toContain('disabled=""');
  expect(html).toMatch(/<head>.*<style[^>]*data-precedence="next"[^>]*>[^<]*\.sr-only\{/s);
  // Once: not also in the RSC payload (Next.js's inlineCss put it there; scripts/paint-first.mjs),
  // nor for the built-in global error (scripts/global-error-css.mjs). Its first rule marks a copy.
  expect(html.split('@layer properties{').length - 1).toBe(1);
  expect(response!.headers()['link'] ?? '').not.toMatch(/\.css>/);
  await ready(page);
  const cta = page.getByRole('link', { name: 'Sign in to check this unit' });
  await expect(cta).toBeVisible();
  // Styled: the brand's button colours and the shell's flex column come from the stylesheet.
  expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('flex');
  expect(await cta.evaluate((a) => getComputedStyle(a).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  // A client navigation to another page keeps its styles and fetches no stylesheet either.
  await acceptBanners(page); // the cookie notice sits over the footer
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of use' }).click();
  await expect(page).toHaveURL(`${brand.origin}/terms-of-use`);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('flex');
  expect(stylesheets).toEqual([]);
});

test("the verify page's large scripts ask the browser to compile them as they download (off the phone's main thread), come in the Brotli form the build wrote, and the page still works", async ({ page }) => {
  const { brand, units } = await brandWithCatalog();
  const scripts = new Map<string, string>();
  const encodings = new Map<string, (string | undefined)[]>();
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'script' || !r.ok()) return;
    const headers = await r.allHeaders();
    encodings.set(new URL(r.url()).pathname, [headers['content-encoding'], headers['content-length']]);
    scripts.set(new URL(r.url()).pathname, await r.text().catch(() => ''));
  });
  const response = await page.goto(`${brand.origin}/info/verify/${units[0]!.overt.qrId}`);
  const html = (await response!.text()) ?? '';
  await ready(page);
  await page.waitForLoadState('networkidle');
  // The scripts the first HTML names: the framework's and the app's, each served as built.
  // (The production server holds them until the first paint, as `<link rel="x-held-script">`.)
  const firstLoad = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"|<link rel="x-held-script" href="([^"]+)"/g)]
    .map((m) => new URL((m[1] ?? m[2])!, brand.origin).pathname)
    .filter((p) => !/polyfill/.test(p));
  expect(firstLoad.length).toBeGreaterThan(2);
  const large = firstLoad.filter((p) => (scripts.get(p)?.length ?? 0) >= 64 * 1024);
  expect(large.length).toBeGreaterThanOrEqual(1); // React's and Next's client
  for (const p of large) expect(scripts.get(p)!.startsWith('//# allFunctionsCalledOnLoad\n'), p).toBe(true);
  // Compressed once, when the build was made (scripts/precompress.mjs, after the hint above was
  // added): sent with a length, which an answer compressed as it goes has not.
  for (const p of firstLoad.filter((f) => Buffer.byteLength(scripts.get(f) ?? '') >= 1024)) {
    expect([p, ...(encodings.get(p) ?? [])]).toEqual([p, 'br', expect.stringMatching(/^[1-9]\d*$/)]);
  }
  // Hydrated and working: the banners answer, and the offer's link opens sign-in.
  await acceptBanners(page);
  await checkUnitLink(page).click();
  await expect(page).toHaveURL(`${brand.origin}/login?from=${encodeURIComponent(`/overt/verify/${units[0]!.overt.qrId}`)}`);
});

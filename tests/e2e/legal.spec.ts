import { test, expect, type Page } from '@playwright/test';
import { createBrand, newEmail, open, signUpByApi, signUpWithPassword, type Brand } from './support';
import { publishLegal } from './embed-support';
import { brandWithCatalog } from './verify-catalog';

// The legal banners (docs/legal-and-embedding.md): 'Stay Informed !!!' while a current policy is
// unacknowledged, 'Cookie Notice' while consent is not given, scrolling locked meanwhile.

const policyBanner = (page: Page) => page.getByRole('region', { name: 'Stay Informed !!!' });
const cookieNotice = (page: Page) => page.getByRole('region', { name: 'Cookie Notice' });
/** Waits for the answer the banners decide on: the customer's policies, or a visitor's current documents. */
const policiesAnswer = (page: Page, who: 'customer' | 'visitor') =>
  page.waitForResponse((r) => r.url().endsWith(who === 'customer' ? '/api/legal/get-acknowledged-policies' : '/api/legal/documents/current') && r.ok());
const scrollLocked = (page: Page) => page.evaluate(() => document.body.classList.contains('scroll-locked'));

async function brandWithPolicies(): Promise<Brand> {
  const brand = await createBrand();
  await publishLegal(brand.slug, 'Terms & Conditions', '# Terms\n\nUse the app **fairly**.');
  await publishLegal(brand.slug, 'Privacy Policy', '# Privacy\n\nWe keep little.');
  await publishLegal(brand.slug, 'Cookie Policy', '# Cookies\n\nOne session cookie.');
  return brand;
}

async function acceptBoth(page: Page) {
  await policyBanner(page).getByRole('button', { name: 'Accept' }).click();
  await cookieNotice(page).getByRole('button', { name: 'Accept' }).click();
  await expect(policyBanner(page)).toHaveCount(0);
  await expect(cookieNotice(page)).toHaveCount(0);
}

/** A signed-up customer who accepted both banners as a visitor first (synced after sign-up). */
async function signedInCustomer(page: Page, brand: Brand) {
  await open(page, `${brand.origin}/signup`);
  await acceptBoth(page);
  await signUpByApi(page, brand, { email: newEmail(), name: 'Lee', acceptCookies: false });
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

test('a first visit shows both banners and locks scrolling; Accept hides them and unlocks it', async ({ page }) => {
  const brand = await brandWithPolicies();
  await open(page, `${brand.origin}/login`);
  await expect(policyBanner(page)).toBeVisible();
  await expect(cookieNotice(page)).toBeVisible();
  for (const label of ['Terms of use', 'Privacy policy', 'Cookie Policy']) await expect(policyBanner(page).getByRole('link', { name: label })).toBeVisible();
  await expect(cookieNotice(page).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/privacy-policy#cookie-policy');
  // both banners are in the first HTML; the lock comes with the scripts, once they have decided
  await expect.poll(() => scrollLocked(page)).toBe(true);
  await policyBanner(page).getByRole('button', { name: 'Accept' }).click();
  await expect(policyBanner(page)).toHaveCount(0);
  expect(await scrollLocked(page)).toBe(true); // the cookie notice still shows
  await cookieNotice(page).getByRole('button', { name: 'Accept' }).click();
  await expect(cookieNotice(page)).toHaveCount(0);
  await expect.poll(() => scrollLocked(page)).toBe(false);
  const answered = policiesAnswer(page, 'visitor');
  await page.reload();
  await answered;
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(policyBanner(page)).toHaveCount(0);
  await expect(cookieNotice(page)).toHaveCount(0);
});

test('the visitor\'s choices reach the server at sign-up, so another browser is not asked again', async ({ page, browser }) => {
  const brand = await brandWithPolicies();
  const email = newEmail();
  await open(page, `${brand.origin}/signup`);
  const synced = page.waitForResponse((r) => r.url().endsWith('/api/customer/cookie-consent') && r.ok());
  await acceptBoth(page);
  await signUpWithPassword(page, brand, { email, name: 'Lee', acceptCookies: false });
  await synced;
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await open(fresh, `${brand.origin}/login`);
  await expect(cookieNotice(fresh)).toBeVisible(); // a visitor in this browser
  const status = await fresh.evaluate(
    async (body) =>
      (await fetch('/api/auth/customer/web/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' }, body })).status,
    JSON.stringify({ channel: 'email', contact: email, password: 'correct horse battery' }),
  );
  expect(status).toBe(200);
  const answered = policiesAnswer(fresh, 'customer');
  await open(fresh, `${brand.origin}/`);
  await answered;
  await expect(fresh.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(policyBanner(fresh)).toHaveCount(0);
  await expect(cookieNotice(fresh)).toHaveCount(0);
  await other.close();
});

test('a failed acknowledge call still hides the banner and unlocks scrolling', async ({ page }) => {
  const brand = await brandWithPolicies();
  await signedInCustomer(page, brand);
  await publishLegal(brand.slug, 'Privacy Policy', '# Privacy v2\n\nUpdated.');
  let aborted = 0;
  await page.route('**/api/legal/acknowledge-legal-policies', (route) => {
    aborted++;
    return route.abort();
  });
  await page.reload();
  await expect(policyBanner(page)).toBeVisible();
  // The banner is in the first HTML; the browser's own takes its place (and locks scrolling) once
  // the page runs: wait for it, so the click reaches the banner that calls the API.
  await expect.poll(() => scrollLocked(page)).toBe(true);
  await policyBanner(page).getByRole('button', { name: 'Accept' }).click();
  await expect(policyBanner(page)).toHaveCount(0);
  await expect.poll(() => scrollLocked(page)).toBe(false);
  await expect.poll(() => aborted).toBeGreaterThan(0);
  await expect(page.locator('main [role="alert"]')).toHaveCount(0); // ignored silently
});

test('a new version of an accepted document brings the top banner back, listing only it', async ({ page }) => {
  const brand = await brandWithPolicies();
  await signedInCustomer(page, brand);
  const answered = policiesAnswer(page, 'customer');
  await page.reload();
  await answered;
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(policyBanner(page)).toHaveCount(0);
  await publishLegal(brand.slug, 'Terms & Conditions', '# Terms v2\n\nNew terms.');
  await page.reload();
  await expect(policyBanner(page)).toBeVisible();
  await expect(policyBanner(page).getByRole('link', { name: 'Terms of use' })).toBeVisible();
  await expect(policyBanner(page).getByRole('link', { name: 'Privacy policy' })).toHaveCount(0);
  await expect(cookieNotice(page)).toHaveCount(0);
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/legal/acknowledge-legal-policies') && r.ok());
  await policyBanner(page).getByRole('button', { name: 'Accept' }).click();
  await recorded;
  await page.evaluate(() => localStorage.clear()); // the server's record alone keeps it hidden
  const answeredAgain = policiesAnswer(page, 'customer');
  await page.reload();
  await answeredAgain;
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(policyBanner(page)).toHaveCount(0);
});

test('the policy fetch is retried 3 times, then no more', async ({ page }) => {
  const brand = await brandWithPolicies();
  await signedInCustomer(page, brand);
  // The signed-in page is left first: its own policy call, which may still be on its way, is not
  // one of those counted.
  await page.goto('about:blank');
  let calls = 0;
  await page.route('**/api/legal/get-acknowledged-policies', (route) => {
    calls++;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'down' }) });
  });
  // The page's timers run on the test's clock: the retries' back-off (1, 2 and 4 s) is run through
  // as fast as the calls are answered, and a minute after the last there has been no fifth call.
  await page.clock.install();
  await open(page, `${brand.origin}/`);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect
    .poll(async () => {
      await page.clock.runFor(1_000);
      return calls;
    })
    .toBe(4); // the first call and 3 retries
  await page.clock.runFor(60_000);
  expect(calls).toBe(4);
  await expect(policyBanner(page)).toHaveCount(0);
});

test('the policy pages show the current documents, the Cookie Policy at #cookie-policy', async ({ page }) => {
  const brand = await brandWithPolicies();
  await open(page, `${brand.origin}/privacy-policy#cookie-policy`);
  await expect(page.locator('#privacy-policy')).toContainText('We keep little.');
  await expect(page.locator('#cookie-policy')).toContainText('One session cookie.');
  await open(page, `${brand.origin}/terms-of-use`);
  await expect(page.getByRole('main')).toContainText('Use the app fairly.');
  await expect(page.getByRole('main').locator('strong', { hasText: 'fairly' })).toBeVisible();
});

test('a brand that names its own policy pages is linked there from the banner and the footer', async ({ page }) => {
  const brand = await createBrand({
    ui: { embedding_App_Terms_And_Conditions_URL: 'https://brand.example/terms', embedding_App_Privacy_Policy_URL: 'https://brand.example/privacy' },
  });
  await publishLegal(brand.slug, 'Terms & Conditions', '# Terms');
  await open(page, `${brand.origin}/login`);
  await expect(policyBanner(page).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', 'https://brand.example/terms');
  await expect(page.getByTestId('footer').getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', 'https://brand.example/privacy');
});

test("a shopper's first scan: the banner is in the page's first HTML, nothing moves when the browser takes it over, and once accepted it is not sent again", async ({ page }) => {
  const { brand, units } = await brandWithCatalog();
  for (const [type, text] of [['Terms & Conditions', '# Terms'], ['Privacy Policy', '# Privacy'], ['Cookie Policy', '# Cookies']] as const) await publishLegal(brand.slug, type, text);
  // Every layout shift of the page, as Lighthouse's CLS adds them up.
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.shifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const url = `${brand.origin}/info/verify/${units[0]!.overt.qrId}`;
  const first = await page.goto(url);
  // The banner's markup (its words alone are also in the page's data: the page's catalogue).
  const serverBanner = '<h2 id="policy-banner-title" class="mr-1 inline font-bold">Stay Informed !!!</h2>';
  expect(await first!.text()).toContain(serverBanner);
  // The server's banner is the one the browser would draw: it stays, its Accept answered by the
  // scripts (nothing swapped under a finger), and the cookie notice is up.
  await expect(cookieNotice(page)).toBeVisible();
  await expect(page.locator('#legal-top-server[data-answered="here"]')).toHaveCount(1);
  await expect(policyBanner(page)).toHaveCount(1);
  await expect(policyBanner(page).getByRole('button', { name: 'Accept' })).toBeEnabled();
  await expect(page.getByText('Verification result')).toBeVisible();
  const cls = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
  expect(cls).toBeLessThan(0.05);
  await acceptBoth(page);
  const again = await page.goto(url);
  expect(await again!.text()).not.toContain('id="policy-banner-title"');
  await expect(page.getByText('Verification result')).toBeVisible();
  await expect(policyBanner(page)).toHaveCount(0);
});

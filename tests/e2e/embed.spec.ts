import { test, expect, type FrameLocator, type Page } from '@playwright/test';
import { PASSWORD, newEmail, otpFor } from './support';
import { appFrame, blockThirdPartyCookies, createEmbeddingBrand, probeCookies, startShop, type Shop } from './embed-support';

// Embedding in a brand's site (docs/legal-and-embedding.md): real pages on separate origins.
// The shop at shop.localhost:<shop port> is the brand's registered embedding URL; evil.localhost
// on the same port is another site.

const BLOCKED = 'This page is not allowed to be embedded!!';
let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.close();
});

/** Signs up inside the frame (the cookie notice accepted first, as a visitor would). */
async function signUpInFrame(page: Page, frame: FrameLocator, email: string) {
  await frame.getByRole('region', { name: 'Cookie Notice' }).getByRole('button', { name: 'Accept' }).click();
  await frame.getByLabel('Your name').fill('Lee');
  await frame.getByLabel('E-mail address').fill(email);
  await frame.getByLabel('Password').fill(PASSWORD);
  const since = Date.now();
  await frame.getByRole('button', { name: 'Create account' }).click();
  // The code sent to the contact confirms it and signs in.
  await frame.getByLabel('Code').fill(await otpFor(email, 'SIGNUP', since));
  await frame.getByRole('button', { name: 'Verify' }).click();
  await expect(frame.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

async function signInStaysAcrossReloads(page: Page, brand: { domain: string }) {
  await page.goto(shop.url('shop.localhost', brand.domain, '/signup'));
  const frame = await appFrame(page);
  await signUpInFrame(page, frame, newEmail());
  for (let i = 0; i < 2; i++) {
    await page.reload();
    const again = await appFrame(page);
    await expect(again.getByRole('button', { name: 'Sign out' })).toBeVisible();
  }
}

test('the registered parent shows the app, with a CSP naming exactly that origin', async ({ page }) => {
  const brand = await createEmbeddingBrand(shop);
  const framed = page.waitForResponse((r) => r.url() === `${brand.origin}/login`);
  await page.goto(shop.url('shop.localhost', brand.domain, '/login'));
  const csp = (await (await framed).allHeaders())['content-security-policy'];
  expect(csp).toContain(`frame-ancestors http://shop.localhost:${shop.port}`);
  expect(csp).not.toContain("frame-ancestors 'self'");
  const frame = await appFrame(page);
  await expect(frame.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(frame.getByText(BLOCKED)).toHaveCount(0);
});

test('a customer signs up inside the frame and stays signed in across reloads', async ({ page }) => {
  const brand = await createEmbeddingBrand(shop);
  await signInStaysAcrossReloads(page, brand);
});

test('a customer signs in inside the frame with an existing account', async ({ page }) => {
  const brand = await createEmbeddingBrand(shop);
  const email = newEmail();
  await page.goto(shop.url('shop.localhost', brand.domain, '/signup'));
  await signUpInFrame(page, await appFrame(page), email);
  await (await appFrame(page)).getByRole('button', { name: 'Sign out' }).click();
  await page.goto(shop.url('shop.localhost', brand.domain, '/login'));
  const frame = await appFrame(page);
  await frame.getByLabel('E-mail address').fill(email);
  await frame.getByLabel('Password').fill(PASSWORD);
  await frame.getByRole('button', { name: 'Sign in' }).click();
  await expect(frame.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.reload();
  await expect((await appFrame(page)).getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('another site framing the app shows only the red screen', async ({ page }) => {
  const brand = await createEmbeddingBrand(shop);
  await page.goto(shop.url('evil.localhost', brand.domain, '/login'));
  const frame = page.frameLocator('iframe#app');
  await expect(frame.getByRole('heading', { name: BLOCKED })).toBeVisible();
  await expect(frame.getByRole('link', { name: /official/ })).toHaveAttribute('href', `http://shop.localhost:${shop.port}`);
  await expect(frame.getByLabel('E-mail address')).toHaveCount(0);
  await expect(frame.getByTestId('brand-name')).toHaveCount(0);
  await expect(frame.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
});

test('another site framing the app shows only the red screen with JavaScript disabled', async ({ browser }) => {
  const brand = await createEmbeddingBrand(shop);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const answer = page.waitForResponse((r) => r.url().startsWith(`${brand.origin}/overt/verify/`));
  await page.goto(shop.url('evil.localhost', brand.domain, '/overt/verify/ABC123'));
  const html = await (await answer).text();
  expect(html).not.toContain('E-mail address');
  const frame = page.frameLocator('iframe#app');
  await expect(frame.getByRole('heading', { name: BLOCKED })).toBeVisible();
  await expect(frame.getByTestId('brand-name')).toHaveCount(0);
  await context.close();
});

test('a top-level visit to a verify page goes to the embedding URL with the path kept', async ({ page }) => {
  const brand = await createEmbeddingBrand(shop);
  await page.goto(`${brand.origin}/overt/verify/QR-123?lang=en`);
  const expected = new URL(brand.embeddingURL);
  expected.searchParams.set('path', '/overt/verify/QR-123?lang=en');
  await expect(page).toHaveURL(expected.toString());
  // The shop frames the verify screen it was given (the app sends a visitor on to sign in there).
  const frame = await appFrame(page);
  await expect(frame.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a top-level visit to another page goes to the embedding URL without a path', async ({ page }) => {
  const brand = await createEmbeddingBrand(shop);
  await page.goto(`${brand.origin}/login`);
  await expect(page).toHaveURL(brand.embeddingURL);
});

test.describe('with third-party cookies blocked', () => {
  test('the browser really blocks unpartitioned third-party cookies but keeps partitioned ones', async ({ context, page }) => {
    const brand = await createEmbeddingBrand(shop);
    await blockThirdPartyCookies(context, page);
    await page.goto(shop.url('shop.localhost', brand.domain, '/login'));
    const kept = await probeCookies(page, shop);
    expect(kept).toContain('chips=1');
    expect(kept).not.toContain('plain=1');
  });

  test('a customer signs up inside the frame and stays signed in across reloads', async ({ context, page }) => {
    const brand = await createEmbeddingBrand(shop);
    await blockThirdPartyCookies(context, page);
    await signInStaysAcrossReloads(page, brand);
  });

  test('another site still gets only the red screen, and a top-level verify visit still redirects', async ({ context, page }) => {
    const brand = await createEmbeddingBrand(shop);
    await blockThirdPartyCookies(context, page);
    await page.goto(shop.url('evil.localhost', brand.domain, '/login'));
    await expect(page.frameLocator('iframe#app').getByRole('heading', { name: BLOCKED })).toBeVisible();
    await page.goto(`${brand.origin}/overt/verify/QR-9`);
    await expect(page).toHaveURL(`${brand.embeddingURL}?path=${encodeURIComponent('/overt/verify/QR-9')}`);
  });
});

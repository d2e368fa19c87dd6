import { expect, test } from '@playwright/test';
import { PORT, createBrand, operator, ready } from './support';

// The shell of spec section 2: blocked brand, app-data error, offline, orientation, footer.

test('a blacklisted brand sees the blocked screen', async ({ page }) => {
  const brand = await createBrand();
  await operator('set-status', { slug: brand.slug, status: 'Blacklisted' });
  await page.goto(`${brand.origin}/login`);
  await expect(page.getByRole('heading', { name: 'Service unavailable' })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
});

test('a host without a brand shows the app-data Loading Error screen with a working Reload', async ({ page }) => {
  await page.goto(`http://nobrand.localhost:${PORT}/login`);
  await expect(page.getByRole('heading', { name: 'Loading Error' })).toBeVisible();
  await expect(page.getByText('Unable to fetch App data. Please try reloading', { exact: true })).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Loading Error' })).toBeVisible();
});

test('going offline greys the app out with an overlay, coming back removes it', async ({ page, context }) => {
  const brand = await createBrand();
  await page.goto(`${brand.origin}/login`);
  await expect(page.getByTestId('brand-name')).toBeVisible();
  await ready(page); // the overlay is the running app's: its scripts come after the first paint
  await context.setOffline(true);
  await expect(page.getByTestId('offline-overlay')).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/offline/);
  await context.setOffline(false);
  await expect(page.getByTestId('offline-overlay')).toHaveCount(0);
});

test('a phone held in landscape is asked to turn back', async ({ browser }) => {
  const brand = await createBrand();
  const context = await browser.newContext({
    viewport: { width: 844, height: 390 },
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  await page.goto(`${brand.origin}/login`);
  await expect(page.getByText('Please change your mobile orientation')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Please change your mobile orientation')).toHaveCount(0);
  await context.close();
});

test('a desktop in landscape is not asked to turn', async ({ page }) => {
  const brand = await createBrand();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${brand.origin}/login`);
  await expect(page.getByTestId('brand-name')).toBeVisible();
  await expect(page.getByText('Please change your mobile orientation')).toHaveCount(0);
});

test('the footer is left out when the brand says so', async ({ page }) => {
  const brand = await createBrand({ ui: { isfooterIncluded: false } });
  await page.goto(`${brand.origin}/login`);
  await expect(page.getByTestId('brand-name')).toBeVisible();
  await expect(page.getByTestId('footer')).toHaveCount(0);
});

test('the footer hides its second block when the app is framed', async ({ page }) => {
  const brand = await createBrand({ footer: { text: 'Framed brand', links: [{ label: 'Our shop', href: 'https://shop.example' }] } });
  await page.goto(`${brand.origin}/terms-of-use`);
  await expect(page.getByTestId('footer-second')).toBeVisible();
  // a same-origin frame (frame-ancestors 'self'): a plain parent page at the brand's origin,
  // answered by the test itself, so no app of its own re-renders over the frame
  await page.route(`${brand.origin}/framing-parent`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<iframe id="f" src="${brand.origin}/terms-of-use" width="390" height="700"></iframe>` }),
  );
  await page.goto(`${brand.origin}/framing-parent`);
  const frame = page.frameLocator('#f');
  await expect(frame.getByTestId('footer')).toContainText('Framed brand');
  await expect(frame.getByTestId('footer-second')).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { createBrand, ready } from './support';
import { CONSOLE_ORIGIN, nextCode, signInStaff } from './console-support';

// The console on its own host (docs/console.md): an owner's day.

test('the first owner joins from the command line, enrols an authenticator, and finds the brand', async ({ page }) => {
  const brand = await createBrand({}, 'Owner Brand');
  const owner = await signInStaff(page, { brand: brand.slug, role: 'owner' });
  expect(page.url()).toBe(`${CONSOLE_ORIGIN}/${brand.slug}/overview`);

  await page.goto(`${CONSOLE_ORIGIN}/`);
  await ready(page);
  await expect(page.getByRole('heading', { name: 'Your brands' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Owner Brand' })).toBeVisible();

  // Signing out ends the session: the brand list asks for a sign-in again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${CONSOLE_ORIGIN}/sign-in`);
  await page.goto(`${CONSOLE_ORIGIN}/`);
  await page.waitForURL(/\/sign-in\?from=%2F$/);
  await ready(page);

  // Keyboard only: e-mail, password, Enter; then the code, Enter.
  await page.getByLabel('E-mail').focus();
  await page.keyboard.type(owner.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(owner.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/second-factor/);
  await ready(page);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('6-digit code')).toBeFocused();
  await page.keyboard.type(await nextCode(owner));
  await page.keyboard.press('Enter');
  await page.waitForURL(`${CONSOLE_ORIGIN}/`);
  await expect(page.getByRole('link', { name: 'Owner Brand' })).toBeVisible();
});

test('the console is no page on a brand host', async ({ page }) => {
  const brand = await createBrand({}, 'Other Brand');
  const res = await page.goto(`${brand.origin}/console/sign-in`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not Found!' })).toBeVisible();
});

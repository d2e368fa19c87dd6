import { expect, test } from '@playwright/test';
import { createBrand, formAlert, newEmail, open, signInWithPassword, signUpByApi } from './support';

// Two brands served by one process on acme.localhost and globex.localhost share nothing.

const acmeConfig = {
  ui: { primaryColor: '#b91c1c', secondaryColor: '#f59e0b' },
  flags: { isLoyalityProgramEnabled: true, isComplaintManagementEnabled: false },
  footer: { text: 'Acme: tools that last.', links: [{ label: 'Acme support', href: 'https://acme.example/support' }] },
};
const globexConfig = {
  ui: { primaryColor: '#fde047', secondaryColor: '#22c55e' },
  flags: { isLoyalityProgramEnabled: false, isComplaintManagementEnabled: true },
  footer: { text: 'Globex: quality you can verify.' },
};

test('each brand shows its own name, colours, footer and features', async ({ page }) => {
  const acme = await createBrand(acmeConfig, 'Acme Tools', 'acme');
  const globex = await createBrand(globexConfig, 'Globex Foods', 'globex');

  await open(page, `${acme.origin}/login`);
  await expect(page).toHaveTitle('Sign in · Acme Tools');
  await expect(page.getByTestId('brand-name')).toHaveText('Acme Tools');
  await expect(page.getByTestId('footer')).toContainText('Acme: tools that last.');
  await expect(page.getByRole('link', { name: 'Acme support' })).toBeVisible();
  const acmeVars = await page.evaluate(() => [getComputedStyle(document.documentElement).getPropertyValue('--brand-primary'), getComputedStyle(document.documentElement).getPropertyValue('--brand-text')]);
  expect(acmeVars).toEqual(['#b91c1c', '#ffffff']);

  await open(page, `${globex.origin}/login`);
  await expect(page).toHaveTitle('Sign in · Globex Foods');
  await expect(page.getByTestId('footer')).toContainText('Globex: quality you can verify.');
  await expect(page.getByTestId('footer')).not.toContainText('Acme');
  const globexVars = await page.evaluate(() => [getComputedStyle(document.documentElement).getPropertyValue('--brand-primary'), getComputedStyle(document.documentElement).getPropertyValue('--brand-text')]);
  expect(globexVars).toEqual(['#fde047', '#000000']); // bright yellow takes black text

  // features: Acme has rewards and no complaints, Globex the other way round
  await signUpByApi(page, acme, { email: newEmail(), name: 'Ann' });
  const acmeTiles = page.getByRole('list', { name: 'Services' });
  await expect(acmeTiles.getByRole('link', { name: /Rewards/ })).toBeVisible();
  await expect(acmeTiles.getByRole('link', { name: /Complaints/ })).toHaveCount(0);
  await open(page, `${acme.origin}/complaints`);
  await expect(page.getByText('Complaints is not offered by Acme Tools.')).toBeVisible();

  await signUpByApi(page, globex, { email: newEmail(), name: 'Gus' });
  const globexTiles = page.getByRole('list', { name: 'Services' });
  await expect(globexTiles.getByRole('link', { name: /Complaints/ })).toBeVisible();
  await expect(globexTiles.getByRole('link', { name: /Rewards/ })).toHaveCount(0);
});

test('a customer of one brand cannot sign in to the other', async ({ page, context }) => {
  const acme = await createBrand(acmeConfig, 'Acme Tools', 'acme');
  const globex = await createBrand(globexConfig, 'Globex Foods', 'globex');
  const email = newEmail();
  await signUpByApi(page, acme, { email, name: 'Ada' });

  // the Acme session means nothing on Globex
  await open(page, `${globex.origin}/`);
  await expect(page).toHaveURL(/globex\.localhost:\d+\/login\?from=%2F/);
  await signInWithPassword(page, globex, email);
  await expect(formAlert(page)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  const globexCookies = (await context.cookies(globex.origin)).filter((c) => c.name === 'bv_session');
  expect(globexCookies).toHaveLength(0);

  // and still works on Acme
  await open(page, `${acme.origin}/`);
  await expect(page.getByRole('heading', { name: 'Hello, Ada' })).toBeVisible();
});

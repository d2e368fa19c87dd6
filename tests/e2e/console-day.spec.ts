import { expect, type Page } from '@playwright/test';
import { checkFromSixCities, test } from './own-server';
import { open, operator, ready } from './support';
import { aftersalesBrand } from './aftersales-support';
import { CONSOLE_ORIGIN, STAFF_PASSWORD, signInStaff } from './console-support';

// A brand manager's day at a laptop's screen (issue 32's defects): settings refused at the field
// and saved in view, the audit log's diff, a red flag resolved as a copy with its codes
// blacklisted (a shopper then sees Fake) and the default printed link counted as genuine checks,
// the second factor's field focused, and a removed member told why.

test.use({ viewport: { width: 1366, height: 768 } });

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('settings: a refused colour takes the keyboard to its field in view; the saved message is in view; the audit log shows what changed', async ({ page }) => {
  const shop = await aftersalesBrand();
  await signInStaff(page, { brand: shop.brand.slug, role: 'owner' });
  await open(page, `${CONSOLE_ORIGIN}/${shop.brand.slug}/settings`);
  await ready(page);
  await expect(h1(page, 'Brand settings')).toBeVisible();

  // Each section saves on its own.
  await expect(page.getByRole('button', { name: 'Save theme' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save risk settings' })).toHaveCount(1);

  const primary = page.getByRole('textbox', { name: 'Primary colour', exact: true });
  await primary.fill('crimson');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: 'Save theme' }).click();
  await expect(primary).toHaveAttribute('aria-invalid', 'true');
  await expect(primary).toBeFocused();
  await expect(primary).toBeInViewport();

  await primary.fill('#b91c1c');
  await page.getByRole('button', { name: 'Save theme' }).click();
  const saved = page.getByTestId('settings-theme').getByRole('status');
  await expect(saved).toHaveText('Settings saved. Customers see them now.');
  await expect(saved).toBeInViewport();

  // The audit log: what changed, in a column wide enough to read, in the brand's time zone.
  await page.goto(`${CONSOLE_ORIGIN}/${shop.brand.slug}/audit?action=settings.update`);
  await ready(page);
  const entry = page.getByTestId('audit-entry').first();
  await expect(entry.getByTestId('audit-change')).toHaveCount(1);
  await expect(entry.getByTestId('audit-change')).toContainText('config.ui.primaryColor');
  await expect(entry.getByTestId('audit-change')).toContainText('"#1f4fd8"');
  await expect(entry.getByTestId('audit-change')).toContainText('"#b91c1c"');
  await expect(entry).toContainText('IST');
  const on = await entry.getByTestId('audit-target').boundingBox();
  expect(on!.width).toBeGreaterThan(120);
});

// A red flag needs corroborated suspicion from several unrelated networks (docs/verification.md,
// "Bounded influence"), and the suite's server sees every browser as 127.0.0.1: this test runs on a
// server of its own behind a trusted proxy (tests/e2e/own-server.ts), where each shopper's browser
// comes from a network of its own.
test('a red flag resolved as a copy blacklists its codes after a confirmation; shoppers then see Fake; the printed link counts as genuine checks', async ({ page, browser, proxiedServer }) => {
  test.setTimeout(240_000); // six shoppers on the brand's site, a support agent with an authenticator
  const shop = await aftersalesBrand({ isRedFlaggingEnabled: true }, proxiedServer);
  const { brand } = shop;
  const consoleOrigin = proxiedServer.consoleOrigin;
  // Shoppers in six cities, each on a network of their own, check the same unit through its
  // printed link (the anonymous info page): its copies are corroborated, a red flag.
  type Code = { qrId: string; level: number; unit: string; state: string; url: string };
  const codes = (await proxiedServer.run('list-codes', { slug: brand.slug })) as Code[];
  const unit = codes.find((c) => c.qrId === shop.coverts[1])!.unit;
  const { qrId: overt, url: printed } = codes.find((c) => c.unit === unit && c.level === 6)!;
  expect(printed).toBe(`${brand.origin}/info/verify/${overt}`); // the brand prints the info page's link (the default)
  await checkFromSixCities(browser, printed, 'Info');
  expect(await proxiedServer.run('red-flags', { slug: brand.slug })).toHaveLength(1);

  await signInStaff(page, { brand: brand.slug, role: 'support', origin: consoleOrigin, dataDir: proxiedServer.dataDir });
  // The overview counts the printed link's checks as genuine.
  await open(page, `${consoleOrigin}/${brand.slug}/overview`);
  await expect(page.locator('[data-total="Scans"]')).toHaveText('6');
  await expect(page.locator('[data-total="Genuine"]')).toHaveText('6');

  await open(page, `${consoleOrigin}/${brand.slug}/red-flags`);
  const flag = page.getByTestId('red-flag-row').filter({ hasText: overt });
  await expect(flag).toContainText('As recorded when the flag was raised:');
  await flag.getByLabel('Note').fill('Bought from an unlisted seller; the pack is a copy.');
  await expect(flag.getByRole('checkbox', { name: /also blacklist/ })).toBeChecked();
  await flag.getByRole('button', { name: 'Resolve and blacklist…' }).click();
  const confirm = flag.getByRole('alertdialog');
  await expect(confirm).toContainText(`Blacklist ${overt} and its hidden code?`);
  await expect(confirm.getByRole('button', { name: 'Yes, resolve and blacklist' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Yes, resolve and blacklist' }).click();
  await expect(page.getByText('No red flags match.')).toBeVisible();

  // The unit's printed and hidden codes are blacklisted, and a shopper checking the printed one is told Fake.
  const after = (await proxiedServer.run('list-codes', { slug: brand.slug })) as Code[];
  expect(after.filter((c) => c.unit === unit).map((c) => `${c.qrId} ${c.state}`).sort()).toEqual([`${overt} blacklisted`, `${shop.coverts[1]} blacklisted`].sort());
  const shopper = await browser.newContext();
  try {
    const shopperPage = await shopper.newPage();
    await open(shopperPage, printed);
    await expect(h1(shopperPage, 'Fake')).toBeVisible();
  } finally {
    await shopper.close();
  }
});

test('the second factor takes the keyboard; a removed member\'s next click says why and offers to sign in again', async ({ page, browser }) => {
  const shop = await aftersalesBrand();
  const owner = await signInStaff(page, { brand: shop.brand.slug, role: 'owner' });
  const memberContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const member = await memberContext.newPage();
  const agent = await signInStaff(member, { brand: shop.brand.slug, role: 'analyst' });

  // Signing in again: the code field has the focus at once.
  const again = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const second = await again.newPage();
  await second.goto(`${CONSOLE_ORIGIN}/sign-in`);
  await ready(second);
  await second.getByLabel('E-mail').fill(owner.email);
  await second.getByLabel('Password').fill(STAFF_PASSWORD);
  await second.getByRole('button', { name: 'Sign in' }).click();
  await second.waitForURL(/\/second-factor/);
  await expect(second.getByLabel('6-digit code')).toBeFocused();
  await again.close();

  // The owner takes the analyst off the staff; the analyst's next click says why.
  await open(page, `${CONSOLE_ORIGIN}/${shop.brand.slug}/staff`);
  await ready(page);
  // Asked on the console's confirm step: Cancel keeps them on the staff (after a reload too).
  const remove = page.getByRole('button', { name: `Remove ${agent.email}…` });
  await remove.click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText(`Take ${agent.email} off this brand's staff? Everything of this brand is closed to them at once; to work here again they need a new invitation.`);
  await expect(ask.getByRole('button', { name: 'Yes, remove them' })).toBeFocused();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toBeFocused();
  await page.reload();
  await ready(page);
  await expect(page.getByTestId(`state-${agent.email}`)).toContainText('Active');
  await remove.click();
  await ask.getByRole('button', { name: 'Yes, remove them' }).click();
  await expect(page.getByRole('button', { name: `Remove ${agent.email}` })).toHaveCount(0);
  await expect(page.getByTestId(`state-${agent.email}`)).toHaveCount(0);

  await ready(member);
  await member.getByRole('link', { name: 'Codes', exact: true }).first().click();
  await expect(member.getByTestId('console-not-open')).toContainText('an owner may have removed you');
  await expect(member.getByRole('link', { name: 'Your brands' })).toBeVisible();
  await member.getByRole('button', { name: 'Sign in as someone else' }).click();
  await member.waitForURL(/\/sign-in/);
  await expect(member.getByRole('heading', { name: 'Sign in to the brand console' })).toBeVisible();
  await memberContext.close();
});

test('a manager blacklists a whole batch from its page after confirming; shoppers then see Fake', async ({ page, browser }) => {
  const shop = await aftersalesBrand();
  const { brand } = shop;
  const codes = (await operator('list-codes', { slug: brand.slug })) as Array<{ qrId: string; level: number; batch: string }>;
  const overt = codes.find((c) => c.level === 6)!;
  await signInStaff(page, { brand: brand.slug, role: 'manager' });
  await open(page, `${CONSOLE_ORIGIN}/${brand.slug}/catalogue`);
  await page.getByRole('link', { name: overt.batch }).first().click();
  await expect(h1(page, `Batch ${overt.batch}`)).toBeVisible();
  await ready(page);
  const form = page.getByRole('form', { name: `Blacklist codes of batch ${overt.batch}` });
  await form.getByRole('button', { name: 'Blacklist codes…' }).click();
  const confirm = form.getByRole('alertdialog');
  await expect(confirm).toContainText(`Blacklist every code of batch ${overt.batch}, printed and hidden codes together?`);
  await expect(confirm.getByRole('button', { name: 'Yes, blacklist them' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Yes, blacklist them' }).click();
  await expect(form.getByRole('status')).toHaveText('Blacklisted 4 codes: their scans now answer Fake.');

  const shopper = await browser.newContext();
  const shopperPage = await shopper.newPage();
  await open(shopperPage, `${brand.origin}/info/verify/${overt.qrId}`);
  await expect(h1(shopperPage, 'Fake')).toBeVisible();
  await shopper.close();
});

import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBrand, formAlert, newEmail, open, operator, signUpByApi } from './support';
import { aftersalesBrand, brandCli, customerWithUnit, pdfBytes, pngBytes } from './aftersales-support';

// The after-sales screens end to end: each test makes its own brand, codes, reward and journey
// (tests/e2e/aftersales-support.ts) and its own customer.

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(name), fullPage: true });

test('a customer claims a unit, walks its journey, earns a cashback, claims it to a UPI id and sees it settled', async ({ page }) => {
  test.slow(); // many screens, uploads and operator commands in one flow
  const shop = await aftersalesBrand();
  const { brand } = shop;
  await customerWithUnit(page, shop);

  await open(page, `${brand.origin}/my-products`);
  await expect(h1(page, 'My products')).toBeVisible();
  await page.getByRole('link', { name: shop.productName }).click();
  await expect(h1(page, shop.productName)).toBeVisible();
  await page.locator('html[data-hydrated="true"]').waitFor();

  const step = page.getByTestId('journey-step');
  await expect(step).toContainText('Step 1 of 4');
  await expect(step).toContainText('Three quick steps earn you a cashback.');
  await step.getByRole('button', { name: 'Continue' }).click();
  await expect(step).toContainText('Step 2 of 4');
  await step.getByRole('button', { name: 'Submit' }).click();
  await expect(step.getByRole('alert')).toHaveText('Choose an answer.');
  await step.getByRole('radio', { name: 'Shop' }).check();
  await step.getByRole('button', { name: 'Submit' }).click();
  await expect(step).toContainText('Step 3 of 4');
  await step.getByLabel('Invoice number').fill('INV-1001');
  await step.getByRole('button', { name: 'Submit' }).click();
  await expect(step).toContainText('Step 4 of 4');
  await step.getByRole('button', { name: 'Collect my reward' }).click();
  await expect(page.getByTestId('earned-reward')).toHaveText('You earned ₹25 cashback.');
  await expect(page.getByTestId('journey-done')).toBeVisible();
  await expect(page.getByTestId('journey')).toContainText('Your answer: Shop');

  // no UPI id yet: the claim explains what to do
  await page.getByRole('link', { name: 'See your rewards' }).click();
  await expect(h1(page, 'Rewards')).toBeVisible();
  await expect(page.getByTestId('reward')).toContainText('₹25 cashback');
  await expect(page.getByTestId('payout-status')).toHaveText('Ready to claim');
  await expect(page.getByTestId('needs-vpa')).toContainText('Add your UPI id to claim this cashback.');
  await page.getByTestId('needs-vpa').getByRole('link', { name: 'Add your UPI id' }).click();

  await expect(h1(page, 'UPI details')).toBeVisible();
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expect(page.getByTestId('current-vpa')).toHaveText('You have not added a UPI id yet.');
  await page.getByLabel('UPI id').fill('not a upi id');
  await page.getByRole('button', { name: 'Save UPI id' }).click();
  await expect(formAlert(page)).toHaveText('UPI id: Enter a UPI id like name@bank.');
  await expect(page.getByLabel('UPI id')).toBeFocused();
  await page.getByLabel('UPI id').fill('asha@okbank');
  await page.getByRole('button', { name: 'Save UPI id' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your UPI id was saved.' })).toBeVisible();
  await expect(page.getByTestId('current-vpa')).toContainText('asha@okbank');

  await open(page, `${brand.origin}/rewards`);
  await expect(page.getByText('It will be paid to asha@okbank.')).toBeVisible();
  await page.getByRole('button', { name: 'Claim ₹25' }).click();
  await expect(page.getByTestId('payout-status')).toHaveText('Transfer pending');
  await expect(page.getByRole('button', { name: /Claim/ })).toHaveCount(0);
  await shot(page, 'rewards.png');

  await open(page, `${brand.origin}/transaction-history`);
  const row = page.getByTestId('transaction');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('payout-status')).toHaveText('Transfer pending');
  await expect(row).toContainText('asha@okbank');
  const reference = (await row.locator('dd').first().textContent())!.trim();
  expect(reference).toMatch(/^PO[A-Z0-9]{14}$/);

  // the operator settles it through the command line: export, then import the bank's answer
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bv-payouts-'));
  const exported = brandCli(['export-payouts', '--slug', brand.slug, '--out', path.join(dir, 'payouts.csv')]);
  expect(exported.count).toBe(1);
  const csv = readFileSync(path.join(dir, 'payouts.csv'), 'utf8');
  expect(csv).toContain(`${reference},asha@okbank,25.00`);
  await page.reload();
  await expect(page.getByTestId('payout-status')).toHaveText('Pending at the bank');
  writeFileSync(path.join(dir, 'results.csv'), `reference,status,bank_ref,reason\n${reference},SUCCESS,UTR123456789,\n`);
  brandCli(['import-bank-results', '--slug', brand.slug, '--file', path.join(dir, 'results.csv')]);

  await page.reload();
  await expect(page.getByTestId('payout-status')).toHaveText('Transfer completed');
  await expect(row).toContainText('Paid to your UPI id.');
  await shot(page, 'transaction-history.png');
});

test('a customer registers the warranty of a claimed unit with an invoice and sees its end date', async ({ page }) => {
  test.slow(); // many screens, uploads and operator commands in one flow
  const shop = await aftersalesBrand();
  await customerWithUnit(page, shop);
  await open(page, `${shop.brand.origin}/my-products`);
  await expect(page.getByText('Warranty').first()).toBeVisible();
  await page.getByRole('link', { name: shop.productName }).click();
  await expect(page.getByTestId('unit-warranty')).toContainText('Not registered');
  await page.getByRole('link', { name: 'Register the warranty' }).click();
  await expect(h1(page, 'Warranty')).toBeVisible();
  await page.locator('html[data-hydrated="true"]').waitFor();

  const form = page.getByRole('form', { name: 'Register a warranty' });
  await expect(form.getByLabel('Product')).not.toHaveValue('');
  await form.getByRole('button', { name: 'Register warranty' }).click();
  await expect(formAlert(page)).toContainText('Enter the date you bought it.');
  // bought on the 1st of this month: the 12-month warranty ends on the last day of last month, next year
  const now = new Date();
  const purchase = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
  const ends = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), 0)));
  await form.getByLabel('Purchase date').fill(purchase);
  // bytes that are not an image, whatever the name says: the API's 415 is shown as sent
  await form.getByLabel('Invoice').setInputFiles({ name: 'invoice.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') });
  await form.getByRole('button', { name: 'Register warranty' }).click();
  await expect(formAlert(page)).toBeVisible();
  await expect(formAlert(page)).not.toContainText('Enter the date');
  await expect(page.getByTestId('warranty')).toHaveCount(0);

  await form.getByLabel('Invoice').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdfBytes() });
  await form.getByRole('button', { name: 'Register warranty' }).click();
  const card = page.getByTestId('warranty');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('warranty-status')).toHaveText('Active');
  await expect(card).toContainText('12 months');
  await expect(card.getByTestId('warranty-ends')).toHaveText(ends);
  await expect(page.getByRole('form', { name: 'Register a warranty' })).toHaveCount(0);

  await card.getByRole('link', { name: /invoice\.pdf/ }).click();
  await expect(h1(page, 'File preview')).toBeVisible();
  await expect(page.getByTestId('file-preview')).toHaveAttribute('data-type', 'application/pdf');
  await expect(page.getByRole('link', { name: 'Download invoice.pdf' })).toHaveAttribute('download', 'invoice.pdf');
});

test('a customer raises a complaint with an attachment, gets a reply, replies back and follows its status', async ({ page }) => {
  test.slow(); // many screens, uploads and operator commands in one flow
  const shop = await aftersalesBrand();
  const { brand } = shop;
  await customerWithUnit(page, shop);

  await open(page, `${brand.origin}/complaints`);
  await expect(page.getByTestId('no-complaints')).toBeVisible();
  await page.getByRole('link', { name: 'Raise a complaint' }).click();
  await expect(h1(page, 'Raise a complaint')).toBeVisible();
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect(formAlert(page)).toContainText('Choose a category.');
  await expect(page.getByLabel('Category')).toBeFocused();

  await page.getByLabel('Category').selectOption('Damaged product');
  await page.getByRole('radio', { name: 'High' }).check();
  await page.getByLabel('Product (optional)').selectOption({ index: 1 });
  await page.getByLabel('Description').fill('The seal of the bottle was broken when I opened the box.');
  await page.getByLabel('Attachments (optional)').setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: pngBytes() });
  await page.getByRole('button', { name: 'Send complaint' }).click();

  await expect(page).toHaveURL(/\/complaints\/TKT-\d{6}$/);
  const ticketId = page.url().split('/').pop()!;
  await expect(h1(page, `Complaint ${ticketId}`)).toBeVisible();
  await expect(page.getByTestId('complaint-status')).toHaveText('Received');
  await expect(page.getByText('The seal of the bottle was broken')).toBeVisible();

  await operator('reply-complaint', { slug: brand.slug, ticket: ticketId, message: 'Sorry about that. Could you send the batch number?', authorName: 'Meera' });
  await page.reload();
  await expect(page.getByTestId('thread')).toContainText('Meera (support)');
  await expect(page.getByTestId('thread')).toContainText('Could you send the batch number?');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByLabel('Your reply').fill('It is on the box, thanks for looking.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByTestId('thread').locator('[data-author="customer"]')).toContainText('It is on the box, thanks for looking.');
  await shot(page, 'complaint-thread.png');

  await operator('assign-complaint', { slug: brand.slug, ticket: ticketId, assignee: 'Meera' });
  await operator('set-complaint-status', { slug: brand.slug, ticket: ticketId, status: 'inprogress' });
  await open(page, `${brand.origin}/complaints`);
  await expect(page.getByTestId('complaint').getByTestId('complaint-status')).toHaveText('In progress');

  await operator('set-complaint-status', { slug: brand.slug, ticket: ticketId, status: 'closed' });
  await page.reload();
  await expect(page.getByTestId('complaint').getByTestId('complaint-status')).toHaveText('Closed');
  await page.getByRole('link', { name: ticketId }).click();
  await expect(page.getByTestId('complaint-status')).toHaveText('Closed');
  await expect(page.getByLabel('Your reply')).toBeDisabled();
  await expect(page.getByTestId('reply-closed')).toBeVisible();

  await page.getByRole('link', { name: /seal\.png/ }).click();
  await expect(page.getByRole('img', { name: 'Preview of seal.png' })).toBeVisible();
});

test('a switched-off module is absent from the navigation and its pages say it is not offered', async ({ page }) => {
  const brand = await createBrand({ flags: { isComplaintManagementEnabled: false, isLoyalityProgramEnabled: true } }, 'Quiet Brand');
  await signUpByApi(page, brand, { email: newEmail(), name: 'Dev' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Rewards' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Complaints' })).toHaveCount(0);
  for (const [url, title] of [['/complaints', 'Complaints'], ['/raise-complaint', 'Raise a complaint']] as const) {
    await open(page, `${brand.origin}${url}`);
    await expect(page.getByTestId('module-off')).toHaveText(`${title} is not offered by Quiet Brand.`);
    await expect(page.getByRole('button', { name: 'Send complaint' })).toHaveCount(0);
  }
});

test('a file preview asks a visitor without a session to sign in', async ({ page }) => {
  const brand = await createBrand({ flags: {} });
  await open(page, `${brand.origin}/file-preview?fileId=fl_abc123`);
  await expect(page.getByTestId('sign-in-to-preview')).toHaveText('Files you uploaded are private. Sign in to see this file.');
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute('href', '/login?from=%2Ffile-preview%3FfileId%3Dfl_abc123');
});

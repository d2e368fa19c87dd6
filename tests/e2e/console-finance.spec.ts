import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, open, operator } from './support';
import { aftersalesBrand, customerWithUnit, type Shop } from './aftersales-support';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';

// The brand console's money and settings screens (issue 12): a finance clerk's day with the
// payouts (see those waiting, export the bank file, import the bank's results, retry a failure),
// and a manager changing the brand's primary colour with the phone preview, then the customer
// site showing it.

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(name), fullPage: true });

type Api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: any }>;

/** The customer API from the signed-in customer's page (its token, its cookies). */
const customerApi = (page: Page): Api => (method, path, body, headers = {}) =>
  page.evaluate(
    async ([m, p, b, h]) => {
      const t = await fetch('/api/auth/customer/web/generate-access-token');
      const { accessToken } = (await t.json()) as { accessToken: string };
      const res = await fetch(`/api${p}`, {
        method: m,
        headers: { authorization: `Bearer ${accessToken}`, 'x-requested-with': 'fetch', ...(b ? { 'content-type': 'application/json' } : {}), ...h },
        body: b ? JSON.stringify(b) : undefined,
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [method, path, body, headers] as const,
  );

/** A customer with both units of the shop, each walked to its ₹25 cashback and claimed to a UPI id: two payouts waiting for the bank. */
async function twoClaimedPayouts(page: Page, shop: Shop) {
  await operator('set-journey', { slug: shop.brand.slug, product: shop.productId, config: { steps: [{ type: 'REWARD', title: 'Your cashback', config: { rewardId: shop.rewardId } }] } });
  await customerWithUnit(page, shop, shop.coverts[0]);
  await open(page, `${shop.brand.origin}/covert/post/verify/${shop.coverts[1]}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Genuine Post Sale', exact: true })).toBeVisible();
  const api = customerApi(page);
  expect((await api('PUT', '/customer/customer-profile', { vpa: 'asha@okbank', currentPassword: PASSWORD })).status).toBe(200);
  const { body } = await api('GET', '/customer/my-products');
  const references: string[] = [];
  for (const [i, p] of (body.products as Array<{ unitId: string }>).entries()) {
    const journey = await api('GET', `/customer/my-products/${p.unitId}/journey`);
    const step = await api('POST', `/customer/my-products/${p.unitId}/journey/steps/${journey.body.steps[0].stepId}`, {});
    expect(step.status).toBe(200);
    const claim = await api('POST', `/customer/rewards/${step.body.grant.grantId}/claim`, undefined, { 'idempotency-key': `finance-day-${i}-key` });
    expect(claim.status).toBe(200);
    references.push(claim.body.reference);
  }
  return references as [string, string];
}

test('a finance clerk sees payouts waiting, exports the bank file, imports the results and retries a failed payout', async ({ page, browser }) => {
  test.slow(); // a customer earns two cashbacks first
  const shop = await aftersalesBrand();
  const [paid, refused] = await twoClaimedPayouts(page, shop);

  const clerkContext = await browser.newContext({ acceptDownloads: true });
  const clerk = await clerkContext.newPage();
  await signInStaff(clerk, { brand: shop.brand.slug, role: 'finance' });
  await open(clerk, `${CONSOLE_ORIGIN}/${shop.brand.slug}/payouts`);
  await expect(clerk.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await expect(clerk.getByTestId('payout-count-TRANSFER_PENDING')).toHaveText('Waiting for export: 2');
  await expect(clerk.getByText('2 payouts waiting for the bank.')).toBeVisible();

  // the bank file: a download of both payouts, now at the bank
  const download = clerk.waitForEvent('download');
  await clerk.getByRole('button', { name: 'Export the bank file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^payouts-${shop.brand.slug}-.+\\.csv$`));
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('reference,vpa,amount,name');
  expect(csv).toContain(`${paid},asha@okbank,25.00,Asha`);
  expect(csv).toContain(`${refused},asha@okbank,25.00,Asha`);
  await expect(clerk.getByRole('status').filter({ hasText: 'Exported' })).toContainText('Exported 2 payouts (₹50.00)');
  await expect(clerk.getByTestId('payout-count-PENDING_AT_BANK')).toHaveText('At the bank: 2');

  // the bank's answer: one paid, one refused; a bad file first applies nothing and says why
  const results = clerk.getByLabel('Bank result file (CSV)');
  await results.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(`reference,status,bank_ref,reason\n${paid},MAYBE,,\n`) });
  await clerk.getByRole('button', { name: 'Import results' }).click();
  await expect(clerk.getByRole('alert').filter({ hasText: 'Nothing imported' })).toContainText('line 2: status must be SUCCESS or FAILED');
  await expect(clerk.getByTestId('payout-count-PENDING_AT_BANK')).toHaveText('At the bank: 2');
  await results.setInputFiles({
    name: 'results.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`reference,status,bank_ref,reason\n${paid},SUCCESS,UTR123456789,\n${refused},FAILED,,Account closed\n`),
  });
  await clerk.getByRole('button', { name: 'Import results' }).click();
  await expect(clerk.getByRole('status').filter({ hasText: 'Imported' })).toHaveText('Imported: 1 completed, 1 failed.');
  await expect(clerk.getByTestId('payout-count-TRANSFER_COMPLETED')).toHaveText('Paid: 1');
  await expect(clerk.getByTestId(`payout-${refused}`)).toContainText('Account closed');
  await shot(clerk, 'payouts.png');

  // the failed one goes out again under the same reference
  await clerk.getByRole('link', { name: 'Failed: 1' }).click();
  await expect(clerk).toHaveURL(/status=TRANSFER_FAILED/);
  await clerk.getByRole('button', { name: `Retry payout ${refused}` }).click();
  await expect(clerk.getByTestId('payout-count-TRANSFER_FAILED')).toHaveText('Failed: 0');
  // What the import said no longer describes the list: it is cleared.
  await expect(clerk.getByRole('status').filter({ hasText: 'Imported' })).toHaveCount(0);
  await expect(clerk.getByTestId('payout-count-TRANSFER_PENDING')).toHaveText('Waiting for export: 1');

  // The list through the table kit: counted, sorted by its Reference header from the keyboard,
  // filtered with the sort kept, and downloaded as filtered (no payout moves).
  await open(clerk, `${CONSOLE_ORIGIN}/${shop.brand.slug}/payouts`);
  await expect(clerk.getByTestId('list-count')).toHaveText('2 payouts match');
  const reference = () => clerk.getByRole('columnheader', { name: /Reference/ });
  await expect(reference()).toHaveAttribute('aria-sort', 'none');
  await reference().getByRole('link').focus();
  await clerk.keyboard.press('Enter');
  await clerk.waitForURL(/sort=reference/);
  await expect(reference()).toHaveAttribute('aria-sort', 'ascending');
  expect(await clerk.locator('[data-payout-row]').getByRole('rowheader').allInnerTexts()).toEqual([paid, refused].sort());
  await clerk.getByLabel('Status', { exact: true }).selectOption('TRANSFER_COMPLETED');
  await clerk.getByRole('button', { name: 'Filter', exact: true }).click();
  await clerk.waitForURL(/status=TRANSFER_COMPLETED/);
  expect(clerk.url()).toContain('sort=reference');
  await expect(clerk.getByTestId('list-count')).toHaveText('1 payout matches');
  const listed = clerk.waitForEvent('download');
  await clerk.getByRole('link', { name: 'Download CSV' }).click();
  const listFile = await listed;
  expect(listFile.suggestedFilename()).toMatch(new RegExp(`^${shop.brand.slug}-payouts-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const lines = readFileSync((await listFile.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  expect(lines[0]!.split(',').slice(0, 4)).toEqual(['Reference', 'Made', 'Last changed', 'Status']);
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([paid]);
  await expect(clerk.getByTestId('payout-count-TRANSFER_PENDING')).toHaveText('Waiting for export: 1');

  // the customer sees both outcomes
  await open(page, `${shop.brand.origin}/transaction-history`);
  await expect(page.getByTestId('transaction').filter({ hasText: paid }).getByTestId('payout-status')).toHaveText('Transfer completed');
  await expect(page.getByTestId('transaction').filter({ hasText: refused }).getByTestId('payout-status')).toHaveText('Transfer pending');
  await clerkContext.close();
});

test('a manager changes the primary colour, sees the phone preview follow, saves, and the customer site shows it', async ({ page }) => {
  const shop = await aftersalesBrand();
  await signInStaff(page, { brand: shop.brand.slug, role: 'manager' });
  await open(page, `${CONSOLE_ORIGIN}/${shop.brand.slug}/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Brand settings' })).toBeVisible();
  const preview = page.getByTestId('phone-preview');
  await expect(preview).toHaveAttribute('data-primary', '#1f4fd8');

  const primary = page.getByRole('textbox', { name: 'Primary colour', exact: true });
  await primary.fill('not a colour');
  await expect(preview).toHaveAttribute('data-primary', '#1f4fd8');
  await page.getByRole('button', { name: 'Save theme' }).click();
  await expect(primary).toHaveAttribute('aria-invalid', 'true');
  await expect(primary).toBeFocused();
  await expect(primary).toBeInViewport();
  const errorId = (await primary.getAttribute('aria-describedby'))!.split(' ').pop();
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText('must be a colour like #1a2b3c');

  await primary.fill('#b91c1c');
  await expect(preview).toHaveAttribute('data-primary', '#b91c1c');
  await expect(page.getByTestId('preview-header')).toHaveCSS('background-color', 'rgb(185, 28, 28)');
  await page.getByRole('button', { name: 'Save theme' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeInViewport();
  await shot(page, 'settings.png');

  // the customer site: its brand caches were dropped on save, so the next page has the colour
  const customer = await page.context().newPage();
  await expect(async () => {
    await open(customer, `${shop.brand.origin}/login`);
    await expect(customer.locator('html')).toHaveAttribute('style', /--brand-primary:\s*#b91c1c/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(customer.getByRole('button', { name: 'Sign in', exact: true })).toHaveCSS('background-color', 'rgb(185, 28, 28)');
});

test('a manager creates a cashback, fills a coupon pool and shortens a product\'s journey', async ({ page }) => {
  const shop = await aftersalesBrand();
  await signInStaff(page, { brand: shop.brand.slug, role: 'manager' });
  await open(page, `${CONSOLE_ORIGIN}/${shop.brand.slug}/rewards`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards and journeys' })).toBeVisible();
  await expect(page.getByTestId(`reward-${shop.rewardId}`)).toContainText('₹1000.00');

  // a new cashback: a bad amount is shown at its field, then it is created
  const form = page.getByRole('form', { name: 'New reward' });
  await form.getByLabel('Name').fill('Festival cashback');
  await form.getByLabel('Amount per reward (₹)').fill('10.555');
  await form.getByLabel('Budget (₹)').fill('500');
  await form.getByRole('button', { name: 'Create reward' }).click();
  await expect(form.getByLabel('Amount per reward (₹)')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Amount per reward (₹)').fill('10');
  await form.getByRole('button', { name: 'Create reward' }).click();
  await expect(form.getByRole('status')).toHaveText('Festival cashback created.');
  await expect(page.locator('[data-testid^="reward-"]').filter({ hasText: 'Festival cashback' })).toContainText('₹500.00');

  // a coupon with codes from a list: the codes left are counted
  await form.getByLabel('Name').fill('Ten off');
  await form.getByLabel('Type').selectOption('Coupon');
  await form.getByRole('button', { name: 'Create reward' }).click();
  await expect(form.getByRole('status')).toHaveText('Ten off created.');
  const pool = page.locator('[data-testid^="reward-"]').filter({ hasText: 'Ten off' });
  await pool.getByText('Edit Ten off').click();
  await pool.getByLabel('Coupon codes file').setInputFiles({ name: 'codes.txt', mimeType: 'text/plain', buffer: Buffer.from('TEN-0001\nTEN-0002\nTEN-0003\n') });
  await pool.getByRole('button', { name: 'Upload codes' }).click();
  await expect(pool.getByRole('status')).toHaveText('3 codes added; 3 left to give out.');
  await expect(pool.getByText('Codes left in the pool')).toBeVisible();

  // the product's journey: four steps, the question removed
  const journey = page.getByRole('form', { name: shop.productName });
  await expect(journey.getByRole('group', { name: /^Step \d$/ })).toHaveCount(4);
  await journey.getByRole('button', { name: 'Remove step 2' }).click();
  await journey.getByRole('button', { name: 'Save journey' }).click();
  await expect(journey.getByRole('status')).toHaveText('Journey saved.');
  await open(page, `${CONSOLE_ORIGIN}/${shop.brand.slug}/rewards`);
  await expect(page.getByRole('form', { name: shop.productName }).getByRole('group', { name: /^Step \d$/ })).toHaveCount(3);
  await shot(page, 'rewards.png');
});

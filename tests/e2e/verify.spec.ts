import { expect, test, type Page } from '@playwright/test';
import { newEmail, open, operator, signUpByApi } from './support';
import { acceptBanners, brandWithCatalog } from './verify-catalog';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';

// The verify screens: the verdict is rendered by the server in the first HTML response, for
// every label, with the product, batch, verification count and claim it warrants. Each test
// makes its own brand and codes (tests/e2e/verify-catalog.ts) and its own customers.

const verdict = (page: Page) => page.getByTestId('verdict');
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** The HTML of the first response, before any script runs (fetched by the page's own browser). */
async function firstHtml(page: Page, url: string): Promise<string> {
  return page.evaluate(async (u) => (await fetch(u, { headers: { accept: 'text/html' } })).text(), url);
}

test('an anonymous visitor sees the info verdict, product and batch in the first HTML', async ({ page }) => {
  const { brand, units, batchNumber } = await brandWithCatalog();
  const url = `${brand.origin}/info/verify/${units[0]!.overt.qrId}`;
  await page.goto(`${brand.origin}/info`);
  const html = await firstHtml(page, url);
  expect(html).toMatch(/<h1[^>]*>Info<\/h1>/);
  expect(html).toContain('Test Serum 30 ml');
  expect(html).toContain(batchNumber);
  expect(html).not.toContain('data-testid="loading"');
  // Not streamed in behind a Suspense fallback either: the verdict is in place, readable without scripts.
  expect(html).not.toMatch(/<template id="B:|<div hidden id="S:/);

  await open(page, url);
  await expect(h1(page, 'Info')).toBeVisible();
  await expect(page.getByTestId('batch-details')).toContainText(batchNumber);
  await expect(page.getByTestId('batch-details')).toContainText('15 Jan 2025');
  await expect(page.getByTestId('batch-details')).toContainText('31 Dec 2099');
  await expect(page.getByText('Volume')).toBeVisible();
  await expect(page.getByTestId('verification-count')).toContainText('Verified 2 times since'); // the fetch above was a scan too
  await expect(page.getByTestId('claim')).toHaveText('Not claimed by anyone yet.');
  // the unit itself is checked after sign-in, on its overt verdict
  await expect(page.getByRole('link', { name: 'Sign in to check this unit' })).toHaveAttribute(
    'href',
    `/login?from=${encodeURIComponent(`/overt/verify/${units[0]!.overt.qrId}`)}`,
  );
  await page.screenshot({ path: test.info().outputPath('info-verdict.png'), fullPage: true });
});

test('a customer verifies a unit before and after buying it, and another customer sees it claimed', async ({ page, browser }) => {
  const { brand, units } = await brandWithCatalog();
  const unit = units[0]!;
  await signUpByApi(page, brand, { email: newEmail(), name: 'Asha' });

  await open(page, `${brand.origin}/overt/verify/${unit.overt.qrId}`);
  await expect(h1(page, 'Genuine Pre Sale & Claim Warranty')).toBeVisible();
  await expect(verdict(page)).toHaveAttribute('data-tone', 'genuine');
  await expect(page.getByRole('link', { name: 'After you buy it: scan the hidden code' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'About the warranty' })).toHaveAttribute('href', '/warranty');
  await page.screenshot({ path: test.info().outputPath('genuine-pre-sale.png'), fullPage: true });

  await open(page, `${brand.origin}/covert/post/verify/${unit.covert.qrId}`);
  await expect(h1(page, 'Genuine Post Sale')).toBeVisible();
  await expect(page.getByTestId('claim')).toContainText('Claimed by you on');
  await expect(page.getByTestId('verification-count')).toContainText('Verified 2 times since');

  // the same customer again: still theirs; the visible code now says plain Genuine Pre Sale
  await open(page, `${brand.origin}/verify/${unit.overt.qrId}`);
  await expect(h1(page, 'Genuine Pre Sale')).toBeVisible();
  await expect(page.getByTestId('claim')).toContainText('Claimed by you on');

  const other = await browser.newContext();
  const page2 = await other.newPage();
  await signUpByApi(page2, brand, { email: newEmail(), name: 'Bela' });
  const html = await firstHtml(page2, `${brand.origin}/covert/post/verify/${unit.covert.qrId}`);
  expect(html).toMatch(/<h1[^>]*>Product Claimed<\/h1>/);
  expect(html).not.toContain('Product Cliamed');
  await open(page2, `${brand.origin}/covert/post/verify/${unit.covert.qrId}`);
  await expect(h1(page2, 'Product Claimed')).toBeVisible();
  await expect(page2.getByTestId('claim')).toHaveText(/^Claimed on /);
  // the report carries the reference of this scan's evidence report (docs/verification.md, "Risk")
  await expect(page2.getByRole('link', { name: 'Report this product' })).toHaveAttribute('href', new RegExp(`^/report\\?qrId=${unit.covert.qrId}&evidence=sc_[0-9A-Za-z]{16}$`));
  await other.close();
});

test('unknown, blacklisted, deleted, wrong-route and malformed codes are refused clearly', async ({ page }) => {
  const { brand, units } = await brandWithCatalog();
  await operator('blacklist-code', { slug: brand.slug, qrId: units[1]!.overt.qrId });
  await operator('delete-code', { slug: brand.slug, qrId: units[2]!.overt.qrId });
  await signUpByApi(page, brand, { email: newEmail(), name: 'Chen' });

  await open(page, `${brand.origin}/overt/verify/NoSuchCode1234567`);
  await expect(h1(page, 'Fake')).toBeVisible();
  await expect(verdict(page)).toHaveAttribute('data-tone', 'danger');
  await expect(page.getByRole('link', { name: 'Report this product' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scan again' })).toHaveAttribute('href', '/qr-scan');
  await page.screenshot({ path: test.info().outputPath('fake.png'), fullPage: true });

  await open(page, `${brand.origin}/overt/verify/${units[1]!.overt.qrId}`);
  await expect(h1(page, 'Fake')).toBeVisible();
  await open(page, `${brand.origin}/overt/verify/${units[2]!.overt.qrId}`);
  await expect(h1(page, 'Invalid Product')).toBeVisible();
  await open(page, `${brand.origin}/overt/verify/${units[3]!.covert.qrId}`);
  await expect(h1(page, 'Invalid Product')).toBeVisible();
  await expect(page.getByText('Test Serum 30 ml')).toHaveCount(0); // no product details for a refused code

  await open(page, `${brand.origin}/overt/verify/not-a-code!`);
  await expect(h1(page, 'Invalid QR code')).toBeVisible();
  await expect(page.getByText(`This is not a QR code of ${brand.name}.`)).toBeVisible();
  await open(page, `${brand.origin}/invalid-qr`);
  await expect(h1(page, 'Invalid QR code')).toBeVisible();
});

test('expired, batch-level and case codes show what they carry', async ({ page }) => {
  const { brand, expired, batchLevel, cases } = await brandWithCatalog();
  await operator('record-tracking-event', { slug: brand.slug, qrId: cases[0]!.qrId, stage: 'Shipped', place: 'Pune DC', at: '2025-06-01T10:00:00Z' });
  await signUpByApi(page, brand, { email: newEmail(), name: 'Dev' });

  await open(page, `${brand.origin}/overt/verify/${expired.overt.qrId}`);
  await expect(h1(page, 'Expired')).toBeVisible();
  await expect(page.getByText('Expired on 31 Jan 2021.')).toBeVisible();

  await open(page, `${brand.origin}/verify/${batchLevel.qrId}`);
  await expect(h1(page, 'Batch Details Only')).toBeVisible();
  await expect(page.getByTestId('batch-details')).toContainText('LOT-1');
  await expect(page.getByTestId('batch-details')).toContainText('Not Applicable');

  await open(page, `${brand.origin}/tert/verify/${cases[0]!.qrId}`);
  await expect(h1(page, 'Tracking')).toBeVisible();
  await expect(page.getByTestId('journey')).toContainText('Shipped');
  await expect(page.getByTestId('journey')).toContainText('Pune DC');
});

test('a visitor finds a batch by its number, and another brand\'s batch is not found', async ({ page }) => {
  const mine = await brandWithCatalog();
  const theirs = await brandWithCatalog();
  await open(page, `${mine.brand.origin}/verify-by-batchnumber`);
  await page.getByLabel('Batch number').fill(mine.batchNumber.toLowerCase());
  await page.getByRole('button', { name: 'Show batch' }).click();
  await expect(page.getByTestId('batch-details')).toContainText(mine.batchNumber);
  await expect(page.getByRole('heading', { name: 'Test Serum 30 ml' })).toBeVisible();

  await open(page, `${mine.brand.origin}/verify-by-batchnumber?batchNumber=${theirs.batchNumber}`);
  await expect(page.getByRole('heading', { name: 'Batch not found' })).toBeVisible();
  await expect(page.getByTestId('batch-details')).toHaveCount(0);
});

test('the info look-ups show details, expiry and the journey of a typed code', async ({ page }) => {
  const { brand, units, expired } = await brandWithCatalog();
  // recorded on the unit's case: the unit's journey includes it
  await operator('record-tracking-event', { slug: brand.slug, qrId: units[0]!.overt.parentQrId, stage: 'Delivered', place: 'Demo Store' });
  await open(page, `${brand.origin}/info-expiry`);
  await page.getByLabel('QR code or link').fill(expired.overt.url);
  await page.getByRole('button', { name: 'Check expiry' }).click();
  await expect(page.getByRole('heading', { name: 'Expired', exact: true })).toBeVisible();
  await expect(page.getByText('This product expired on 31 Jan 2021.')).toBeVisible();

  await open(page, `${brand.origin}/info-details?qrId=${units[0]!.overt.qrId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Info', exact: true })).toBeVisible();

  await open(page, `${brand.origin}/tracking?qrId=${units[0]!.overt.qrId}`);
  await expect(page.getByTestId('journey')).toContainText('Delivered');

  await open(page, `${brand.origin}/info-tracking?qrId=${encodeURIComponent('https://evil.example/overt/verify/' + units[0]!.overt.qrId)}`);
  await expect(page.getByText(`This is not a code of ${brand.name}.`, { exact: false })).toBeVisible();
  await expect(page.getByTestId('journey')).toHaveCount(0);
});

test('a switched-off module says the service is not offered', async ({ page }) => {
  const { brand, cases } = await brandWithCatalog({ isTrackingEnabled: false, isRedFlaggingEnabled: false });
  await open(page, `${brand.origin}/tracking`);
  await expect(page.getByText(`Tracking is not offered by ${brand.name}.`)).toBeVisible();
  await signUpByApi(page, brand, { email: newEmail(), name: 'Eli' });
  await open(page, `${brand.origin}/report`);
  await expect(page.getByText(`Reporting suspicious products is not offered by ${brand.name}.`)).toBeVisible();
  await open(page, `${brand.origin}/tert/verify/${cases[0]!.qrId}`);
  await expect(h1(page, 'Service not offered')).toBeVisible();
  await expect(page.getByText(`This service is not offered by ${brand.name}.`)).toBeVisible();
});

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('a customer reports a fake product with a photo and its evidence report; a file that is not an image is refused; the brand reads it in the console', async ({ page, browser }) => {
  test.slow(); // a customer, then a support agent's sign-up with an authenticator on the console
  const { brand } = await brandWithCatalog();
  await signUpByApi(page, brand, { email: newEmail(), name: 'Fay' });
  await acceptBanners(page);
  await open(page, `${brand.origin}/overt/verify/NoSuchCode7654321`);
  await page.getByRole('link', { name: 'Report this product' }).click();
  await expect(page).toHaveURL(new RegExp(`^${brand.origin}/report\\?qrId=NoSuchCode7654321&evidence=sc_[0-9A-Za-z]{16}$`));
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expect(page.getByLabel('Code on the product (optional)')).toHaveValue('NoSuchCode7654321');
  await expect(page.getByLabel('What looks wrong?')).toHaveValue(/^Evidence report: sc_[0-9A-Za-z]{16}\n$/);
  const reference = /evidence=(sc_[0-9A-Za-z]{16})$/.exec(page.url())![1]!;

  // The customer writes below the reference, which goes with the report.
  await page.getByLabel('What looks wrong?').press('ControlOrMeta+End');
  await page.getByLabel('What looks wrong?').pressSequentially('Seal broken, code scans as fake.');
  await expect(page.getByLabel('What looks wrong?')).toHaveValue(`Evidence report: ${reference}\nSeal broken, code scans as fake.`);
  await page.getByLabel('Photo (optional)').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text, not an image') });
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('must be a PNG, JPEG or WebP image')).toBeVisible();

  await page.getByLabel('Photo (optional)').setInputFiles({ name: 'pack.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you. Your report and photo were sent.' })).toBeVisible();

  // The brand's support agent finds it beside the red flags, with the evidence report and the photo.
  const staffContext = await browser.newContext();
  try {
    const agent = await staffContext.newPage();
    await signInStaff(agent, { brand: brand.slug, role: 'support' });
    await open(agent, `${CONSOLE_ORIGIN}/${brand.slug}/red-flags`);
    await agent.getByRole('link', { name: 'Customer reports' }).click();
    await expect(h1(agent, 'Customer reports')).toBeVisible();
    const row = agent.getByTestId('report-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('rowheader')).toContainText('NoSuchCode7654321');
    await expect(row.getByRole('rowheader')).toContainText('Not a code of this brand');
    await expect(row).toContainText('Seal broken, code scans as fake.');
    await expect(row.getByRole('cell').nth(1)).toHaveText(reference);
    const photo = row.getByRole('link', { name: /^Photo of report rp_[0-9A-Za-z]{16} \(opens in a new tab\)$/ });
    // Fetched by the agent's own browser, as the link opens it (the console host resolves there).
    const shown = await agent.evaluate(async (href) => {
      const res = await fetch(href);
      return { status: res.status, type: res.headers.get('content-type'), bytes: Array.from(new Uint8Array(await res.arrayBuffer())) };
    }, (await photo.getAttribute('href'))!);
    expect(shown).toEqual({ status: 200, type: 'image/png', bytes: Array.from(PNG) });
  } finally {
    await staffContext.close();
  }
});

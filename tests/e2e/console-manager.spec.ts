import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createBrand, operator, ready } from './support';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';

// A manager's day in the brand console: a product with an image and attributes, a batch, codes
// generated with their progress to done (surviving a reload), the CSV downloaded and checked,
// and a new Terms & Conditions version published after a preview, with no acknowledgements yet.

// A real 1×1 PNG, so the browser can show it.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const UNITS = 3000;

test('a manager creates a product, a batch and its codes, downloads them and publishes new terms', async ({ page }) => {
  test.setTimeout(300_000);
  const brand = await createBrand();
  await signInStaff(page, { brand: brand.slug, role: 'manager' });
  const origin = CONSOLE_ORIGIN;

  // The product, with an attribute and an uploaded image.
  await page.goto(`${origin}/${brand.slug}/catalogue`);
  await ready(page);
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  await ready(page);
  await page.getByLabel('Name', { exact: true }).fill('Face serum');
  await page.getByLabel('Description').fill('A light daily serum.');
  await page.getByLabel('Warranty period (months)').fill('12');
  await page.getByLabel('Attribute 1 name').fill('Volume');
  await page.getByLabel('Attribute 1 value').fill('30 ml');
  await page.getByLabel(/Upload an image/).setInputFiles({ name: 'serum.png', mimeType: 'image/png', buffer: PNG });
  const image = page.getByRole('img', { name: 'Image 1 of Face serum' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  // A file that is not an image by its content is refused on the field.
  await page.getByLabel(/Upload an image/).setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text, not a picture') });
  await expect(page.getByText(/the file's content is not an image/)).toBeVisible();
  await expect(page.getByLabel(/Upload an image/)).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('The product is created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Face serum' })).toBeVisible();

  // A batch of it.
  await page.getByRole('link', { name: 'New batch of Face serum' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New batch' })).toBeVisible();
  await ready(page);
  await page.getByLabel('Batch number').fill('SER-2026-01');
  await page.getByLabel('Manufacturing date').fill('2026-01-15');
  await page.getByLabel('Expiry date').fill('2028-01-15');
  await page.getByLabel('Markets').fill('IN, DE');
  await page.getByRole('button', { name: 'Create batch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Batch SER-2026-01' })).toBeVisible();
  await ready(page);

  // Codes, in the background; a reload finds the run again; the progress reaches done.
  await page.getByLabel('Number of units').fill(String(UNITS));
  await page.getByRole('button', { name: 'Generate codes' }).click();
  await expect(page.locator('[data-run]')).toHaveCount(1);
  await page.reload();
  await ready(page);
  await expect(page.locator('[data-run]')).toHaveCount(1);
  await expect(page.locator('[data-run]')).toHaveAttribute('data-status', 'done', { timeout: 240_000 });
  await expect(page.getByText(`Done: ${(UNITS * 2).toLocaleString('en')} codes written`)).toBeVisible();
  await expect(page.getByTestId('batch-codes')).toHaveText((UNITS * 2).toLocaleString('en'));

  // The CSV: a header and one row per code, all of this batch.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Codes as CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('codes-SER-2026-01.csv');
  const lines = readFileSync((await download.path())!, 'utf8').trim().split('\n');
  expect(lines[0]).toBe('qrId,level,kind,state,batch,unit,authCode,parentQrId,url');
  expect(lines).toHaveLength(1 + UNITS * 2);
  const rows = lines.slice(1).map((l) => l.split(','));
  expect(rows.every((r) => r[4] === 'SER-2026-01')).toBe(true);
  expect(rows.filter((r) => r[2] === 'overt')).toHaveLength(UNITS);
  expect(rows.filter((r) => r[2] === 'covert').every((r) => /^[0-9A-Z-]+$/.test(r[6]!))).toBe(true);

  // New terms: previewed as customers see them, then published; nobody acknowledged them yet.
  await page.goto(`${origin}/${brand.slug}/legal`);
  await ready(page);
  const publish = page.getByRole('form', { name: 'Publish a new version' });
  await publish.getByLabel('Document').selectOption('Terms & Conditions');
  await publish.getByLabel(/^Text/).fill('# Terms of use\n\nUse the product **as directed**.\n\n- Keep it cool\n- Keep it dry');
  await publish.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Preview: Terms & Conditions, version 1' })).toBeVisible();
  const preview = page.getByRole('article', { name: 'Terms & Conditions' });
  await expect(preview.getByRole('heading', { name: 'Terms of use' })).toBeVisible();
  await expect(preview.locator('strong', { hasText: 'as directed' })).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(page.getByText('Terms & Conditions version 1 is published.')).toBeVisible();
  const row = page.getByRole('region', { name: 'Terms & Conditions' }).locator('tr[data-version="1"]');
  await expect(row).toContainText('current');
  await expect(row.locator('td').nth(3)).toHaveText('0');
});

test('an analyst reads the catalogue and legal documents but is offered no changes', async ({ page }) => {
  const brand = await createBrand();
  await operator('create-product', { slug: brand.slug, name: 'Desk lamp', warrantyMonths: 24, attributes: 'Colour=Black' });
  await signInStaff(page, { brand: brand.slug, role: 'analyst' });
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/catalogue`);
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New product' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Desk lamp' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Desk lamp' })).toBeVisible();
  await expect(page.getByText('24 months')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save product' })).toHaveCount(0);
  // The editor's address is refused to a reader.
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/catalogue/products/new`);
  await expect(page.getByRole('button', { name: 'Create product' })).toHaveCount(0);
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/legal`);
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Legal documents' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Publish a new version' })).toHaveCount(0);
});

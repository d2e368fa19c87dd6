import { expect, test } from '@playwright/test';
import { createBrand, operator, ready, tag } from './support';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';

// A manager gives a batch's units their GS1 serials in the console (docs/gs1.md "Serials"): all at
// once from the batch's page (a preview, a confirmation, a refused value said beside its field,
// which takes the keyboard), then one unit's from its code's page, by the keyboard alone. The
// printed GS1 URIs carry the new serials.

const GTIN = '09506000134352';
type Listed = { qrId: string; level: number; gs1Url: string };

test("a manager numbers a batch's serials, then changes one unit's, by the keyboard", async ({ page }) => {
  const brand = await createBrand({ gs1: { enabled: true } });
  const product = await operator('create-product', { slug: brand.slug, name: 'GS1 Serum', gtin: GTIN });
  const batchNumber = `S-${tag().toUpperCase()}`;
  const batch = await operator('create-batch', { slug: brand.slug, product: product.id, batchNumber, mfgDate: '2025-01-15' });
  await operator('generate-codes', { slug: brand.slug, batch: batchNumber, count: 3 });
  await signInStaff(page, { brand: brand.slug, role: 'manager' });

  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/catalogue/batches/${batch.id}`);
  await ready(page);
  await expect(page.getByTestId('batch-serials')).toHaveText("each code's qrId");
  const form = page.getByRole('form', { name: `GS1 serials of batch ${batchNumber}` });
  // a prefix outside GS1's set: refused beside the field, which takes the keyboard
  await form.getByLabel('Prefix').fill('S N');
  await form.getByRole('button', { name: 'Set serials…' }).click();
  const yes = form.getByRole('button', { name: 'Yes, set the serials' });
  await expect(yes).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Prefix')).toBeFocused();
  await expect(form.getByLabel('Prefix')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(/must be 1 to 20 characters of GS1's set/)).toBeVisible();

  await form.getByLabel('Prefix').fill('SN');
  await form.getByLabel('First number').fill('41');
  await form.getByLabel('Digits').fill('4');
  await expect(form.getByText('First: SN0041, last: SN0043 (3 units).')).toBeVisible();
  await form.getByLabel('Digits').press('Enter');
  await expect(form.getByRole('alertdialog')).toContainText(`Give the 3 units of batch ${batchNumber} the serials SN0041 to SN0043, in the printed order?`);
  await expect(yes).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByText('3 serials set: SN0041 to SN0043.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('batch-serials')).toHaveText('SN0041 to SN0043');
  const units = ((await operator('list-codes', { slug: brand.slug, batch: batchNumber })) as Listed[]).filter((c) => c.level === 6);
  expect(units.map((u) => new URL(u.gs1Url).pathname.split('/').pop())).toEqual(['SN0041', 'SN0042', 'SN0043']);

  // one unit's serial, from its code's page
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/codes/${units[1]!.qrId}`);
  await ready(page);
  await expect(page.getByTestId('code-facts')).toContainText('GS1 serial:SN0042');
  const serial = page.getByRole('textbox', { name: 'GS1 serial' });
  await expect(serial).toHaveValue('SN0042');
  await serial.fill('SN0041');
  await serial.press('Enter');
  await expect(serial).toBeFocused();
  await expect(page.getByText(/SN0041 is already used by another unit of this product/)).toBeVisible();
  await serial.fill('SN-RESERVE');
  await serial.press('Enter');
  await expect(page.getByText('Serial saved: SN-RESERVE.')).toBeVisible();
  const after = ((await operator('list-codes', { slug: brand.slug, batch: batchNumber })) as Listed[]).find((c) => c.qrId === units[1]!.qrId)!;
  expect(after.gs1Url).toMatch(/\/21\/SN-RESERVE$/);
});

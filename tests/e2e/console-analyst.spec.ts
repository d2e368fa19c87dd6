import { expect, test, type Page } from '@playwright/test';
import { open, ready } from './support';
import { brandWithCatalog } from './verify-catalog';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';

// The console's overview and codes (docs/console.md, "Overview and codes"): an analyst's day (read-only), and a
// manager who blacklists a code, sees a shopper's scan answer Fake, and undoes it.

const PUNE = '?lat=18.52&lng=73.86';
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test('an analyst reads the overview with filters, the map and its table, finds a code and its timeline, and cannot blacklist', async ({ page, browser }) => {
  const { brand, units } = await brandWithCatalog();
  const code = units[0]!.overt;
  // A shopper checks the code in Pune.
  const shopper = await browser.newContext();
  await open(await shopper.newPage(), `${brand.origin}/info/verify/${code.qrId}${PUNE}`);
  await shopper.close();

  await signInStaff(page, { brand: brand.slug, role: 'analyst' });
  expect(page.url()).toBe(`${CONSOLE_ORIGIN}/${brand.slug}/overview`);
  await expect(h1(page, 'Overview')).toBeVisible();
  await expect(page.locator('[data-total="Scans"]')).toHaveText('1');
  // The map, and the same numbers in a table.
  await expect(page.getByRole('img', { name: 'Map of scans by place' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Map of scans by place' })).toHaveAccessibleDescription(/1 place with scans/);
  const places = page.getByRole('table', { name: /Places \(rounded to about 11 km\)/ });
  await expect(places.getByRole('row')).toHaveCount(2);
  await expect(places.getByRole('row').nth(1)).toHaveText(/18\.5\s*73\.9\s*1\s*0\s*0/);
  const days = page.getByRole('table', { name: /Scans per day by result/ });
  await expect(days.getByRole('row')).toHaveCount(31);

  // Filters: the product keeps the scan, the expired batch has none; a batch of no one is an error at its field.
  await page.getByLabel('Product').selectOption({ label: 'Test Serum 30 ml' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL(/product=/);
  await expect(page.locator('[data-total="Scans"]')).toHaveText('1');
  await page.getByLabel('Batch number').fill('OLD-1');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL(/batch=OLD-1/);
  await expect(page.getByTestId('overview-range')).toContainText('batch OLD-1');
  await expect(page.locator('[data-total="Scans"]')).toHaveText('0');
  await page.getByLabel('Batch number').fill('NO-SUCH-BATCH');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL(/batch=NO-SUCH-BATCH/);
  await expect(page.getByLabel('Batch number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Batch number')).toHaveAccessibleDescription('no such batch of this brand');

  // Codes: find the code by its id, open its timeline.
  await page.getByRole('link', { name: 'Codes', exact: true }).click();
  await page.waitForURL(`${CONSOLE_ORIGIN}/${brand.slug}/codes`);
  await ready(page);
  await page.getByLabel('Code id, authentication code or batch number').fill(code.qrId);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('codes-matched')).toHaveText('The code with this id');
  await page.getByRole('link', { name: code.qrId }).click();
  await page.waitForURL(`${CONSOLE_ORIGIN}/${brand.slug}/codes/${code.qrId}`);
  await expect(h1(page, `Code ${code.qrId}`)).toBeVisible();
  const timeline = page.getByTestId('timeline-table');
  await expect(timeline.getByRole('row')).toHaveCount(2);
  await expect(timeline.getByRole('row').nth(1)).toContainText('Info');
  await expect(timeline.getByRole('row').nth(1)).toContainText('Pune (18.52,73.86)'); // by name, as people know it
  await expect(page.getByTestId('code-state')).toHaveText('Active');
  // Read-only: no actions.
  await expect(page.getByRole('button', { name: 'Blacklist' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0);
});

test('a manager blacklists a code (a shopper\'s scan answers Fake), undoes it (Info again), and deletes it after confirming', async ({ page, browser }) => {
  const { brand, units } = await brandWithCatalog();
  const code = units[1]!.overt;
  await signInStaff(page, { brand: brand.slug, role: 'manager' });
  const shopper = await browser.newContext();
  const shopperPage = await shopper.newPage();
  const verdict = async (label: string) => {
    await open(shopperPage, `${brand.origin}/info/verify/${code.qrId}`);
    await expect(h1(shopperPage, label)).toBeVisible();
  };
  await verdict('Info');

  await open(page, `${CONSOLE_ORIGIN}/${brand.slug}/codes/${code.qrId}`);
  await page.getByRole('button', { name: 'Blacklist' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Blacklisted: scans of this code now answer Fake.' })).toBeVisible();
  await expect(page.getByTestId('code-state')).toHaveText('Blacklisted');
  await verdict('Fake');

  await page.getByRole('button', { name: 'Undo blacklisting' }).click();
  await expect(page.getByTestId('code-state')).toHaveText('Active');
  await verdict('Info');

  // Delete asks first; Cancel (the button or Escape) leaves the code as it is and gives the
  // keyboard back to the step; the keyboard reaches the confirmation.
  await page.getByRole('button', { name: 'Delete code…' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Delete code ${code.qrId}?`);
  await expect(confirm.getByRole('button', { name: 'Yes, delete this code' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Delete code…' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: 'Yes, delete this code' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete code…' })).toBeFocused();
  await expect(page.getByTestId('code-state')).toHaveText('Active');
  await page.getByRole('button', { name: 'Delete code…' }).click();
  await page.getByRole('button', { name: 'Yes, delete this code' }).click();
  await expect(page.getByTestId('code-state')).toHaveText('Deleted');
  await verdict('Invalid Product');
  await shopper.close();
});

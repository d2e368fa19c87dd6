import { expect, test } from '@playwright/test';
import { open, ready } from './support';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';
import { brandWithCatalog } from './verify-catalog';

// What the command line does, an owner does in the console (docs/console.md, "Command line and
// console"): records a tracking event on a code's page, which the customer's tracking page then
// shows, and changes a complaint priority's target time in the brand settings.

test('an owner records a tracking event the customer sees and changes a complaint target time', async ({ page }) => {
  test.setTimeout(180_000);
  const { brand, units } = await brandWithCatalog();
  await signInStaff(page, { brand: brand.slug, role: 'owner' });
  const qrId = units[0]!.overt.qrId;

  // The tracking event, on the code's page; a missing stage is refused at its field.
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/codes/${qrId}`);
  await ready(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Tracking' })).toBeVisible();
  await page.getByLabel('Place').fill('Pune DC');
  await page.getByRole('button', { name: 'Record event' }).click();
  await expect(page.getByLabel('Stage')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Stage').fill('Shipped');
  await page.getByLabel('Time (UTC)').fill('2026-03-01T10:00');
  await page.getByRole('button', { name: 'Record event' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recorded: Shipped, Pune DC at 2026-03-01 10:00 UTC.' })).toBeVisible();
  await expect(page.getByLabel('Stage')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('code-tracking')).toContainText('1 Mar 2026: Shipped, Pune DC');

  // The customer's tracking page shows it.
  await open(page, `${brand.origin}/tracking?qrId=${qrId}`);
  await expect(page.getByTestId('journey')).toContainText('Shipped');
  await expect(page.getByTestId('journey')).toContainText('Pune DC');

  // A complaint target time in the settings: an impossible one is refused at its field, a good one kept.
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/settings`);
  await ready(page);
  const high = page.getByLabel('High (hours)');
  await expect(high).toHaveValue('24');
  await high.fill('0');
  await page.getByRole('button', { name: 'Save banners and complaints' }).click();
  await expect(high).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('must be at least 1 hour')).toBeVisible();
  await high.fill('12');
  await page.getByRole('button', { name: 'Save banners and complaints' }).click();
  await expect(page.getByText('Settings saved. Customers see them now.')).toBeVisible();
  await page.reload();
  await ready(page);
  await expect(page.getByLabel('High (hours)')).toHaveValue('12');

  // The change is in the audit log, by this owner.
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/audit`);
  await ready(page);
  await expect(page.getByRole('cell', { name: 'settings.update', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'code.tracking', exact: true })).toBeVisible();
});

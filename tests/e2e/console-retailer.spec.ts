import { expect, test } from '@playwright/test';
import { createBrand, open, ready } from './support';
import { brandWithCatalog } from './verify-catalog';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';

// Sharing with a Retailer organisation (docs/console.md, "Retailer organisations"): a brand's
// manager assigns a batch to a retailer and shares scans with it from the brand's settings; the
// retailer's analyst signs in to their own organisation and sees, under "Shared with us", the
// scans of that batch only, without who scanned.

test('a manager shares scans with a retailer; the retailer\'s analyst sees the scans of its batch only', async ({ page, browser }) => {
  const { brand, units, expired, batchNumber } = await brandWithCatalog();
  const retailer = await createBrand({ organizationType: 'Retailer' }, 'City Stores');
  // Shoppers check a unit of the batch the retailer sells (in Pune) and one of another batch.
  const shopper = await browser.newContext();
  const shopperPage = await shopper.newPage();
  await open(shopperPage, `${brand.origin}/info/verify/${units[0]!.overt.qrId}?lat=18.52&lng=73.86`);
  await open(shopperPage, `${brand.origin}/info/verify/${expired.overt.qrId}`);
  await shopper.close();

  await signInStaff(page, { brand: brand.slug, role: 'manager' });
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/settings`);
  await ready(page);
  const sharingSection = page.getByRole('region', { name: 'Sharing' });
  await expect(sharingSection.getByText('Nothing is shared with any retailer.')).toBeVisible();
  // A slug that names no organisation is refused at its field.
  await sharingSection.getByLabel("Retailer's slug", { exact: true }).fill('no-such-shop');
  await sharingSection.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(sharingSection.getByLabel("Retailer's slug", { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await sharingSection.getByLabel("Retailer's slug", { exact: true }).fill(retailer.slug);
  await sharingSection.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(sharingSection.getByTestId(`share-${retailer.slug}`)).toContainText('No batches assigned yet');
  await expect(sharingSection.getByTestId(`share-${retailer.slug}`).getByLabel('Share scans')).toBeChecked();
  await expect(sharingSection.getByTestId(`share-${retailer.slug}`).getByLabel('Share complaints')).not.toBeChecked();
  await sharingSection.getByLabel('Batch number').fill(batchNumber);
  await sharingSection.getByLabel("Sold by (retailer's slug)").fill(retailer.slug);
  await sharingSection.getByRole('button', { name: 'Assign batch' }).click();
  await expect(sharingSection.getByText(`Batch ${batchNumber} is sold by ${retailer.slug}.`)).toBeVisible();
  await expect(sharingSection.getByTestId(`share-${retailer.slug}`)).toContainText(`Batches: ${batchNumber}`);

  // The retailer's analyst, in a browser of their own.
  const theirs = await browser.newContext();
  const analyst = await theirs.newPage();
  await signInStaff(analyst, { brand: retailer.slug, role: 'analyst' });
  await analyst.getByRole('link', { name: 'Shared with us' }).click();
  await analyst.waitForURL(`${CONSOLE_ORIGIN}/${retailer.slug}/shared`);
  await expect(analyst.getByRole('heading', { level: 1, name: 'Shared with us' })).toBeVisible();
  const sharing = analyst.getByRole('navigation', { name: 'Sharing brands' });
  await expect(sharing.getByRole('link', { name: 'Scans' })).toHaveAttribute('aria-current', 'page');
  await expect(sharing.getByRole('link', { name: 'Complaints' })).toHaveCount(0);
  const rows = analyst.getByTestId('shared-scans').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(batchNumber);
  await expect(rows.nth(1)).toContainText('18.5, 73.9');
  await expect(analyst.getByTestId('shared-scans')).not.toContainText('OLD-1');
  // Nothing else of the brand opens to them.
  await analyst.goto(`${CONSOLE_ORIGIN}/${brand.slug}/overview`);
  await expect(analyst.getByRole('heading', { name: 'Page not Found!' })).toBeVisible();
  await theirs.close();
});

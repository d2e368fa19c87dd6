import { test, expect } from '@playwright/test';
import { createBrand, open } from './support';
import { publishLegal } from './embed-support';

// /file-preview shows a brand's own documents to anyone, like the policy pages do.

test('a brand document opens in /file-preview, and another brand’s does not', async ({ page }) => {
  const brand = await createBrand();
  const other = await createBrand();
  const doc = await publishLegal(brand.slug, 'Privacy Policy', '# Privacy\n\nWe keep **little** about you.');
  const foreign = await publishLegal(other.slug, 'Privacy Policy', '# Other\n\nNot yours.');

  await open(page, `${brand.origin}/file-preview?documentId=${doc.documentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('We keep little about you.')).toBeVisible();

  await open(page, `${brand.origin}/file-preview?documentId=${foreign.documentId}`);
  await expect(page.getByText('This document was not found.')).toBeVisible();
  await expect(page.getByText('Not yours.')).toHaveCount(0);

  await open(page, `${brand.origin}/file-preview?documentId=..%2F..%2Fetc`);
  await expect(page.getByText('This document was not found.')).toBeVisible();
});

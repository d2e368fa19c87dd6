import { expect, test, type Page } from '@playwright/test';
import { createBrand, open, ready } from './support';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';

// The console's Languages section (docs/languages.md): a manager offers Hindi first and makes it
// the default; a default that is not offered is refused on its field, which takes the keyboard;
// a customer's first visit then follows the brand's new default. The console stays English.

test.use({ viewport: { width: 1366, height: 768 } });

async function firstHeading(page: Page, url: string): Promise<string> {
  const html = await page.evaluate(async (u) => (await fetch(u, { headers: { accept: 'text/html', 'accept-language': 'fr' } })).text(), url);
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '';
}

test('settings: the brand\'s languages are saved; a default it does not offer is refused on its field', async ({ page }) => {
  const brand = await createBrand();
  await signInStaff(page, { brand: brand.slug, role: 'owner' });
  await open(page, `${CONSOLE_ORIGIN}/${brand.slug}/settings`);
  await ready(page);
  const section = page.getByTestId('settings-languages');
  await expect(section.getByRole('heading', { name: 'Languages' })).toBeVisible();

  // Hindi is not offered any more, yet chosen as the default: refused, on the field.
  await section.getByRole('checkbox', { name: /^Hindi/ }).uncheck();
  const select = section.getByRole('combobox', { name: 'Default language' });
  await select.selectOption('hi');
  await section.getByRole('button', { name: 'Save languages' }).click();
  await expect(select).toHaveAttribute('aria-invalid', 'true');
  await expect(select).toBeFocused();
  await expect(select).toBeInViewport();
  await expect(select).toHaveAccessibleDescription('must be one of the offered languages');

  // Offered again, and saved: a visitor whose browser asks for none of them gets Hindi.
  await section.getByRole('checkbox', { name: /^Hindi/ }).check();
  await section.getByRole('button', { name: 'Save languages' }).click();
  await expect(section.getByRole('status')).toHaveText('Settings saved. Customers see them now.');
  await expect(select).not.toHaveAttribute('aria-invalid', 'true');
  await page.goto(`${brand.origin}/terms-of-use`);
  await expect.poll(() => firstHeading(page, `${brand.origin}/login`)).toBe('साइन इन करें');
});

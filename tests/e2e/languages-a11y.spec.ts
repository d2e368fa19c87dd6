import { expect, test, type Page } from '@playwright/test';
import { axe, newEmail, open, signUpByApi } from './support';
import { brandWithCatalog } from './verify-catalog';

// Accessibility in every offered language (docs/languages.md): axe-core finds no violation on the
// verify, sign-in, sign-up, account, home, complaint, scan and rewards screens in English, Hindi,
// Bengali, Marathi, Tamil and Telugu, and the document says which language it is in.

const LANGUAGES = ['en', 'hi', 'bn', 'mr', 'ta', 'te'];

async function inLanguage(page: Page, origin: string, language: string) {
  await page.context().addCookies([{ name: 'bv_lang', value: language, url: origin }]);
}

async function noViolations(page: Page, url: string, language: string, shown?: string) {
  await open(page, url);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // A screen that draws its form after an answer (the contact gate) is checked once it is drawn.
  if (shown) await expect(page.locator(shown).first()).toBeVisible();
  const { violations } = await axe(page).analyze();
  expect(violations.map((v) => `${language} ${url}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('verify and sign-in have no accessibility violation in any language', async ({ page }) => {
  test.setTimeout(180_000);
  const { brand, units } = await brandWithCatalog({ isComplaintManagementEnabled: true });
  for (const language of LANGUAGES) {
    await inLanguage(page, brand.origin, language);
    await noViolations(page, `${brand.origin}/info/verify/${units[0]!.overt.qrId}`, language);
    await noViolations(page, `${brand.origin}/login`, language);
  }
});

test('home and the complaint screens have no accessibility violation in any language', async ({ page }) => {
  test.setTimeout(180_000);
  const { brand } = await brandWithCatalog({ isComplaintManagementEnabled: true });
  await signUpByApi(page, brand, { email: newEmail(), name: 'Meera' });
  for (const language of LANGUAGES) {
    await inLanguage(page, brand.origin, language);
    await noViolations(page, `${brand.origin}/`, language);
    await noViolations(page, `${brand.origin}/complaints`, language);
    await noViolations(page, `${brand.origin}/raise-complaint`, language);
  }
});

test('sign-up, the code screen and the forgotten password have no accessibility violation in any language', async ({ page }) => {
  test.setTimeout(180_000);
  const { brand } = await brandWithCatalog();
  for (const language of LANGUAGES) {
    await inLanguage(page, brand.origin, language);
    await noViolations(page, `${brand.origin}/signup`, language);
    await noViolations(page, `${brand.origin}/otp-verify`, language);
    await noViolations(page, `${brand.origin}/forget-password`, language);
  }
});

test('the profile, change password and account deletion screens have no accessibility violation in any language', async ({ page }) => {
  test.setTimeout(180_000);
  const { brand } = await brandWithCatalog();
  await signUpByApi(page, brand, { email: newEmail(), name: 'Kiran' });
  for (const language of LANGUAGES) {
    await inLanguage(page, brand.origin, language);
    await noViolations(page, `${brand.origin}/edit-profile`, language, 'input[name="userName"]');
    await noViolations(page, `${brand.origin}/reset-password`, language);
    await noViolations(page, `${brand.origin}/delete-account`, language);
  }
});

test('the scan and rewards screens have no accessibility violation in any language', async ({ page }) => {
  test.setTimeout(180_000);
  const { brand } = await brandWithCatalog({ isLoyalityProgramEnabled: true });
  await signUpByApi(page, brand, { email: newEmail(), name: 'Kavya' });
  for (const language of LANGUAGES) {
    await inLanguage(page, brand.origin, language);
    await noViolations(page, `${brand.origin}/qr-scan`, language);
    await noViolations(page, `${brand.origin}/rewards`, language);
    // The rewards list arrives after the first paint: checked once it is there.
    await expect(page.getByTestId('no-rewards')).toBeVisible();
    const { violations } = await axe(page).analyze();
    expect(violations.map((v) => `${language} /rewards (list): ${v.id}`)).toEqual([]);
  }
});

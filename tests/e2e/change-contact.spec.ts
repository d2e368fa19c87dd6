import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { axe, createBrand, formAlert, newEmail, open, otpFor, PASSWORD, ready, signInWithPassword, signOut, signUpByApi } from './support';

// The change of the sign-in contact on a 360×740 touch screen (docs/security.md, "Changing the
// sign-in contact"): from the profile to /change-contact, the code sent to the new address (read
// from the outbox), a wrong one refused on its field, the right one changes the contact; the
// profile shows the new one, the old address is told once, and the customer then signs in with
// the new address only. axe finds nothing on either step of the screen.

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

function delivered(): Array<{ kind: string; channel: string; to: string; body: string }> {
  const file = path.join(process.env.E2E_DATA_DIR!, 'messages.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

test('a customer changes the sign-in e-mail with a code sent to the new one, and then signs in with it', async ({ page }) => {
  test.slow(); // sign-up, two codes, sign-out and sign-in
  const brand = await createBrand();
  const old = newEmail();
  const next = newEmail();
  await signUpByApi(page, brand, { email: old, name: 'Ira' });

  await open(page, `${brand.origin}/edit-profile`);
  await expect(page.getByLabel('E-mail address', { exact: true })).toHaveValue(old);
  await page.getByRole('link', { name: 'Change e-mail or mobile number' }).click();
  await expect(page).toHaveURL(`${brand.origin}/change-contact`);
  await expect(page.getByRole('heading', { level: 1, name: 'Change e-mail or mobile number' })).toBeVisible();
  await expect(page.getByText(`You sign in with ${old}.`)).toBeVisible();
  await ready(page);
  expect((await axe(page).analyze()).violations).toEqual([]);

  // The current address is refused on its field; the new one gets a code.
  const field = page.getByLabel('New e-mail address');
  await field.fill(old);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('You already sign in with this. Enter a different one.');
  await field.fill(next);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status').filter({ hasText: /We sent a code to u\*+@example\.com/ })).toBeVisible();
  const code = await otpFor(next, 'CHANGE-CONTACT', since);
  expect((await axe(page).analyze()).violations).toEqual([]);

  // A wrong code is refused on the code field, and changes nothing.
  const codeField = page.getByLabel('Code');
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(codeField).toHaveAccessibleDescription('Incorrect code. Please check it and try again.');
  await expect(formAlert(page)).toHaveCount(0);

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(`${brand.origin}/edit-profile?contact=changed`);
  await expect(page.getByRole('status').filter({ hasText: `You now sign in with ${next}. Your other devices were signed out.` })).toBeVisible();
  await expect(page.getByLabel('E-mail address', { exact: true })).toHaveValue(next);
  // Still signed in (the new session's token): the profile loads again after a reload.
  await page.reload();
  await expect(page.getByLabel('E-mail address', { exact: true })).toHaveValue(next);

  // The old address is told, once, through the outbox; the new one is not.
  await expect.poll(() => delivered().filter((m) => m.kind === 'contact-changed' && m.to === old).length, { timeout: 30_000 }).toBe(1);
  expect(delivered().filter((m) => m.kind === 'contact-changed' && m.to === next)).toEqual([]);

  // The new address signs in; the old one no longer does.
  await signOut(page, brand);
  await signInWithPassword(page, brand, old, PASSWORD);
  await expect(formAlert(page)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await signInWithPassword(page, brand, next, PASSWORD);
  await expect(page).toHaveURL(`${brand.origin}/`);
  await open(page, `${brand.origin}/edit-profile`);
  await expect(page.getByLabel('E-mail address', { exact: true })).toHaveValue(next);
});

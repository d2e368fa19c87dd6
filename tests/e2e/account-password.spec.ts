import { expect, test } from '@playwright/test';
import { PASSWORD, createBrand, formAlert, newEmail, open, otpFor, signInWithPassword, signOut, signUpWithPassword } from './support';

// Password accounts on a brand with e-mail sign-in and user names (the defaults).

test('a customer signs up, signs out, signs in again and edits the profile', async ({ page }) => {
  const brand = await createBrand();
  const email = newEmail();
  await signUpWithPassword(page, brand, { email, name: 'Asha' });
  await expect(page.getByRole('heading', { name: 'Hello, Asha' })).toBeVisible();

  await signOut(page, brand);
  await signInWithPassword(page, brand, email);
  await expect(page).toHaveURL(`${brand.origin}/`);

  await open(page, `${brand.origin}/edit-profile`);
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('readonly', '');
  await page.getByLabel('Name', { exact: true }).fill('Asha Rao');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('Male', { exact: true }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile was saved.' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Pune');
  await expect(page.getByLabel('Male', { exact: true })).toBeChecked();
  await open(page, `${brand.origin}/`);
  await expect(page.getByRole('heading', { name: 'Hello, Asha Rao' })).toBeVisible();
});

test('a wrong password is refused with an announced error and the form keeps focus on it', async ({ page }) => {
  const brand = await createBrand();
  const email = newEmail();
  await signUpWithPassword(page, brand, { email, name: 'Ben' });
  await signOut(page, brand);
  await signInWithPassword(page, brand, email, 'not the password');
  await expect(formAlert(page)).toBeVisible();
  await expect(formAlert(page)).toBeFocused();
  await expect(page).toHaveURL(/\/login$/);
});

test('empty fields are named and focus moves to the first one', async ({ page }) => {
  const brand = await createBrand();
  await open(page, `${brand.origin}/login`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your e-mail address')).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toBeFocused();
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
});

test('a forgotten password is reset with an e-mailed code, then the new one signs in', async ({ page }) => {
  const brand = await createBrand();
  const email = newEmail();
  await signUpWithPassword(page, brand, { email, name: 'Chen' });
  await signOut(page, brand);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await otpFor(email, 'FORGOT PASSWORD', since);
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('New password').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(`${brand.origin}/login?reset=1`);
  await expect(page.getByRole('status').filter({ hasText: 'Your password was reset' })).toBeVisible();
  await signInWithPassword(page, brand, email, PASSWORD);
  await expect(formAlert(page)).toBeVisible();
  await signInWithPassword(page, brand, email, 'a brand new passphrase');
  await expect(page).toHaveURL(`${brand.origin}/`);
});

test('a signed-in customer changes the password and the old one stops working', async ({ page }) => {
  const brand = await createBrand();
  const email = newEmail();
  await signUpWithPassword(page, brand, { email, name: 'Dev' });
  await open(page, `${brand.origin}/reset-password`);
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill('changed passphrase 2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password was changed' })).toBeVisible();

  await open(page, `${brand.origin}/`);
  await signOut(page, brand);
  await signInWithPassword(page, brand, email, PASSWORD);
  await expect(formAlert(page)).toBeVisible();
  await signInWithPassword(page, brand, email, 'changed passphrase 2');
  await expect(page).toHaveURL(`${brand.origin}/`);
});

test('deleting the account signs the customer out for good', async ({ page }) => {
  const brand = await createBrand();
  const email = newEmail();
  await signUpWithPassword(page, brand, { email, name: 'Eve' });
  await open(page, `${brand.origin}/delete-account`);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Type DELETE in capital letters to confirm')).toBeVisible();
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  await page.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(`${brand.origin}/login?deleted=1`);
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  await open(page, `${brand.origin}/`);
  await expect(page).toHaveURL(/\/login\?from=%2F/);
  await signInWithPassword(page, brand, email);
  await expect(formAlert(page)).toBeVisible();
});

test('without user-name intake, sign-up asks no name and the home greets without one', async ({ page }) => {
  const brand = await createBrand({ otpServices: { is_UserName_Intake_Enabled: false } });
  await open(page, `${brand.origin}/signup`);
  await expect(page.getByLabel('Your name')).toHaveCount(0);
  await signUpWithPassword(page, brand, { email: newEmail() });
  await expect(page.getByRole('heading', { name: 'Hello', exact: true })).toBeVisible();
});

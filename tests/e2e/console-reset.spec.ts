import { expect, test } from '@playwright/test';
import { createBrand, formAlert, ready } from './support';
import { CONSOLE_ORIGIN, consoleLinkFor, signInAgain, signInStaff } from './console-support';

// A staff member who forgot their password (docs/console.md, "Signing in"): a link by e-mail, a
// new password, the old one refused, and a sign-in with the new one and the authenticator's code.

test('a staff member resets their password from the sign-in screen and signs in with the new one', async ({ page, browser }) => {
  const brand = await createBrand({}, 'Reset Brand');
  const staff = await signInStaff(page, { brand: brand.slug, role: 'manager' });

  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto(`${CONSOLE_ORIGIN}/sign-in`);
  await ready(visitor);
  await visitor.getByRole('link', { name: 'Forgot your password?' }).click();
  await visitor.waitForURL(`${CONSOLE_ORIGIN}/reset`);
  await ready(visitor);
  await visitor.getByLabel('E-mail').fill(staff.email);
  await visitor.getByRole('button', { name: 'Send me a link' }).click();
  await expect(visitor.getByRole('status')).toContainText('If that address belongs to a console account');

  await visitor.goto(await consoleLinkFor(staff.email, 'reset'));
  await ready(visitor);
  // A weak password is refused at its field.
  await visitor.getByLabel('New password').fill('password');
  await visitor.getByRole('button', { name: 'Set password' }).click();
  await expect(visitor.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
  await expect(visitor.getByLabel('New password')).toBeFocused();
  await visitor.getByLabel('New password').fill('a brand new staff passphrase');
  await visitor.getByRole('button', { name: 'Set password' }).click();
  await expect(visitor.getByRole('status')).toContainText('Your password is changed');
  await other.close();

  // The reset ended the session the staff member had.
  await page.goto(`${CONSOLE_ORIGIN}/`);
  await page.waitForURL(/\/sign-in/);
  await ready(page);
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(formAlert(page)).toHaveText('Incorrect e-mail or password.');

  staff.password = 'a brand new staff passphrase';
  await signInAgain(page, staff);
  await expect(page.getByRole('link', { name: 'Reset Brand' })).toBeVisible();
});

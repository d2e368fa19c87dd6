import { expect, test } from '@playwright/test';
import { createBrand, newEmail, open, otpFor, signUpWithPassword } from './support';

// An account made by password sign-up without a code is unverified (docs/security.md, "Accounts"):
// verify and scan work, while profile, UPI and rewards ask for the code sent to the contact, and
// the contact's owner who signs in with a code takes the account over.

test('an unverified customer is asked to confirm the contact on rewards, UPI and profile, and then uses them', async ({ page }) => {
  const brand = await createBrand({ flags: { isLoyalityProgramEnabled: true } });
  const email = newEmail();
  await signUpWithPassword(page, brand, { email, name: 'Ira', verify: false });
  await expect(page.getByRole('heading', { name: 'Hello, Ira' })).toBeVisible();

  for (const [path, words] of [['/rewards', 'To see your rewards'], ['/upi-details', 'To see or change your UPI id'], ['/edit-profile', 'To see or change your profile']] as const) {
    await open(page, `${brand.origin}${path}`);
    const gate = page.getByTestId('verify-contact');
    await expect(gate.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
    await expect(gate).toContainText(words);
    await expect(gate).toContainText(/u\*+@example\.com/);
    await expect(page.locator('main [role="alert"]')).toHaveCount(0); // the screen works: no error
  }

  // On /edit-profile: send the code, a wrong one is refused, the right one opens the form.
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status').filter({ hasText: /We sent a code to u\*+@example\.com/ })).toBeVisible();
  const code = await otpFor(email, 'VERIFY', since);
  await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Code')).toHaveAccessibleDescription('Incorrect code. Please check it and try again.');
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('verify-contact')).toHaveCount(0);
  await expect(page.getByLabel('E-mail address', { exact: true })).toHaveValue(email);

  await open(page, `${brand.origin}/upi-details`);
  await expect(page.getByLabel('UPI id')).toBeVisible();
  await open(page, `${brand.origin}/rewards`);
  await expect(page.getByTestId('verify-contact')).toHaveCount(0);
});

test('the contact owner who signs in with a code ends the session of whoever registered the contact', async ({ browser }) => {
  const brand = await createBrand({ otpServices: { isOtpServiceEnabled: true, isLoginOtpEnabled: true }, flags: { isLoyalityProgramEnabled: true } });
  const victim = newEmail();
  const squatter = await browser.newPage();
  await signUpWithPassword(squatter, brand, { email: victim, name: 'Squatter', verify: false });

  const owner = await browser.newContext().then((c) => c.newPage());
  await open(owner, `${brand.origin}/login`);
  await owner.getByRole('button', { name: 'Sign in with a one-time code instead' }).click();
  await owner.getByLabel('E-mail address').fill(victim);
  const since = Date.now();
  await owner.getByRole('button', { name: 'Send code' }).click();
  await owner.getByLabel('Code').fill(await otpFor(victim, 'LOGIN', since));
  await owner.getByRole('button', { name: 'Verify' }).click();
  await expect(owner).toHaveURL(`${brand.origin}/`);
  await open(owner, `${brand.origin}/upi-details`);
  await expect(owner.getByLabel('UPI id')).toBeVisible();

  await open(squatter, `${brand.origin}/upi-details`);
  await expect(squatter).toHaveURL(/\/login\?/);
  await expect(squatter.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await owner.context().close();
  await squatter.close();
});

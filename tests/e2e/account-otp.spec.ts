import { expect, test } from '@playwright/test';
import { createBrand, newEmail, newMobile, open, otpFor, signOut, signUpWithPassword } from './support';

// One-time-code flows, in the combinations a brand's otpServices allow.

test('a customer signs in with a code sent by e-mail', async ({ page }) => {
  const brand = await createBrand({ otpServices: { isOtpServiceEnabled: true, isLoginOtpEnabled: true } });
  const email = newEmail();
  await signUpWithPassword(page, brand, { email, name: 'Farah' });
  await signOut(page, brand);

  await page.getByRole('button', { name: 'Sign in with a one-time code instead' }).click();
  await page.getByLabel('E-mail address').fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(`${brand.origin}/otp-verify`);
  await expect(page.getByText(/We sent a 6-digit code to u\*+@example\.com/)).toBeVisible();
  await expect(page.getByText(/You can ask for a new code in \d+ s/)).toBeVisible();
  await page.getByLabel('Code').fill(await otpFor(email, 'LOGIN', since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${brand.origin}/`);
  await expect(page.getByRole('heading', { name: 'Hello, Farah' })).toBeVisible();
});

test('a wrong code is refused and announced', async ({ page }) => {
  const brand = await createBrand({ otpServices: { isOtpServiceEnabled: true, isLoginOtpEnabled: true } });
  const email = newEmail();
  await signUpWithPassword(page, brand, { email, name: 'Gita' });
  await signOut(page, brand);
  await page.getByRole('button', { name: 'Sign in with a one-time code instead' }).click();
  await page.getByLabel('E-mail address').fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await otpFor(email, 'LOGIN', since);
  await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  // The answer names the code as its field: the message is tied to the Code field, which gets focus.
  const codeField = page.getByLabel('Code');
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveAccessibleDescription('Incorrect code. Please check it and try again.');
  await expect(codeField).toBeFocused();
  await expect(page).toHaveURL(`${brand.origin}/otp-verify`);
});

test('sign-up by mobile number confirms the number with a code when the brand requires it', async ({ page }) => {
  const brand = await createBrand({
    otpServices: { isMobileNoServiceEnabled: true, isEmailServiceEnabled: false, isRegistartionOtpEnabled: true, isOtpServiceEnabled: true, isLoginOtpEnabled: true },
  });
  const mobile = newMobile();
  await open(page, `${brand.origin}/signup`);
  await expect(page.getByLabel('E-mail address')).toHaveCount(0);
  await page.getByLabel('Your name').fill('Hari');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByLabel('Password').fill('mobile passphrase 1');
  let since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(`${brand.origin}/otp-verify`);
  await page.getByLabel('Code').fill(await otpFor(mobile, 'SIGNUP', since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Hari' })).toBeVisible();

  // and signs in again with a code sent to the mobile number
  await signOut(page, brand);
  await page.getByRole('button', { name: 'Sign in with a one-time code instead' }).click();
  await page.getByLabel('Mobile number').fill(mobile);
  since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await otpFor(mobile, 'LOGIN', since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Hari' })).toBeVisible();
});

test('the no-password flow signs a new customer up with a code, then asks the name', async ({ page }) => {
  const brand = await createBrand({ otpServices: { is_No_Password_Flow_Enabled: true } });
  const email = newEmail();
  await open(page, `${brand.origin}/login`);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveCount(0);
  await page.getByLabel('E-mail address').fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await otpFor(email, 'SIGNUP OR LOGIN', since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your account is ready')).toBeVisible();
  await page.getByLabel('Your name').fill('Isha');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Isha' })).toBeVisible();

});

test('the no-password flow signs up on /signup with name and code, and later signs straight in', async ({ page }) => {
  const brand = await createBrand({ otpServices: { is_No_Password_Flow_Enabled: true } });
  const email = newEmail();
  await open(page, `${brand.origin}/signup`);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.getByLabel('Your name').fill('Jaya');
  await page.getByLabel('E-mail address').fill(email);
  let since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await otpFor(email, 'SIGNUP', since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Jaya' })).toBeVisible();

  await signOut(page, brand);
  await page.getByLabel('E-mail address').fill(email);
  since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await otpFor(email, 'SIGNUP OR LOGIN', since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Jaya' })).toBeVisible();
});

test('the no-password flow without name intake goes straight in', async ({ page }) => {
  const brand = await createBrand({ otpServices: { is_No_Password_Flow_Enabled: true, is_UserName_Intake_Enabled: false } });
  const email = newEmail();
  await open(page, `${brand.origin}/login`);
  await page.getByLabel('E-mail address').fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await otpFor(email, 'SIGNUP OR LOGIN', since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${brand.origin}/`);
  await expect(page.getByRole('heading', { name: 'Hello', exact: true })).toBeVisible();
});

test('/otp-verify without a flow in progress says so', async ({ page }) => {
  const brand = await createBrand();
  await open(page, `${brand.origin}/otp-verify`);
  await expect(page.getByText('There is no code waiting to be entered.')).toBeVisible();
});

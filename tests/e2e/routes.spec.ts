import { expect, test } from '@playwright/test';
import { createBrand, newEmail, open, signInWithPassword, signUpByApi } from './support';

// Route classes (spec section 2) and the remembered return path.

test('a signed-in-only route sends a visitor to /login and, after sign-in, back to it', async ({ page }) => {
  const brand = await createBrand();
  const email = newEmail();
  await signUpByApi(page, brand, { email, name: 'Jai', signIn: false });

  await open(page, `${brand.origin}/edit-profile?tab=address`);
  await expect(page).toHaveURL(`${brand.origin}/login?from=%2Fedit-profile%3Ftab%3Daddress`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${brand.origin}/edit-profile?tab=address`);
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
});

for (const from of ['//evil.example', 'https://evil.example', '/\\evil.example', '%2F%2Fevil.example', '/%5Cevil.example', 'javascript:alert(1)']) {
  test(`sign-in with from=${from} lands on '/'`, async ({ page }) => {
    const brand = await createBrand();
    const email = newEmail();
    await signUpByApi(page, brand, { email, name: 'Kai', signIn: false });
    await signInWithPassword(page, brand, email, undefined, `/login?from=${encodeURIComponent(from)}`);
    await expect(page).toHaveURL(`${brand.origin}/`);
  });
}

test('a public-only route sends a signed-in customer to /', async ({ page }) => {
  const brand = await createBrand();
  await signUpByApi(page, brand, { email: newEmail(), name: 'Lea' });
  for (const path of ['/login', '/signup', '/forget-password', '/otp-verify']) {
    await open(page, `${brand.origin}${path}`);
    await expect(page).toHaveURL(`${brand.origin}/`);
  }
});

test('anonymous routes show to visitors and to customers', async ({ page }) => {
  const brand = await createBrand();
  await open(page, `${brand.origin}/terms-of-use`);
  await expect(page.getByRole('heading', { name: 'Terms of use' })).toBeVisible();
  await signUpByApi(page, brand, { email: newEmail(), name: 'Mo' });
  await open(page, `${brand.origin}/privacy-policy`);
  await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('an unknown path shows Page not Found!', async ({ page }) => {
  const brand = await createBrand();
  const res = await page.goto(`${brand.origin}/no/such/screen`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not Found!' })).toBeVisible();
});

test('pages carry a nonce-based Content-Security-Policy and the app still runs', async ({ page }) => {
  const brand = await createBrand();
  const res = await page.goto(`${brand.origin}/login`);
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'self'");
  // hydrated: client-side validation answers
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your e-mail address')).toBeVisible();
});

test('every signed-in screen exists under its route class', async ({ page }) => {
  const brand = await createBrand({ flags: { isWarrantyEnabled: true, isLoyalityProgramEnabled: true, isComplaintManagementEnabled: true, isTrackingEnabled: true } });
  await signUpByApi(page, brand, { email: newEmail(), name: 'Nia' });
  const screens: Array<[string, string]> = [
    ['/warranty', 'Warranty'], ['/rewards', 'Rewards'], ['/my-products', 'My products'], ['/my-product-details', 'Product details'],
    ['/my-product-tracking', 'Product tracking'], ['/my-product-expiry-check', 'Expiry check'], ['/feedback', 'Feedback'],
    ['/upi-details', 'UPI details'], ['/transaction-history', 'Transaction history'], ['/raise-complaint', 'Raise a complaint'],
    ['/complaints', 'Complaints'], ['/complaints/TCK-1', 'Complaint TCK-1'], ['/reset-password', 'Change password'],
  ];
  for (const [path, heading] of screens) {
    await open(page, `${brand.origin}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('a customer saves a UPI id on /upi-details and a wrong one is refused', async ({ page }) => {
  const brand = await createBrand({ flags: { isLoyalityProgramEnabled: true } });
  await signUpByApi(page, brand, { email: newEmail(), name: 'Om' });
  await open(page, `${brand.origin}/upi-details`);
  await page.getByLabel('UPI id').fill('not a upi');
  await page.getByRole('button', { name: 'Save UPI id' }).click();
  await expect(page.getByLabel('UPI id')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('UPI id').fill('om@okbank');
  await page.getByRole('button', { name: 'Save UPI id' }).click();
  await expect(page.getByText('Your UPI id was saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('UPI id')).toHaveValue('om@okbank');
});

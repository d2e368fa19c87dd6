import { expect, test } from '@playwright/test';
import { createBrand, ready } from './support';
import { CONSOLE_ORIGIN, keepRecoveryCodes, nextCode, signInStaff, type E2EStaff } from './console-support';

// An owner's controls over a member and the member's recovery codes (issue 28; docs/console.md
// "Staff" and "Second factor"): the owner disables a member (their open session is refused at
// once, their sign-in says why), enables them again, resets their second factor (they set up an
// authenticator again and get new recovery codes); the member signs in with a recovery code once,
// and the same code is refused the second time, then makes a new set. Each of these changes is
// asked on the console's confirm step (never the browser's dialog): its question says what
// follows, focus on its Yes; Cancel sends nothing (the server's state after a reload says so) and
// gives focus back to the button that asked.

test.setTimeout(180_000);

/** From /sign-in to the second-factor step with e-mail and password. */
async function password(page: import('@playwright/test').Page, who: E2EStaff) {
  await page.goto(`${CONSOLE_ORIGIN}/sign-in`);
  await ready(page);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an owner disables and resets a member; the member signs in with a recovery code once', async ({ page, browser }) => {
  const brand = await createBrand({}, 'Controlled Brand');
  await signInStaff(page, { brand: brand.slug, role: 'owner' });

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await signInStaff(memberPage, { brand: brand.slug, role: 'support' });
  await memberPage.goto(`${CONSOLE_ORIGIN}/recovery-codes`);
  await ready(memberPage);
  await expect(memberPage.getByTestId('recovery-codes-left')).toHaveText('10 of 10 recovery codes are unused.');

  // The owner disables the member: the member's very next page is the sign-in, whose answer says why.
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/staff`);
  await ready(page);
  // First asked and cancelled: nothing is sent, the member stays active on the server.
  const disable = page.getByRole('button', { name: `Disable ${member.email}…` });
  await disable.click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Disable ${member.email} at this brand? Everything of this brand is closed to them at once;`);
  await expect(confirm.getByRole('button', { name: 'Yes, disable them' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(disable).toBeFocused();
  await page.reload();
  await ready(page);
  await expect(page.getByTestId(`state-${member.email}`)).toContainText('Active');
  await memberPage.reload();
  await ready(memberPage);
  await expect(memberPage.getByTestId('recovery-codes-left')).toHaveText('10 of 10 recovery codes are unused.');
  // Then confirmed.
  await disable.click();
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/disable') && r.status() === 200),
    confirm.getByRole('button', { name: 'Yes, disable them' }).click(),
  ]);
  await expect(page.getByTestId(`state-${member.email}`)).toContainText('Disabled since');
  await memberPage.goto(`${CONSOLE_ORIGIN}/${brand.slug}/overview`);
  await memberPage.waitForURL(/\/sign-in\?from=/);
  await password(memberPage, member);
  await expect(memberPage.getByRole('alert').filter({ hasText: 'Your console access has been disabled.' })).toBeVisible();

  // Enabled again; then the owner resets the member's second factor.
  // By keyboard: Enter opens the question, Escape cancels it, nothing is sent.
  const enable = page.getByRole('button', { name: `Enable ${member.email}…` });
  await enable.focus();
  await page.keyboard.press('Enter');
  await expect(confirm).toContainText(`Enable ${member.email} again at this brand? They can sign in and work here with their role.`);
  await expect(confirm.getByRole('button', { name: 'Yes, enable them' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(enable).toBeFocused();
  await page.reload();
  await ready(page);
  await expect(page.getByTestId(`state-${member.email}`)).toContainText('Disabled since');
  await enable.focus();
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: 'Yes, enable them' })).toBeFocused();
  await Promise.all([page.waitForResponse((r) => r.url().endsWith('/enable') && r.status() === 200), page.keyboard.press('Enter')]);
  await expect(page.getByTestId(`state-${member.email}`)).toContainText('Active');

  const reset = page.getByRole('button', { name: `Reset the second factor of ${member.email}…` });
  await reset.click();
  await expect(confirm).toContainText(`Reset the second factor of ${member.email}? Their authenticator app and recovery codes stop working and every session of theirs ends;`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(reset).toBeFocused();
  await page.reload();
  await ready(page);
  await expect(page.getByTestId(`state-${member.email}`)).toContainText('Authenticator set up');
  await reset.click();
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/second-factor/reset') && r.status() === 200),
    confirm.getByRole('button', { name: 'Yes, reset their second factor' }).click(),
  ]);
  await expect(page.getByTestId(`state-${member.email}`)).toContainText('No authenticator yet');

  // The member sets up an authenticator again, with a new set of recovery codes.
  await password(memberPage, member);
  await memberPage.waitForURL(/\/enrol/);
  await ready(memberPage);
  member.secret = ((await memberPage.getByTestId('totp-secret').textContent({ timeout: 15_000 })) ?? '').replace(/\s+/g, '');
  member.lastStep = 0;
  await memberPage.getByLabel('6-digit code').fill(await nextCode(member));
  await memberPage.getByRole('button', { name: 'Confirm and continue' }).click();
  const codes = await keepRecoveryCodes(memberPage);
  expect(codes.filter((c) => member.recoveryCodes.includes(c))).toEqual([]);
  await memberPage.waitForURL(`${CONSOLE_ORIGIN}/`);

  // Signed out, the member signs in with a recovery code instead of the app's code, by keyboard.
  await memberPage.getByRole('button', { name: 'Sign out' }).click();
  await memberPage.waitForURL(/\/sign-in/);
  await password(memberPage, member);
  await memberPage.waitForURL(/\/second-factor/);
  await ready(memberPage);
  await memberPage.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(memberPage.getByLabel('Recovery code')).toBeFocused();
  await memberPage.keyboard.type(codes[0]!);
  await memberPage.keyboard.press('Enter');
  await memberPage.waitForURL(`${CONSOLE_ORIGIN}/`);
  await memberPage.goto(`${CONSOLE_ORIGIN}/recovery-codes`);
  await ready(memberPage);
  await expect(memberPage.getByTestId('recovery-codes-left')).toHaveText('9 of 10 recovery codes are unused.');

  // The same code the second time: refused, said beside the field.
  await memberPage.getByRole('button', { name: 'Sign out' }).click();
  await memberPage.waitForURL(/\/sign-in/);
  await password(memberPage, member);
  await memberPage.waitForURL(/\/second-factor/);
  await ready(memberPage);
  await memberPage.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await memberPage.getByLabel('Recovery code').fill(codes[0]!);
  await memberPage.getByRole('button', { name: 'Continue' }).click();
  await expect(memberPage.getByText('That recovery code is not right, or it was already used.')).toBeVisible();
  await expect(memberPage.getByLabel('Recovery code')).toBeFocused();
  expect(memberPage.url()).toContain('/second-factor');

  // Signed in with the app, the member makes a new set of codes: asked first (how many unused
  // codes stop working); Cancel keeps the old set, Yes shows the new one once.
  await memberPage.getByRole('button', { name: 'Use the code from your authenticator app' }).click();
  await memberPage.getByLabel('6-digit code').fill(await nextCode(member));
  await memberPage.getByRole('button', { name: 'Continue' }).click();
  await memberPage.waitForURL(`${CONSOLE_ORIGIN}/`);
  await memberPage.goto(`${CONSOLE_ORIGIN}/recovery-codes`);
  await ready(memberPage);
  const makeNew = memberPage.getByRole('button', { name: 'Make new recovery codes…' });
  await makeNew.click();
  const ask = memberPage.getByRole('alertdialog');
  await expect(ask).toHaveText(/Make ten new recovery codes\? Your 9 unused codes stop working at once\./);
  await expect(ask.getByRole('button', { name: 'Yes, make new codes' })).toBeFocused();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(makeNew).toBeFocused();
  await memberPage.reload();
  await ready(memberPage);
  await expect(memberPage.getByTestId('recovery-codes-left')).toHaveText('9 of 10 recovery codes are unused.');
  await makeNew.click();
  await Promise.all([
    memberPage.waitForResponse((r) => r.url().endsWith('/console/recovery-codes') && r.request().method() === 'POST' && r.status() === 201),
    ask.getByRole('button', { name: 'Yes, make new codes' }).click(),
  ]);
  await expect(memberPage.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  const newSet = await memberPage.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
  expect(newSet).toHaveLength(10);
  expect(newSet.filter((c) => codes.includes(c))).toEqual([]);
  await expect(memberPage.getByTestId('recovery-codes-left')).toHaveText('10 of 10 recovery codes are unused.');

  // Everything is in the brand's audit log.
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/audit`);
  await ready(page);
  for (const action of ['staff.disable', 'staff.enable', 'staff.totp.reset']) await expect(page.getByRole('row').filter({ hasText: action })).toHaveCount(1);
  await memberContext.close();
});

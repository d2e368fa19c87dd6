import { expect, test } from '@playwright/test';
import { createBrand, ready, tag } from './support';
import { acceptAndEnrol, CONSOLE_ORIGIN, consoleLinkFor, joinThroughScreens, nextCode, signInStaff } from './console-support';

// The console on its own host (docs/console.md): an owner's day.

test('the first owner joins from the command line, enrols an authenticator, and signs in again by keyboard alone', async ({ page }) => {
  const brand = await createBrand({}, 'Owner Brand');
  const owner = await joinThroughScreens(page, { brand: brand.slug, role: 'owner' });
  expect(page.url()).toBe(`${CONSOLE_ORIGIN}/${brand.slug}/overview`);

  await page.goto(`${CONSOLE_ORIGIN}/`);
  await ready(page);
  await expect(page.getByRole('heading', { name: 'Your brands' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Owner Brand' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Owner Brand Manufacturer owner/ })).toBeVisible();
  // Filtered by organisation type with a plain GET form.
  await page.getByLabel('Organisation type').selectOption('Retailer');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(`${CONSOLE_ORIGIN}/?type=Retailer`);
  await expect(page.getByRole('status')).toHaveText('None of your brands is a Retailer.');
  await page.getByLabel('Organisation type').selectOption('Manufacturer');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(`${CONSOLE_ORIGIN}/?type=Manufacturer`);
  await expect(page.getByRole('link', { name: 'Owner Brand' })).toBeVisible();

  // Signing out ends the session: the brand list asks for a sign-in again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${CONSOLE_ORIGIN}/sign-in`);
  await page.goto(`${CONSOLE_ORIGIN}/`);
  await page.waitForURL(/\/sign-in\?from=%2F$/);
  await ready(page);

  // Keyboard only: e-mail, password, Enter; then the code, Enter.
  await page.getByLabel('E-mail').focus();
  await page.keyboard.type(owner.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(owner.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/second-factor/);
  await ready(page);
  // The only field of the step has the keyboard already.
  await expect(page.getByLabel('6-digit code')).toBeFocused();
  await page.keyboard.type(await nextCode(owner));
  await page.keyboard.press('Enter');
  await page.waitForURL(`${CONSOLE_ORIGIN}/`);
  await expect(page.getByRole('link', { name: 'Owner Brand' })).toBeVisible();
});

test('an owner invites a support agent, changes their role, ends their session, and reads it all in the audit log', async ({ page, browser }) => {
  const brand = await createBrand({}, 'Staffed Brand');
  const owner = await signInStaff(page, { brand: brand.slug, role: 'owner' });
  const agentEmail = `agent-${tag()}@example.com`;

  // Invite the agent from the staff screen.
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/staff`);
  await ready(page);
  await expect(page.getByRole('heading', { name: 'Staff of Staffed Brand' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(agentEmail);
  await page.getByLabel('Role', { exact: true }).selectOption('support');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toContainText(`Invitation sent to ${agentEmail} as support.`);
  await expect(page.getByText(`${agentEmail} as support, sent`)).toBeVisible();

  // The agent accepts from the e-mail's link in their own browser, and enrols.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  const link = await consoleLinkFor(agentEmail, 'invitation');
  await acceptAndEnrol(agentPage, link, { email: agentEmail, brand: brand.slug, role: 'support', name: 'Sam Agent' });
  await agentPage.goto(`${CONSOLE_ORIGIN}/`);
  await ready(agentPage);
  await expect(agentPage.getByRole('row', { name: /Staffed Brand Manufacturer support/ })).toBeVisible();
  // The staff screen is the owner's only.
  await agentPage.goto(`${CONSOLE_ORIGIN}/${brand.slug}/staff`);
  await agentPage.waitForURL(`${CONSOLE_ORIGIN}/${brand.slug}/forbidden`);
  await expect(agentPage.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
  await agentPage.goto(`${CONSOLE_ORIGIN}/`);
  await ready(agentPage);

  // The owner changes the agent's role.
  await page.reload();
  await ready(page);
  const agentRow = page.getByRole('row', { name: new RegExp(agentEmail.replace(/[.]/g, '\\.')) });
  await expect(agentRow.getByText('Never')).toHaveCount(0); // signed in just now
  await page.getByLabel(`Role of ${agentEmail}`).selectOption('analyst');
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/console/brands/') && r.status() === 200),
    page.getByRole('button', { name: `Save role of ${agentEmail}` }).click(),
  ]);
  await page.reload();
  await ready(page);
  await expect(page.getByLabel(`Role of ${agentEmail}`)).toHaveValue('analyst');
  // The last owner cannot step down.
  await page.getByLabel(`Role of ${owner.email}`).selectOption('manager');
  await page.getByRole('button', { name: `Save role of ${owner.email}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A brand keeps at least one owner' })).toBeVisible();

  // The owner ends the agent's sessions: the agent's next click lands on the sign-in screen.
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith('/sessions') && r.status() === 200),
    page.getByRole('button', { name: `Sign out ${agentEmail} at this brand` }).click(),
  ]);
  await page.getByRole('link', { name: `Sessions of ${agentEmail}` }).click();
  await expect(page.getByText(`No live session of ${agentEmail} at this brand.`)).toBeVisible();
  await agentPage.getByRole('link', { name: /Your sessions/ }).click();
  await agentPage.waitForURL(/\/sign-in\?from=%2Fsessions$/);
  await expect(agentPage.getByRole('heading', { name: 'Sign in to the brand console' })).toBeVisible();
  await agentContext.close();

  // Everything above is in the audit log, newest first.
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/audit`);
  await ready(page);
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText('staff.sessions.revoke');
  await expect(rows.nth(2)).toContainText('staff.role');
  // What changed, not the whole states: the role, from and to.
  await expect(rows.nth(2).getByTestId('audit-change')).toHaveText(/^role: "support"\s*→?\s*(changed to)?\s*"analyst"$/);
  // The agent's authenticator set-up (with their recovery codes) is a security event of theirs.
  await expect(rows.nth(3)).toContainText('security.second-factor.changed');
  await expect(rows.nth(3)).toContainText(agentEmail);
  await expect(rows.nth(4)).toContainText('staff.join');
  await expect(rows.nth(4)).toContainText(agentEmail);
  await expect(rows.nth(5)).toContainText('staff.invite');
  await expect(rows.nth(5)).toContainText(owner.email);
  // Filtered by action, without JavaScript's help (a GET form).
  await page.getByLabel('Action').selectOption('staff.role');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(/action=staff\.role/);
  await expect(page.getByRole('row')).toHaveCount(2);

  // An invitation cancelled, asked on the console's confirm step first: "Keep the invitation"
  // sends nothing (it is still open after a reload), Yes ends it.
  const lateEmail = `late-${tag()}@example.com`;
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/staff`);
  await ready(page);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(lateEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${lateEmail} as support, sent`)).toBeVisible();
  const cancelInvitation = page.getByRole('button', { name: `Cancel the invitation of ${lateEmail}…` });
  await cancelInvitation.click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText(`Cancel the invitation of ${lateEmail}? Its link stops working at once.`);
  await expect(ask.getByRole('button', { name: 'Yes, cancel the invitation' })).toBeFocused();
  await ask.getByRole('button', { name: 'Keep the invitation' }).click();
  await expect(cancelInvitation).toBeFocused();
  await page.reload();
  await ready(page);
  await expect(page.getByText(`${lateEmail} as support, sent`)).toBeVisible();
  await cancelInvitation.click();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/console/brands/') && r.status() === 200 && r.request().method() !== 'GET'),
    ask.getByRole('button', { name: 'Yes, cancel the invitation' }).click(),
  ]);
  await expect(page.getByText(`${lateEmail} as support, sent`)).toHaveCount(0);
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/audit?action=staff.invitation.cancel`);
  await ready(page);
  await expect(page.getByRole('row').filter({ hasText: lateEmail })).toHaveCount(1);
});

test('the console is no page on a brand host', async ({ page }) => {
  const brand = await createBrand({}, 'Other Brand');
  const res = await page.goto(`${brand.origin}/console/sign-in`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not Found!' })).toBeVisible();
});

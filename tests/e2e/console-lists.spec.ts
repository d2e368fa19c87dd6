import { expect, test, type Page } from '@playwright/test';
import { newEmail, ready, signUpByApi } from './support';
import { aftersalesBrand } from './aftersales-support';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';

// The console's lists (docs/console.md, "Lists"): an owner sorts the codes by a column header
// from the keyboard, filters them, and downloads exactly what is filtered as CSV; then closes two
// complaints at once from the keyboard, asked first; then sorts the audit log by its Action header
// and downloads it in that order (the payouts list: tests/e2e/console-finance.spec.ts). A support
// agent filters customers' reports by place (the name the list shows), sorts and downloads them.

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test('an owner sorts, filters and exports the codes, and closes two complaints at once by keyboard', async ({ page, browser }) => {
  test.slow(); // a customer's sign-up and an owner's with an authenticator
  const shop = await aftersalesBrand();
  const { brand } = shop;

  // A customer raises three complaints on the brand's site.
  await signUpByApi(page, brand, { email: newEmail(), name: 'Asha' });
  for (const text of ['The seal was broken on arrival.', 'The cap was cracked on arrival.', 'The box was empty on arrival.']) {
    const status = await page.evaluate(async (description) => {
      const form = new FormData();
      form.set('category', 'Damaged product');
      form.set('priority', 'High');
      form.set('description', description);
      // The session cookie gives an access token, as the site's own client does.
      const { accessToken } = (await (await fetch('/api/auth/customer/web/generate-access-token')).json()) as { accessToken: string };
      const res = await fetch('/api/customer/complaints', { method: 'POST', body: form, headers: { 'x-requested-with': 'fetch', authorization: `Bearer ${accessToken}` } });
      return res.status;
    }, text);
    expect(status).toBe(201);
  }

  const consoleContext = await browser.newContext({ acceptDownloads: true });
  const owner = await consoleContext.newPage();
  await signInStaff(owner, { brand: brand.slug, role: 'owner' });

  // Codes: sorted by the Created header from the keyboard, both ways.
  await owner.goto(`${CONSOLE_ORIGIN}/${brand.slug}/codes`);
  await ready(owner);
  await expect(h1(owner, 'Codes')).toBeVisible();
  await expect(owner.getByTestId('list-count')).toHaveText('4 codes match');
  const created = owner.getByRole('columnheader', { name: /Created/ });
  await expect(created).toHaveAttribute('aria-sort', 'none');
  await created.getByRole('link').focus();
  await owner.keyboard.press('Enter');
  await owner.waitForURL(/sort=created/);
  await expect(owner.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'ascending');
  await owner.getByRole('columnheader', { name: /Created/ }).getByRole('link').focus();
  await owner.keyboard.press('Enter');
  await owner.waitForURL(/sort=-created/);
  await expect(owner.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');

  // Filtered to the hidden codes: the count says so, the sort stays.
  await owner.getByLabel('Kind').selectOption('covert');
  await owner.getByRole('button', { name: 'Search' }).focus();
  await owner.keyboard.press('Enter');
  await owner.waitForURL(/kind=covert/);
  expect(owner.url()).toContain('sort=-created');
  await expect(owner.getByTestId('list-count')).toHaveText('2 codes match');
  const shown = await owner.getByTestId('code-row').getByRole('rowheader').allInnerTexts();
  expect([...shown].sort()).toEqual([...shop.coverts].sort()); // a copy: `shown` keeps the list's order for the CSV below

  // The download holds exactly the filtered rows, in the list's order.
  const download = owner.waitForEvent('download');
  await owner.getByRole('link', { name: 'Download CSV' }).focus();
  await owner.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${brand.slug}-codes-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = (await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Code id,Kind,State,Product,Batch,Unit,Authentication code,Created');
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(shown);

  // Complaints: two chosen with Space, closed with Enter, asked first, then said.
  await owner.goto(`${CONSOLE_ORIGIN}/${brand.slug}/complaints`);
  await ready(owner);
  await expect(h1(owner, 'Complaints')).toBeVisible();
  await expect(owner.getByTestId('list-count')).toHaveText('3 complaints match');
  const boxes = owner.getByTestId('choose-row');
  const tickets = await owner.getByTestId('complaint-row').getByRole('rowheader').getByRole('link').allInnerTexts();
  await boxes.nth(0).focus();
  await owner.keyboard.press('Space');
  await boxes.nth(1).focus();
  await owner.keyboard.press('Space');
  await owner.getByLabel('Action').selectOption('close');
  await owner.getByRole('button', { name: 'Apply to chosen' }).focus();
  await owner.keyboard.press('Enter');
  await expect(owner.getByText('Close 2 complaints?')).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await owner.keyboard.press('Enter');
  await expect(owner.getByText('Closed 2 complaints.')).toBeVisible();
  const rowOf = (ticket: string) => owner.getByTestId('complaint-row').filter({ hasText: ticket });
  await expect(rowOf(tickets[0]!)).toContainText('Closed');
  await expect(rowOf(tickets[1]!)).toContainText('Closed');
  await expect(rowOf(tickets[2]!)).not.toContainText('Closed');

  // The audit log: its count, sorted by the Action header from the keyboard, the CSV in that order.
  await owner.goto(`${CONSOLE_ORIGIN}/${brand.slug}/audit`);
  await ready(owner);
  const count = owner.getByTestId('list-count');
  await expect(count).toHaveText(/^\d+ entries match$/);
  const total = Number((await count.innerText()).split(' ')[0]);
  expect(total).toBeGreaterThan(2);
  await expect(owner.getByTestId('audit-entry')).toHaveCount(Math.min(total, 50));
  const action = () => owner.getByRole('columnheader', { name: /Action/ });
  await expect(action()).toHaveAttribute('aria-sort', 'none');
  await action().getByRole('link').focus();
  await owner.keyboard.press('Enter');
  await owner.waitForURL(/sort=action/);
  await expect(action()).toHaveAttribute('aria-sort', 'ascending');
  const actions = await owner.getByTestId('audit-entry').locator('td:nth-child(3)').allInnerTexts();
  expect(actions).toContain('complaints.close.bulk');
  const auditDownload = owner.waitForEvent('download');
  await owner.getByRole('link', { name: 'Download CSV' }).click();
  const auditFile = await auditDownload;
  const auditLines = (await (await import('node:fs/promises')).readFile((await auditFile.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  // The download is itself audited (audit.export) before its rows are read: every other row is the page's, in its order.
  expect(auditLines.slice(1).map((l) => l.split(',')[2]).filter((a) => a !== 'audit.export')).toEqual(actions);
  await consoleContext.close();
});

test("a support agent filters customers' reports by place, sorts them and downloads what is filtered", async ({ page, browser }) => {
  test.slow(); // a customer's sign-up and an agent's with an authenticator
  const { brand } = await aftersalesBrand({ isRedFlaggingEnabled: true });

  // A customer sends two reports, from Pune and from Delhi (coarse places, as the report form shares them).
  await signUpByApi(page, brand, { email: newEmail(), name: 'Asha' });
  for (const [description, lat, lng] of [['Seal broken, bought in Pune.', '18.52', '73.86'], ['Wrong colour, bought in Delhi.', '28.61', '77.21']] as const) {
    const status = await page.evaluate(
      async ([text, la, ln]) => {
        const form = new FormData();
        form.set('description', text);
        form.set('lat', la);
        form.set('lng', ln);
        const { accessToken } = (await (await fetch('/api/auth/customer/web/generate-access-token')).json()) as { accessToken: string };
        const res = await fetch('/api/report', { method: 'POST', body: form, headers: { 'x-requested-with': 'fetch', authorization: `Bearer ${accessToken}` } });
        return res.status;
      },
      [description, lat, lng] as const,
    );
    expect(status).toBe(201);
  }

  const consoleContext = await browser.newContext({ acceptDownloads: true });
  const agent = await consoleContext.newPage();
  await signInStaff(agent, { brand: brand.slug, role: 'support' });
  await agent.goto(`${CONSOLE_ORIGIN}/${brand.slug}/red-flags/reports`);
  await ready(agent);
  await expect(h1(agent, 'Customer reports')).toBeVisible();
  await expect(agent.getByTestId('list-count')).toHaveText('2 reports match');
  await expect(agent.getByTestId('report-row').filter({ hasText: 'Seal broken' })).toContainText('Pune (18.52, 73.86)');

  // The place, chosen by the name the list shows, from the keyboard.
  await agent.getByLabel('Place').selectOption('Pune');
  await agent.getByRole('button', { name: 'Filter' }).focus();
  await agent.keyboard.press('Enter');
  await agent.waitForURL(/place=Pune/);
  await expect(agent.getByTestId('list-count')).toHaveText('1 report matches');
  await expect(agent.getByTestId('report-row')).toHaveCount(1);
  await expect(agent.getByTestId('report-row')).toContainText('Seal broken, bought in Pune.');

  // Sorted by the Sent header, the filter kept.
  const sent = () => agent.getByRole('columnheader', { name: /Sent/ });
  await sent().getByRole('link').focus();
  await agent.keyboard.press('Enter');
  await agent.waitForURL(/sort=created/);
  expect(agent.url()).toContain('place=Pune');
  await expect(sent()).toHaveAttribute('aria-sort', 'ascending');

  // The download holds the filtered report only, and names no customer.
  const download = agent.waitForEvent('download');
  await agent.getByRole('link', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${brand.slug}-reports-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const lines = (await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',Pune,18.52,73.86,');
  expect(lines[1]).toContain('Seal broken, bought in Pune.');
  expect(lines.join('\n')).not.toContain('Asha');

  // A place the gazetteer has no town of is said above the form; the list is shown unfiltered.
  await agent.goto(`${CONSOLE_ORIGIN}/${brand.slug}/red-flags/reports?place=Nowhereville`);
  await ready(agent);
  await expect(agent.getByRole('alert').filter({ hasText: 'The filter was not understood' })).toContainText('place: no town or city is called "Nowhereville"');
  await expect(agent.getByTestId('list-count')).toHaveText('2 reports match');
  await consoleContext.close();
});

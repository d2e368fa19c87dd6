import { expect, test, type Page } from '@playwright/test';
import { open, ready } from './support';
import { aftersalesBrand, customerWithUnit, pngBytes } from './aftersales-support';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';
import { pdfChromium, QUIET_ARGS } from '../../scripts/chromium.mjs';

// The agent sees a complaint's PDF framed on the page: the full browser, with its PDF viewer.
test.use({ launchOptions: { executablePath: pdfChromium(), args: QUIET_ARGS } });

/** A minimal one-page PDF, as a customer's receipt might be. */
const RECEIPT_PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

// A support agent's day in the brand console (docs/console.md, docs/after-sales.md): a customer
// raises a complaint on the brand's site; the agent finds it in the inbox by status, takes it,
// replies and moves it on; the customer reads the reply in their thread. (Dismissing a red flag is
// tested over the API, tests/api/console-support.test.ts: a red flag now needs corroborated
// suspicion from several unrelated networks, which no page visit of this run, all from one
// address, can give; docs/verification.md, "Bounded influence".)

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('a support agent takes a complaint from the inbox, replies and moves it on', async ({ page, browser }) => {
  test.slow(); // a customer, an agent's sign-up with an authenticator, and both sites
  const shop = await aftersalesBrand({ isRedFlaggingEnabled: true });
  const { brand } = shop;

  // The customer raises a complaint with a photo on the brand's site.
  await customerWithUnit(page, shop);
  await open(page, `${brand.origin}/raise-complaint`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByLabel('Category').selectOption('Damaged product');
  await page.getByRole('radio', { name: 'High' }).check();
  await page.getByLabel('Description').fill('The cap of the bottle was cracked when it arrived.');
  await page.getByLabel('Attachments (optional)').setInputFiles([
    { name: 'cap.png', mimeType: 'image/png', buffer: pngBytes() },
    { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from(RECEIPT_PDF) },
  ]);
  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect(page).toHaveURL(/\/complaints\/TKT-\d{6}$/);
  const ticketId = page.url().split('/').pop()!;

  // The agent signs in to the console and finds the ticket among the unassigned ones.
  const staffContext = await browser.newContext();
  const agent = await staffContext.newPage();
  await signInStaff(agent, { brand: brand.slug, role: 'support' });
  await agent.goto(`${CONSOLE_ORIGIN}/${brand.slug}/complaints`);
  await ready(agent);
  await expect(h1(agent, 'Complaints')).toBeVisible();
  await agent.getByLabel('Status').selectOption('unassigned');
  await agent.getByRole('button', { name: 'Filter' }).click();
  await agent.waitForURL(/status=unassigned/);
  const row = agent.getByTestId('complaint-row').filter({ hasText: ticketId });
  await expect(row).toContainText('Unassigned');
  await expect(row).toContainText('High');
  await row.getByRole('link', { name: ticketId }).click();
  await expect(h1(agent, new RegExp(ticketId))).toBeVisible();
  await ready(agent);
  await expect(agent.getByText('The cap of the bottle was cracked when it arrived.')).toBeVisible();
  const photo = agent.getByRole('img', { name: 'Attachment cap.png' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The PDF is seen in place too: framed on the page, answered as a PDF by the staff endpoint.
  await expect(agent.getByTitle('Attachment receipt.pdf')).toBeVisible();
  await expect
    .poll(() => agent.frames().find((f) => f.url().includes('/attachments/') && f.url().includes('disposition=inline'))?.url() ?? '')
    .toContain(`/api/console/brands/${brand.slug}/complaints/${ticketId}/attachments/`);
  // Asked by the page itself (the console host resolves in the browser only).
  const pdfAnswer = await agent.evaluate(async (src) => {
    const res = await fetch(src!);
    return { type: res.headers.get('content-type'), head: new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5)) };
  }, await agent.getByTitle('Attachment receipt.pdf').getAttribute('src'));
  expect(pdfAnswer).toEqual({ type: 'application/pdf', head: '%PDF-' });

  // Takes it (an unassigned ticket opens), replies, and moves it on.
  await agent.getByRole('button', { name: 'Assign to me' }).click();
  await expect(agent.getByRole('status').filter({ hasText: 'Assigned to Staff support.' })).toBeVisible();
  await expect(agent.getByTestId('ticket-assignee')).toHaveText('Staff support');
  await expect(agent.getByLabel('Move from Open to')).toBeVisible();

  await agent.getByRole('button', { name: 'Send reply' }).click();
  await expect(agent.getByLabel('Reply to the customer')).toHaveAttribute('aria-invalid', 'true');
  await expect(agent.getByText('Write the reply first.')).toBeVisible();
  await agent.getByLabel('Reply to the customer').fill('Sorry about the cap. A new bottle is on its way to you.');
  await agent.getByRole('button', { name: 'Send reply' }).click();
  await expect(agent.getByRole('status').filter({ hasText: 'The reply was sent' })).toBeVisible();
  await expect(agent.getByTestId('thread-message')).toContainText('A new bottle is on its way to you.');

  await agent.getByLabel('Move from Open to').selectOption('inprogress');
  await agent.getByRole('button', { name: 'Change status' }).click();
  await expect(agent.getByRole('status').filter({ hasText: 'Moved to In progress.' })).toBeVisible();
  await expect(agent.getByLabel('Move from In progress to')).toBeVisible();

  // The customer reads the reply in their own thread, with the new status.
  await open(page, `${brand.origin}/complaints/${ticketId}`);
  await expect(page.getByTestId('thread').locator('[data-author="brand"]')).toContainText('A new bottle is on its way to you.');
  await expect(page.getByTestId('complaint-status')).toHaveText('In progress');

  await staffContext.close();
});

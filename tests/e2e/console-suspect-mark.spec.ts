import { expect, test, type Browser } from '@playwright/test';
import { axe, open, ready } from './support';
import { brandWithCatalog } from './verify-catalog';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';

// A brand's own decision (docs/verification.md, "The brand's decision"): a support agent marks a
// unit suspect from its code's page with a reason, after a confirmation; a shopper who then
// checks the printed code is told it is likely a copy; the agent clears the mark with a reason,
// and the shopper's next check is back to what the checks alone say. The page's timeline keeps both.

async function shopperChecks(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await open(page, url);
  const risk = page.getByTestId('risk');
  const seen = { level: await risk.getAttribute('data-level'), text: await risk.innerText(), headline: await page.getByTestId('headline').innerText() };
  await context.close();
  return seen;
}

test('staff mark a code suspect, a shopper sees it, staff clear it, the shopper sees it normal again', async ({ page, browser }) => {
  test.slow(); // an agent's sign-up with an authenticator, and two sites
  const { brand, units } = await brandWithCatalog({ isRedFlaggingEnabled: true });
  const qrId = units[0]!.overt.qrId;
  const url = `${brand.origin}/info/verify/${qrId}`;

  const before = await shopperChecks(browser, url);
  expect(before.level).toBe('none');

  await signInStaff(page, { brand: brand.slug, role: 'support' });
  await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/codes/${qrId}`);
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: `Code ${qrId}` })).toBeVisible();
  await expect(page.getByText('The brand has not marked this unit suspect.')).toBeVisible();

  // A reason is required, said beside the field.
  await page.getByRole('button', { name: 'Mark suspect…' }).click();
  await expect(page.getByLabel('Why mark it suspect')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Why mark it suspect')).toBeFocused();
  await page.getByLabel('Why mark it suspect').fill('Copies of this code found in a Delhi market');
  await page.getByRole('button', { name: 'Mark suspect…' }).click();
  // Confirmed like the other protective actions: a dialog says what follows, focus on its button.
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Mark ${qrId} suspect?`);
  await expect(page.getByRole('button', { name: 'Yes, mark it suspect' })).toBeFocused();
  // The whole code page, with the form's confirmation open: the scans table's scroll box is a
  // keyboard stop named by its caption (axe's scrollable-region-focusable).
  const { violations } = await axe(page).analyze();
  expect(violations).toEqual([]);
  await expect(page.getByRole('region', { name: 'Scans of this unit, oldest first' })).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Marked suspect' })).toBeVisible();
  const timeline = page.getByTestId('suspect-timeline');
  await expect(timeline).toContainText('Marked suspect by');
  await expect(timeline).toContainText('Copies of this code found in a Delhi market');
  await expect(page.getByRole('heading', { name: 'Marked suspect by the brand' })).toBeVisible();
  await expect(page.getByText(/: open \(brand\)$/)).toBeVisible(); // its red flag

  // The shopper, on another phone, is told it is likely a copy (never the staff's own words).
  const marked = await shopperChecks(browser, url);
  expect(marked.level).toBe('suspect');
  expect(marked.headline).toBe('Likely a copy: do not buy it, report it.');
  expect(marked.text).toContain('The brand has looked into the checks of this code and marked it as likely copied.');
  expect(marked.text).not.toContain('Delhi market');

  // Cleared, with a reason: the timeline shows both, the red flag the mark opened is dismissed.
  await page.getByLabel('Why clear the mark').fill('The market packs were genuine stock');
  await page.getByRole('button', { name: 'Clear the mark…' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`Clear the mark on ${qrId}?`);
  await page.getByRole('button', { name: 'Yes, clear the mark' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mark cleared' })).toBeVisible();
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('Mark cleared by');
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('The market packs were genuine stock');
  await expect(page.getByText(/: dismissed \(brand\)$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mark this unit suspect' })).toBeVisible();

  const after = await shopperChecks(browser, url);
  expect(after.level).toBe('none');
  expect(after.text).not.toContain('marked it as likely copied');
});

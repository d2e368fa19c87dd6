import { expect, test } from '@playwright/test';
import { axe, createBrand, open, ready } from './support';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';

// The console's "Messages to customers" settings (docs/messages.md): with the keyboard only, an
// owner gives a kind its SMS DLT template id; a wrong one is refused on its field, which takes the
// keyboard; a good one is saved and is still there after a reload. The WhatsApp token field is
// write-only. axe finds nothing on the section.

test.use({ viewport: { width: 1366, height: 768 } });

test('settings: a DLT template id is set by keyboard, refused on its field when wrong, and kept', async ({ page }) => {
  const brand = await createBrand();
  await signInStaff(page, { brand: brand.slug, role: 'owner' });
  await open(page, `${CONSOLE_ORIGIN}/${brand.slug}/settings`);
  await ready(page);
  const section = page.getByTestId('settings-messaging');
  await expect(section.getByRole('heading', { name: 'Messages to customers' })).toBeVisible();
  const dlt = section.getByRole('group', { name: 'SMS: DLT template id of each message' }).getByRole('textbox', { name: 'Payout paid' });

  // Too short: refused on the field, which takes the keyboard.
  await dlt.focus();
  await page.keyboard.type('12345');
  await page.keyboard.press('Enter');
  await expect(dlt).toHaveAttribute('aria-invalid', 'true');
  await expect(dlt).toBeFocused();
  await expect(dlt).toHaveAccessibleDescription('must be the DLT template id: 10 to 25 digits (19 in India)');

  // 19 digits: saved, and there after a reload.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1107160000000000042');
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText('Settings saved. Customers see them now.');
  await expect(dlt).not.toHaveAttribute('aria-invalid', 'true');

  // WhatsApp: its fields appear with labels; the token is a password field, blank.
  await section.getByRole('checkbox', { name: /Send by WhatsApp/ }).check();
  await expect(section.getByLabel('Phone number id')).toBeVisible();
  await expect(section.getByLabel('Access token')).toHaveAttribute('type', 'password');
  await expect(section.getByLabel('Access token')).toHaveAccessibleDescription(/Not saved yet/);
  expect((await axe(page).include('[data-testid="settings-messaging"]').analyze()).violations).toEqual([]);

  await page.reload();
  await ready(page);
  await expect(page.getByTestId('settings-messaging').getByRole('group', { name: 'SMS: DLT template id of each message' }).getByRole('textbox', { name: 'Payout paid' })).toHaveValue('1107160000000000042');
  await expect(page.getByTestId('settings-messaging').getByRole('checkbox', { name: /Send by WhatsApp/ })).not.toBeChecked();
});

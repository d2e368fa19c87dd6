import { expect, test, type Page } from '@playwright/test';
import { newEmail, open, ready, signUpByApi } from './support';
import { aftersalesBrand, customerWithUnit, pngBytes } from './aftersales-support';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';

// A disputed claim (docs/verification.md "Disputed claims"): the hidden code of B's pack was
// claimed by A first; B's check says Product Claimed and offers a dispute; B sends a photo of the
// pack; the brand's owner reads it in the console and moves the claim; B now has the product.

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('a genuine buyer disputes a claimed hidden code with a photo, the owner moves the claim, and the product is theirs', async ({ page, browser }) => {
  test.slow(); // two customers, an owner's sign-up with an authenticator, and both sites
  const shop = await aftersalesBrand();
  const { brand } = shop;
  const hidden = shop.coverts[0]!;

  // A claims the unit first.
  const first = await browser.newContext();
  await customerWithUnit(await first.newPage(), shop, hidden);
  await first.close();

  // B checks the hidden code of their pack: claimed by someone else, with the offer to dispute.
  await signUpByApi(page, brand, { email: newEmail(), name: 'Bina' });
  await open(page, `${brand.origin}/covert/post/verify/${hidden}`);
  await expect(h1(page, 'Product Claimed')).toBeVisible();
  await page.getByRole('link', { name: 'Bought this pack new? Dispute this claim' }).click();
  await expect(h1(page, 'Dispute a claim')).toBeVisible();
  await page.locator('html[data-hydrated="true"]').waitFor();
  // The form says where the brand will answer; without a photo it says what is missing, at the field.
  await expect(page.getByTestId('dispute-contact')).toContainText('will contact you at');
  await page.getByRole('button', { name: 'Send the dispute' }).click();
  await expect(page.getByText('Add a photo of the pack.')).toBeVisible();
  await expect(page.getByLabel('Photo of the pack (required)')).toBeFocused();
  await page.getByLabel('Photo of the pack (required)').setInputFiles({ name: 'pack.png', mimeType: 'image/png', buffer: pngBytes() });
  await page.getByLabel('Where and when did you buy it? (optional)').fill('Sharma Medical, MG Road, Pune, last Saturday');
  await page.getByRole('button', { name: 'Send the dispute' }).click();
  const sent = page.getByTestId('dispute-sent');
  await expect(sent).toContainText('Your dispute was sent.');
  const reference = (await sent.textContent())!.match(/dp_[0-9A-Za-z]{16}/)![0];
  await open(page, `${brand.origin}/my-products`);
  await expect(page.getByTestId('my-dispute')).toHaveAttribute('data-status', 'open');
  await expect(page.getByTestId('no-products')).toBeVisible();

  // The owner finds it in the console, sees the photo and both claimants, and moves the claim.
  const consoleContext = await browser.newContext();
  const staffPage = await consoleContext.newPage();
  await signInStaff(staffPage, { brand: brand.slug, role: 'owner' });
  await staffPage.goto(`${CONSOLE_ORIGIN}/${brand.slug}/red-flags`);
  await ready(staffPage);
  await expect(staffPage.getByTestId('open-disputes')).toContainText('1 claim is disputed');
  await staffPage.getByTestId('open-disputes').getByRole('link', { name: 'Disputed claims' }).click();
  await expect(h1(staffPage, 'Disputed claims')).toBeVisible();
  await expect(staffPage.getByTestId('disputes-open')).toHaveText('1 open dispute needs a decision');
  await staffPage.getByRole('link', { name: reference }).click();
  await expect(h1(staffPage, `Dispute ${reference}`)).toBeVisible();
  await expect(staffPage.getByTestId('dispute-facts')).toContainText('Sharma Medical, MG Road, Pune, last Saturday');
  await expect(staffPage.getByTestId('claimants')).toContainText('Disputed by: Bina');
  await expect(staffPage.getByTestId('claimants')).toContainText('Asha');
  const photo = staffPage.getByRole('img', { name: `Photo of the pack sent with dispute ${reference}` });
  await expect(photo).toBeVisible();
  // The photo itself arrives and decodes (visible is only its box: on a busy machine the bytes may still be coming).
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  await staffPage.locator('html[data-hydrated="true"]').waitFor();
  // Each decision is asked on the console's confirm step, in words of what happens to both
  // customers and the code. A rejection asks with the keyboard on its reason; Cancel sends
  // nothing: after a reload the dispute is still open, for the customer too.
  const reject = staffPage.getByRole('button', { name: 'Reject the dispute…' });
  await reject.click();
  const dialog = staffPage.getByRole('alertdialog');
  await expect(dialog).toContainText("Reject the dispute? The claim stays where it is: the unit");
  await expect(dialog).toContainText("in Asha's products, and Bina's check of its hidden code still answers Product Claimed. Bina reads your reason with their products.");
  await expect(dialog.getByLabel('Reason (shown to the customer)')).toBeFocused();
  await staffPage.keyboard.type('Not sure yet');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(reject).toBeFocused();
  await staffPage.reload();
  await ready(staffPage);
  await expect(staffPage.getByTestId('dispute-facts')).toContainText('Open: needs a decision');
  await expect(staffPage.getByTestId('dispute-decision')).toHaveCount(0);
  await open(page, `${brand.origin}/my-products`);
  await expect(page.getByTestId('my-dispute')).toHaveAttribute('data-status', 'open');

  // By keyboard: the move opens its confirmation, the keyboard on its Yes.
  await staffPage.locator('html[data-hydrated="true"]').waitFor();
  await staffPage.getByRole('button', { name: 'Move the claim to this customer…' }).focus();
  await staffPage.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Yes, move the claim' })).toBeFocused();
  await expect(dialog).toContainText('Move the claim to the disputing customer?');
  await expect(dialog).toContainText("leaves Asha's products and becomes Bina's: their check of its hidden code then answers Genuine Post Sale.");
  await dialog.getByLabel('Note for the audit log (optional)').fill('Photo matches the batch');
  await dialog.getByRole('button', { name: 'Yes, move the claim' }).click();
  await expect(staffPage.getByTestId('dispute-decision')).toContainText('Claim moved to the disputing customer');
  await expect(staffPage.getByTestId('claimants')).toContainText('Bina (the disputing customer)');
  await consoleContext.close();

  // B now has the product, and the dispute says so.
  await open(page, `${brand.origin}/my-products`);
  await expect(page.getByRole('link', { name: shop.productName })).toBeVisible();
  await expect(page.getByTestId('my-dispute')).toHaveAttribute('data-status', 'moved');
  await expect(page.getByTestId('my-dispute')).toContainText('Claim moved to you: the product is now yours');
  await open(page, `${brand.origin}/covert/post/verify/${hidden}`);
  await expect(h1(page, 'Genuine Post Sale')).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { open } from './support';
import { brandWithCatalog } from './verify-catalog';

// The risk beside the verdict on the verify page (docs/verification.md, "Risk"): server-rendered
// text, grouped by the first-party device cookie the page sets. A shopper rescanning their own
// pack never raises it; a second phone 1,100 km away minutes later makes the code suspect.

const PUNE = '?lat=18.52&lng=73.86';
const DELHI = '?lat=28.61&lng=77.21';

test('the verify page shows the risk: a first check, an own rescan, then a copy far away', async ({ page, browser }) => {
  const { brand, units } = await brandWithCatalog();
  const url = `${brand.origin}/info/verify/${units[0]!.overt.qrId}`;

  await open(page, `${url}${PUNE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Info', exact: true })).toBeVisible(); // the label is unchanged
  const risk = page.getByTestId('risk');
  await expect(risk.getByRole('heading', { name: 'Risk: none' })).toBeVisible();
  await expect(risk).toContainText('First check of this pack.');
  // the data behind places is credited beside them (CC BY 4.0)
  await expect(risk.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute('href', 'https://db-ip.com');
  await expect(risk.getByRole('link', { name: 'GeoNames' })).toHaveAttribute('href', 'https://www.geonames.org/');
  await expect(page.getByRole('link', { name: 'Download the evidence report (PDF)' })).toHaveCount(0); // nothing to prove
  const device = (await page.context().cookies()).find((c) => c.name === 'device_id');
  // issued and signed by the server for this brand's domain (lib/edge/device-id.ts)
  expect(device?.value).toMatch(/^dv_[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
  expect(device?.httpOnly).toBe(true);

  // the same phone, now with a location far away: its own rescan does not raise the level
  await open(page, `${url}${DELHI}`);
  await expect(risk).toHaveAttribute('data-level', 'none');
  await expect(risk).toContainText('You have checked this pack before.');
  expect((await page.context().cookies()).find((c) => c.name === 'device_id')?.value).toBe(device!.value);

  // another phone in Delhi, on the same network (every browser here is 127.0.0.1): an impossible
  // journey, but one network is one witness, so a caution in amber, with the reason in words
  // (suspect needs more unrelated networks: tests/api/risk.test.ts, tests/attack/forgery.test.ts)
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await open(page2, `${url}${DELHI}`);
  const risk2 = page2.getByTestId('risk');
  await expect(risk2.getByRole('heading', { name: 'Risk: caution' })).toBeVisible();
  await expect(risk2).toContainText(/First verified on \d+ \w+ \d{4} near Pune\./);
  await expect(risk2).toContainText(/Checked 11\d\d km apart within an hour by different people: this code may have been copied\./);
  await expect(page2.getByTestId('headline')).toHaveText('Genuine code, checked in unusual ways: here is what to look for.');
  await expect(page2.getByTestId('verdict')).toHaveAttribute('data-tone', 'warning');

  await page2.screenshot({ path: test.info().outputPath('risk-caution.png'), fullPage: true });
  await other.close();
});

test('a shopper who shared no location is offered to share it, and the check is made again with it', async ({ page, browser }) => {
  const { brand, units } = await brandWithCatalog();
  const url = `${brand.origin}/info/verify/${units[0]!.overt.qrId}`;
  // the pack seen in Pune, the place shared: not asked
  await open(page, `${url}${PUNE}`);
  await expect(page.getByTestId('risk')).toHaveAttribute('data-level', 'none');
  await expect(page.getByTestId('location-offer')).toHaveCount(0);
  await expect(page.getByTestId('place-sent')).toHaveText('Your approximate location was sent with this check.');

  // a shopper in Delhi minutes later opens the printed link from the camera app: no location
  const shopper = await browser.newContext({ geolocation: { latitude: 28.6139, longitude: 77.209 }, permissions: ['geolocation'] });
  const page2 = await shopper.newPage();
  const errors: string[] = [];
  page2.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page2.on('pageerror', (e) => errors.push(e.message));
  await open(page2, url);
  const risk = page2.getByTestId('risk');
  await expect(risk).toHaveAttribute('data-level', 'none');
  expect(errors).toEqual([]); // the offer hydrates as the server drew it
  const share = page2.getByRole('button', { name: 'Share my approximate location' });
  await expect(share).toBeVisible();
  await expect(page2.getByTestId('place-sent')).toHaveCount(0);
  // by keyboard: the check is made again with the coarse place, 1,100 km from the first minutes
  // before (one network here: a caution, see above)
  const entries = await page2.evaluate(() => history.length);
  await share.focus();
  await page2.keyboard.press('Enter');
  await page2.waitForURL(/\?lat=28\.61&lng=77\.21$/);
  await expect(risk).toHaveAttribute('data-level', 'caution');
  await expect(risk).toContainText('You have checked this pack before.');
  await expect(risk).toContainText(/Checked 11\d\d km apart within an hour by different people: this code may have been copied\./);
  await expect(page2.getByTestId('place-sent')).toBeVisible();
  await expect(page2.getByTestId('location-offer')).toHaveCount(0);
  // Back does not check the unit again without the place: the check without it was replaced
  expect(await page2.evaluate(() => history.length)).toBe(entries);
  await shopper.close();

  // a shopper who refuses (the first check of another pack, which is asked too): told so, and the
  // page stays as it was, the button still focusable to try again
  const other = `${brand.origin}/info/verify/${units[1]!.overt.qrId}`;
  const refuser = await browser.newContext({ permissions: [] });
  const page3 = await refuser.newPage();
  await open(page3, other);
  await expect(page3.getByTestId('risk')).toContainText('First check of this pack.');
  const again = page3.getByRole('button', { name: 'Share my approximate location' });
  await again.click();
  await expect(page3.getByRole('status').filter({ hasText: 'Location was not shared.' })).toBeVisible({ timeout: 20_000 });
  expect(page3.url()).toBe(other);
  await expect(again).toBeFocused();
  await expect(again).toHaveAttribute('aria-disabled', 'false');
  await refuser.close();
});

test('without JavaScript the offer to share a location is not shown (the browser could not give one)', async ({ browser }) => {
  const { brand, units } = await brandWithCatalog();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${brand.origin}/info/verify/${units[0]!.overt.qrId}`);
  await expect(page.getByTestId('risk')).toContainText('First check of this pack.');
  await expect(page.getByTestId('location-offer')).toBeAttached(); // asked for, in the HTML
  await expect(page.getByRole('button', { name: 'Share my approximate location' })).toBeHidden();
  await context.close();
});

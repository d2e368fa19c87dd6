import { chromium, expect, test, type Browser } from '@playwright/test';
import { newEmail, open, signUpByApi } from './support';
import { acceptBanners, brandWithCatalog } from './verify-catalog';
import { writeQrVideo } from './qr-video';
import { e2eChromium, QUIET_ARGS } from '../../scripts/chromium.mjs';

// /qr-scan with Chromium's fake camera fed a generated QR code video: a code of this brand
// opens its verdict; a code of another site is refused and never followed. Each test
// launches its own browser, because the video is part of the launch options.

async function browserShowing(text: string, file: string): Promise<Browser> {
  writeQrVideo(file, text);
  return chromium.launch({
    executablePath: e2eChromium(),
    args: [...QUIET_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`],
  });
}

test('the camera scans a printed code of this brand and lands on its verdict', async () => {
  test.slow(); // its own browser, a camera and a decoder on a busy 2-core machine
  const { brand, units } = await brandWithCatalog();
  const browser = await browserShowing(units[0]!.overt.url, test.info().outputPath('brand-code.y4m'));
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signUpByApi(page, brand, { email: newEmail(), name: 'Gita' });
    await open(page, `${brand.origin}/qr-scan`);
    await expect(page.getByRole('heading', { level: 1, name: 'Genuine Pre Sale & Claim Warranty' })).toBeVisible({ timeout: 45_000 });
    await expect(page).toHaveURL(`${brand.origin}/overt/verify/${units[0]!.overt.qrId}`);
    // the scanner (and its video) is gone from the verdict page
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
  } finally {
    await browser.close();
  }
});

test('a QR code of another site is refused with a message and not followed', async () => {
  test.slow();
  const { brand, units } = await brandWithCatalog();
  const foreign = `https://evil.example/overt/verify/${units[0]!.overt.qrId}`;
  const browser = await browserShowing(foreign, test.info().outputPath('foreign-code.y4m'));
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signUpByApi(page, brand, { email: newEmail(), name: 'Hari' });
    await open(page, `${brand.origin}/qr-scan`);
    await expect(page.getByLabel('Camera view for scanning the QR code')).toBeVisible();
    await expect(page.getByTestId('scan-refusal')).toHaveText(`This is not a code of ${brand.name}: it points to evil.example. It was not opened.`, { timeout: 45_000 });
    await expect(page).toHaveURL(`${brand.origin}/qr-scan`);
    await page.screenshot({ path: test.info().outputPath('qr-scan-refusal.png'), fullPage: true });
  } finally {
    await browser.close();
  }
});

test('without a camera the code can be typed, as a link or as the code under the scratch-off', async ({ page }) => {
  const { brand, units } = await brandWithCatalog();
  await signUpByApi(page, brand, { email: newEmail(), name: 'Ira' });
  await open(page, `${brand.origin}/qr-scan`);
  await acceptBanners(page);

  await page.getByLabel('QR code or link').fill(`https://evil.example/overt/verify/${units[0]!.overt.qrId}`);
  await page.getByRole('button', { name: 'Check code' }).click();
  await expect(page.getByText(`This is not a code of ${brand.name}: it points to evil.example. It was not opened.`)).toBeVisible();
  await expect(page).toHaveURL(`${brand.origin}/qr-scan`);

  await page.getByLabel('QR code or link').fill(units[1]!.overt.url);
  await page.getByRole('button', { name: 'Check code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Genuine Pre Sale & Claim Warranty' })).toBeVisible();

  // the authentication code, typed in lower case with O for 0 and I for 1 where they occur
  await open(page, `${brand.origin}/qr-scan`);
  const typed = units[2]!.covert.authCode.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'i');
  await page.getByLabel('Authentication code').fill(typed);
  await page.getByRole('button', { name: 'Verify my purchase' }).click();
  await expect(page).toHaveURL(`${brand.origin}/scan-result`);
  await expect(page.getByRole('heading', { level: 1, name: 'Genuine Post Sale' })).toBeVisible();
  await expect(page.getByTestId('claim')).toContainText('Claimed by you on');

  await open(page, `${brand.origin}/qr-scan`);
  await page.getByLabel('Authentication code').fill('2');
  await page.getByRole('button', { name: 'Verify my purchase' }).click();
  await expect(page.getByText('must be the 10-character code printed under the scratch-off')).toBeVisible();
});

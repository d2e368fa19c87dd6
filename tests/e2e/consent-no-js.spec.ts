import { expect, test } from '@playwright/test';
import { open } from './support';
import { brandWithCatalog } from './verify-catalog';
import { publishLegal } from './embed-support';

// The first visit's 'Cookie Notice' (issue 31): in the page's first HTML, its Accept a plain form
// (POST /legal/accept, accept=cookies) that works before the page's scripts have loaded, and the
// same button answered in place once they have. The 'Stay Informed !!!' banner's own plain form
// is tested in touches.spec.ts.

const phone = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
const choices = () => Object.values(localStorage).join('\n');

test("the Cookie Notice's Accept works without scripts (a form post, back to the same page) and with them (in place)", async ({ browser }) => {
  const { brand, units } = await brandWithCatalog();
  await publishLegal(brand.slug, 'Cookie Policy', '# Cookies');
  const url = `${brand.origin}/info/verify/${units[0]!.overt.qrId}`;

  const noScripts = await browser.newContext({ ...phone, javaScriptEnabled: false });
  try {
    const page = await noScripts.newPage();
    await page.goto(url);
    const notice = page.getByRole('region', { name: 'Cookie Notice' });
    const policy = page.getByRole('region', { name: 'Stay Informed !!!' });
    await expect(notice).toBeVisible();
    await expect(policy).toBeVisible();
    expect((await policy.boundingBox())!.height + (await notice.boundingBox())!.height).toBeLessThanOrEqual(740 / 4);
    await expect(policy).not.toContainText(/updated/i);
    await notice.getByRole('button', { name: 'Accept' }).tap();
    await expect(page).toHaveURL(url); // back where the visitor was
    await expect(page.getByRole('region', { name: 'Cookie Notice' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Stay Informed !!!' })).toBeVisible(); // the other choice is still theirs to make
    expect((await noScripts.cookies()).some((c) => c.name.endsWith('bv_cookie_ok') && c.value === '1')).toBe(true);

    // once the scripts run, the consent is recorded as a tap would have (the visitor's choices) and the mark cleared
    const later = await browser.newContext({ ...phone, storageState: await noScripts.storageState() });
    try {
      const p2 = await later.newPage();
      await open(p2, url);
      await expect(p2.getByRole('region', { name: 'Stay Informed !!!' }).getByRole('button', { name: 'Accept' })).toBeEnabled();
      await expect.poll(() => p2.evaluate(choices)).toContain('"cookieConsent":true');
      await expect(p2.getByRole('region', { name: 'Cookie Notice' })).toHaveCount(0);
      await expect.poll(async () => (await later.cookies()).some((c) => c.name.endsWith('bv_cookie_accepted'))).toBe(false);
    } finally {
      await later.close();
    }
  } finally {
    await noScripts.close();
  }

  // with scripts: the same button records the consent in place, with no page load
  const withScripts = await browser.newContext(phone);
  try {
    const page = await withScripts.newPage();
    await open(page, url);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    const notice = page.getByRole('region', { name: 'Cookie Notice' });
    // the server's notice is the one the browser would draw, so it stays, answered by the scripts
    await expect(page.locator('#cookie-notice-server[data-answered="here"]')).toHaveCount(1);
    await expect(notice).toHaveCount(1);
    await notice.getByRole('button', { name: 'Accept' }).tap();
    await expect(page.getByRole('region', { name: 'Cookie Notice' })).toHaveCount(0);
    await expect.poll(() => page.evaluate(choices)).toContain('"cookieConsent":true');
    await expect.poll(async () => (await withScripts.cookies()).some((c) => c.name.endsWith('bv_cookie_ok') && c.value === '1')).toBe(true);
    expect(documents).toEqual([]);
    // the next page's first HTML has no notice
    const again = await page.goto(url);
    expect(await again!.text()).not.toContain('id="cookie-notice-title"');
  } finally {
    await withScripts.close();
  }
});

test("a press on Accept held while the page's scripts take the notice over is still one tap: accepted in place, with no page load", async ({ browser }) => {
  const { brand, units } = await brandWithCatalog();
  await publishLegal(brand.slug, 'Cookie Policy', '# Cookies');
  const url = `${brand.origin}/info/verify/${units[0]!.overt.qrId}`;
  const context = await browser.newContext({ viewport: phone.viewport });
  try {
    const page = await context.newPage();
    // The scripts take the notice over once they know the current documents: that answer is held
    // back until the finger is down, as on a slow phone where it comes mid-tap.
    let asked!: () => void;
    let answer!: () => void;
    const askedFor = new Promise<void>((r) => (asked = r));
    const held = new Promise<void>((r) => (answer = r));
    await page.route('**/api/legal/documents/current', async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto(url);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    const notice = page.getByRole('region', { name: 'Cookie Notice' });
    await askedFor;
    const box = (await notice.getByRole('button', { name: 'Accept' }).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    answer();
    await expect(page.locator('#cookie-notice-server[data-answered="here"]')).toHaveCount(1); // taken over, the finger still down
    await page.mouse.up();
    await expect(notice).toHaveCount(0);
    await expect.poll(() => page.evaluate(choices)).toContain('"cookieConsent":true');
    expect(documents).toEqual([]);
  } finally {
    await context.close();
  }
});

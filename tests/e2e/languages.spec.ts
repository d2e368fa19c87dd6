import { expect, test, type Browser, type Page } from '@playwright/test';
import { createBrand, newEmail, open, otpFor, PASSWORD, ready, signInWithPassword, signUpByApi } from './support';
import { brandWithCatalog } from './verify-catalog';
import { aftersalesBrand, customerWithUnit } from './aftersales-support';

// The customer's language (docs/languages.md): chosen from Accept-Language on the first visit and
// rendered in the first HTML; a switcher that is remembered in this browser and, signed in, in
// the profile; every offered language's text drawn with real glyphs, not missing-glyph boxes.

const HINDI = 'hi-IN,hi;q=0.9,en;q=0.5';

/**
 * The HTML of the first response for `url`, before any script runs, as a browser asking for
 * `acceptLanguage` gets it (fetched by the page's own browser, with its cookies; no redirect).
 */
async function firstHtml(page: Page, url: string, acceptLanguage: string): Promise<string> {
  const origin = new URL(url).origin;
  if (!page.url().startsWith(origin)) await page.goto(`${origin}/terms-of-use`);
  const { status, text } = await page.evaluate(
    async ([u, lang]) => {
      const res = await fetch(u!, { headers: { accept: 'text/html', 'accept-language': lang! }, redirect: 'manual' });
      return { status: res.status, text: await res.text() };
    },
    [url, acceptLanguage],
  );
  expect(status).toBe(200);
  return text;
}

async function switchTo(page: Page, language: string) {
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('language-switcher').selectOption(language);
  await reloaded;
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

test('a browser asking for Hindi gets the verify page, sign-in and home in Hindi in the first HTML', async ({ page, browser }) => {
  const { brand, units } = await brandWithCatalog();
  const verify = await firstHtml(page, `${brand.origin}/info/verify/${units[0]!.overt.qrId}`, HINDI);
  expect(/<html[^>]* lang="hi"/.test(verify), 'the document says it is Hindi').toBe(true);
  expect(verify).toMatch(/<h1[^>]*>जानकारी<\/h1>/);
  expect(verify).toContain(`यह ${brand.name} का असली कोड है।`);
  expect(verify).toContain("@font-face{font-family:'Noto Sans Devanagari'"); // its script's font, declared in the head
  expect(verify).toContain('<link rel="preload" href="/fonts/noto-sans-devanagari-devanagari-400-normal.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>'); // and asked for at once
  const login = await firstHtml(page, `${brand.origin}/login`, HINDI);
  expect(login).toMatch(/<h1[^>]*>साइन इन करें<\/h1>/);
  expect(login).toContain('पासवर्ड');

  // The same customer's home, signed in (the account made in an English browser).
  const english = await browser.newContext();
  const signedIn = await english.newPage();
  await signUpByApi(signedIn, brand, { email: newEmail(), name: 'Asha' });
  const hindi = await browser.newContext({ storageState: await english.storageState(), locale: 'hi-IN' });
  const home = await firstHtml(await hindi.newPage(), `${brand.origin}/`, HINDI);
  expect(home).toMatch(/<h1[^>]*>नमस्ते, Asha<\/h1>/);
  expect(home).toContain('उत्पाद स्कैन करें');
  await english.close();
  await hindi.close();

  // An English browser still gets the spec's English.
  const plain = await firstHtml(page, `${brand.origin}/info/verify/${units[0]!.overt.qrId}`, 'en-GB,en;q=0.9');
  expect(plain).toMatch(/<html[^>]* lang="en"/);
  expect(plain).toMatch(/<h1[^>]*>Info<\/h1>/);
  expect(plain.includes('@font-face'), 'an English page declares no font').toBe(false);
  expect(plain.includes('as="font"'), 'and preloads none').toBe(false);
});

test("the verify page's HTML carries the shell's texts and its own, not another screen's or the whole catalogue", async ({ page }) => {
  // lib/shared/message-scopes.ts: the browser's part of the catalogue travels in the page's data
  // (the RSC payload in the HTML) as "key":"text"; a verify page needs the shell's and the location offer's.
  const { brand, units } = await brandWithCatalog();
  const url = `${brand.origin}/info/verify/${units[0]!.overt.qrId}`;
  const keyIn = (html: string, namespace: string) => new RegExp(`\\\\?"${namespace}\\.[A-Za-z0-9_.]+\\\\?":`).test(html);
  for (const language of [HINDI, 'en-GB,en;q=0.9']) {
    const html = await firstHtml(page, url, language);
    expect(keyIn(html, 'legal'), 'the shell\'s texts are there').toBe(true);
    for (const other of ['auth', 'rewards', 'upi', 'products', 'warranty', 'complaints', 'reply', 'report', 'dispute', 'feedback', 'home', 'verdict', 'risk', 'mail', 'pdf']) {
      expect(keyIn(html, other), `no ${other}.* texts on a verify page`).toBe(false);
    }
    const account = new Set(html.match(/account\.[A-Za-z0-9_.]+(?=\\?":)/g) ?? []);
    expect([...account].filter((k) => k !== 'account.signOut'), 'of the account screens, only the sign-out button').toEqual([]);
    // With the whole catalogue it was 142 kB in Hindi and 109 kB in English (docs/benchmarks.md).
    expect(Buffer.byteLength(html), 'the verify page HTML stays small').toBeLessThan(110_000);
  }
});

test('a browser asking for Hindi gets sign-up, the code screen, the forgotten password, the footer and "Page not Found!" in Hindi in the first HTML', async ({ page }) => {
  const brand = await createBrand({ footer: { text: 'Made in Pune', officialSite: 'https://www.example.com/' } });
  const signup = await firstHtml(page, `${brand.origin}/signup`, HINDI);
  expect(signup).toMatch(/<h1[^>]*>नया खाता बनाएँ<\/h1>/);
  for (const words of ['आपका नाम', 'पासवर्ड', 'खाता बनाएँ', 'पहले से खाता है?']) expect(signup).toContain(words);
  expect(signup).not.toContain('Create account');
  // The footer, on every page: the policies by their Hindi names, the brand's own words as typed.
  expect(signup).toContain('उपयोग की शर्तें');
  expect(signup).toContain('गोपनीयता नीति');
  expect(signup).toContain(`${brand.name} वेबसाइट`);
  expect(signup).toContain('Made in Pune');

  const otp = await firstHtml(page, `${brand.origin}/otp-verify`, HINDI);
  expect(otp).toMatch(/<h1[^>]*>अपना कोड डालें<\/h1>/);
  const forgot = await firstHtml(page, `${brand.origin}/forget-password`, HINDI);
  expect(forgot).toMatch(/<h1[^>]*>अपना पासवर्ड रीसेट करें<\/h1>/);
  for (const words of ['कोड भेजें', 'साइन इन पर वापस जाएँ']) expect(forgot).toContain(words);

  // No such page: the spec's 'Page not Found!' in English, its Hindi in a Hindi browser.
  const missing = async (lang: string) =>
    page.evaluate(async ([u, l]) => {
      const res = await fetch(u!, { headers: { accept: 'text/html', 'accept-language': l! } });
      return { status: res.status, text: await res.text() };
    }, [`${brand.origin}/no-such-page`, lang]);
  const hindi = await missing(HINDI);
  expect(hindi.status).toBe(404);
  expect(hindi.text).toMatch(/<h1[^>]*>पेज नहीं मिला!<\/h1>/);
  expect(hindi.text).toContain('होम स्क्रीन पर जाएँ');
  const english = await missing('en-GB,en;q=0.9');
  expect(english.text).toMatch(/<h1[^>]*>Page not Found!<\/h1>/);
});

test.describe('in a Hindi browser', () => {
  test.use({ locale: 'hi-IN' });

  test('signing up goes through the screens in Hindi, its mistakes said in Hindi', async ({ page }) => {
    const brand = await createBrand();
    const email = newEmail();
    await open(page, `${brand.origin}/signup`);
    await ready(page);
    await page.getByRole('button', { name: 'खाता बनाएँ' }).click();
    await expect(page.getByLabel('आपका नाम')).toHaveAccessibleDescription('अपना नाम लिखें');
    await expect(page.getByLabel('आपका नाम')).toBeFocused();
    await page.getByLabel('आपका नाम').fill('Asha');
    await page.getByLabel('ई-मेल पता').fill(email);
    await page.getByLabel('पासवर्ड').fill('short');
    await page.getByRole('button', { name: 'खाता बनाएँ' }).click();
    await expect(page.getByLabel('पासवर्ड')).toHaveAccessibleDescription(/कम से कम 8 अक्षर रखें/);
    const since = Date.now();
    await page.getByLabel('पासवर्ड').fill(PASSWORD);
    await page.getByRole('button', { name: 'खाता बनाएँ' }).click();
    await expect(page).toHaveURL(`${brand.origin}/otp-verify`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('अपना कोड डालें');
    await expect(page.getByText(/हमने .+ पर 6 अंकों का कोड भेजा है।/)).toBeVisible();
    await page.getByLabel('कोड').fill('12');
    await page.getByRole('button', { name: 'पुष्टि करें' }).click();
    await expect(page.getByLabel('कोड')).toHaveAccessibleDescription('6 अंकों का कोड डालें');
    await page.getByLabel('कोड').fill(await otpFor(email, 'SIGNUP', since));
    await page.getByRole('button', { name: 'पुष्टि करें' }).click();
    await expect(page).toHaveURL(`${brand.origin}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('नमस्ते, Asha');
    // The cookie notice and the sign-out button, in Hindi too.
    await expect(page.getByRole('region', { name: 'कुकी सूचना' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'साइन आउट करें' })).toBeVisible();
  });

  test('switching to Tamil and reloading stays Tamil', async ({ page }) => {
    const { brand, units } = await brandWithCatalog();
    await open(page, `${brand.origin}/info/verify/${units[0]!.overt.qrId}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await switchTo(page, 'ta');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('தகவல்');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('தகவல்');
    // Another page of the same site, too.
    await open(page, `${brand.origin}/login`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('உள்நுழையவும்');
  });
});

test('a Hindi browser signed in sees its products, rewards and warranty in Hindi', async ({ page, browser }) => {
  test.slow(); // a brand with a product, a claimed unit and three screens
  const shop = await aftersalesBrand();
  const { origin } = shop.brand;
  await customerWithUnit(page, shop); // signed up and claimed in an English browser
  const hindi = await browser.newContext({ storageState: await page.context().storageState(), locale: 'hi-IN' });
  const p = await hindi.newPage();

  // The first HTML of My products is already Hindi: the heading, the card's labels, its dates.
  const products = await firstHtml(p, `${origin}/my-products`, HINDI);
  expect(products).toMatch(/<html[^>]* lang="hi"/);
  expect(products).toMatch(/<h1[^>]*>मेरे उत्पाद<\/h1>/);
  expect(products).toContain('बैच');
  expect(products).toContain('दावा किया');
  expect(products).toContain(shop.productName); // the brand's own words stay as written
  await open(p, `${origin}/my-products`);
  await expect(p.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(p.getByRole('heading', { level: 1 })).toHaveText('मेरे उत्पाद');
  await expect(p.getByRole('list', { name: 'आपके उत्पाद' })).toContainText('वारंटी');

  await open(p, `${origin}/rewards`);
  await expect(p.getByRole('heading', { level: 1 })).toHaveText('इनाम');
  await expect(p.getByText('असली उत्पाद स्कैन करके कमाए गए कैशबैक और कूपन।', { exact: false })).toBeVisible();
  await expect(p.getByTestId('no-rewards')).toContainText('अभी कोई इनाम नहीं।');
  await expect(p.getByTestId('no-rewards')).not.toContainText('No rewards');

  await open(p, `${origin}/warranty`);
  await expect(p.getByRole('heading', { level: 1 })).toHaveText('वारंटी');
  const form = p.getByRole('form', { name: 'वारंटी दर्ज करें' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('खरीद की तारीख')).toBeVisible();
  await form.getByRole('button', { name: 'वारंटी दर्ज करें' }).click();
  await expect(form.getByRole('alert')).toContainText('खरीद की तारीख डालें।');
  await hindi.close();
});

test('a signed-in customer\'s choice follows them to another browser', async ({ page, browser }) => {
  const { brand } = await brandWithCatalog();
  const email = newEmail();
  await signUpByApi(page, brand, { email, name: 'Ravi' });
  await switchTo(page, 'te');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('నమస్కారం, Ravi');

  const other: Browser = browser;
  const context = await other.newContext(); // another browser: no cookie, English asked for
  const second = await context.newPage();
  await signInWithPassword(second, brand, email);
  await expect(second).toHaveURL(`${brand.origin}/`);
  await expect(second.locator('html')).toHaveAttribute('lang', 'te');
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('నమస్కారం, Ravi');
  await context.close();
});

test('every offered language is drawn with real glyphs, not missing-glyph boxes', async ({ page }) => {
  const { brand, units } = await brandWithCatalog();
  const url = `${brand.origin}/info/verify/${units[0]!.overt.qrId}`;
  for (const language of ['hi', 'bn', 'mr', 'ta', 'te']) {
    await page.context().addCookies([{ name: 'bv_lang', value: language, url: brand.origin }]);
    await open(page, url);
    await page.evaluate(() => document.fonts.ready);
    const heading = page.getByRole('heading', { level: 1 });
    // A missing glyph draws the same box for every character: a string of distinct letters of
    // the script would then be as wide as the same number of a character no font has (U+0378
    // is unassigned). Real glyphs differ in width from it, and the screenshot of the heading
    // differs from the screenshot of the boxes.
    const widths = await heading.evaluate((h) => {
      const probe = (text: string) => {
        const span = document.createElement('span');
        span.textContent = text;
        span.style.whiteSpace = 'pre';
        h.appendChild(span);
        const w = span.getBoundingClientRect().width;
        span.remove();
        return w;
      };
      const text = h.textContent ?? '';
      const letters = [...new Set([...text].filter((c) => c.trim()))];
      return { letters: letters.length, real: letters.map((c) => probe(c)), box: probe('\u0378') };
    });
    expect(widths.letters).toBeGreaterThan(2);
    const boxes = widths.real.filter((w) => Math.abs(w - widths.box) < 0.01).length;
    expect(boxes, `${language}: ${boxes} of ${widths.letters} letters as wide as a missing glyph`).toBeLessThan(widths.letters / 2);
    const shot = await heading.screenshot();
    await heading.evaluate((h) => (h.textContent = '\u0378'.repeat([...(h.textContent ?? '')].length)));
    expect(shot.equals(await heading.screenshot()), `${language}: the heading looks like missing-glyph boxes`).toBe(false);
  }
});

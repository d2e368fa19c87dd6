import { expect, test, type Page } from '@playwright/test';
import { createBrand, newEmail, open, signUpByApi, signUpWithPassword } from './support';

// A chunk of an older deployment that is no longer served (lib/client/chunk-reload.ts): the
// screen that needs it reloads once, and if the chunk is still missing the error screen shows,
// with no second reload. The missing chunks are made so by answering 404 for every chunk the
// page has not loaded yet, as a server with a newer deployment would (prefetches are refused
// throughout, so the next screen's chunks are not loaded before it is asked for).

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Next.js's prefetch of a link's screen (which would load its chunks ahead) fails. */
async function refusePrefetches(page: Page) {
  await page.route('**/*', (route) => {
    const h = route.request().headers();
    return h['next-router-prefetch'] || h['next-router-segment-prefetch'] ? route.abort() : route.fallback();
  });
}

/** Every chunk not loaded by the page so far answers 404 from now on. */
async function dropUnloadedChunks(page: Page) {
  const loaded = new Set(await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)));
  await page.route(
    (url) => url.pathname.startsWith('/_next/static/chunks/') && !loaded.has(url.pathname),
    (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }),
  );
}

test('a missing chunk of an older deployment reloads the page once; missing again, the error screen shows and nothing loops', async ({ page }) => {
  const brand = await createBrand();
  await signUpWithPassword(page, brand, { email: newEmail(), name: 'Lata' });
  await refusePrefetches(page);
  await open(page, `${brand.origin}/`);
  await page.waitForLoadState('networkidle'); // the deferred parts of the page are in
  await dropUnloadedChunks(page);
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
  });

  // The reloaded document's load event (the page on screen has had its own already).
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Profile' }).first().tap();
  // one reload, of the screen asked for (the browser loads it as a new page)
  await reloaded;
  await expect.poll(() => documents).toEqual(['/edit-profile']);
  const mark = await page.evaluate(() => sessionStorage.getItem('bv_chunk_reload'));
  expect(mark).toMatch(/^\d+$/);

  // the same in the same tab soon after: no second reload, the error screen instead
  await page.unrouteAll();
  await refusePrefetches(page);
  await open(page, `${brand.origin}/`);
  await page.waitForLoadState('networkidle');
  await dropUnloadedChunks(page);
  documents.length = 0;
  await page.getByRole('link', { name: 'Profile' }).first().tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong!' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('bv_chunk_reload'))).toBe(mark); // no new reload was made
  expect(documents).toEqual([]);
});

// A part of the screen loaded after the page (components/shell/lazy.tsx, `content`) whose chunk
// does not arrive: the error screen and its one reload take over, as for a screen's own chunk.
// The part's chunk is told by what it holds (its own test id), not by its name, which changes with
// each build; it is refused on the first page only (`once`: a connection that dropped) or on every
// page (a deployment that no longer serves it).

/**
 * Aborts each chunk holding `marker`; with `once`, only until the page is loaded a second time.
 * Returns the documents asked for, the load events seen and the chunks refused.
 */
async function refuseChunkHolding(page: Page, marker: string, once: boolean) {
  const documents: string[] = [];
  const refused: string[] = [];
  const loads = { count: 0 };
  page.on('request', (r) => {
    if (r.resourceType() === 'document' && r.frame() === page.mainFrame()) documents.push(new URL(r.url()).pathname);
  });
  page.on('load', () => loads.count++);
  await page.route(
    (url) => url.pathname.startsWith('/_next/static/chunks/') && url.pathname.endsWith('.js'),
    async (route) => {
      if (once && documents.length > 1) return route.fallback();
      // Fetched by the test to read it: Node does not resolve the brand's *.localhost as Chromium does.
      const url = new URL(route.request().url());
      const host = url.host;
      url.hostname = '127.0.0.1';
      const response = await route.fetch({ url: url.toString(), headers: { ...route.request().headers(), host } });
      const body = await response.body();
      if (!body.includes(marker)) return route.fulfill({ response, body });
      refused.push(url.pathname);
      return route.abort('connectionreset');
    },
  );
  return { documents, refused, loads };
}

test("the contact confirmation's chunk dropped: the gated screen reloads once and then asks for the code", async ({ page }) => {
  const brand = await createBrand({ flags: { isLoyalityProgramEnabled: true } });
  await signUpByApi(page, brand, { email: newEmail(), name: 'Ira', verify: false });
  const { documents, refused, loads } = await refuseChunkHolding(page, 'verify-contact-title', true);

  await page.goto(`${brand.origin}/edit-profile`);
  await expect.poll(() => loads.count).toBe(2); // the reloaded page's load event
  const gate = page.getByTestId('verify-contact');
  await expect(gate.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  expect(refused.length).toBeGreaterThan(0); // the first page's load of it was refused
  expect(documents).toEqual(['/edit-profile', '/edit-profile']); // one reload
  expect(await page.evaluate(() => sessionStorage.getItem('bv_chunk_reload'))).toMatch(/^\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong!' })).toHaveCount(0);
  await expect(gate.getByRole('button', { name: 'Send code' })).toBeVisible();
});

test("the dispute form's chunk no longer served: /report reloads once, then shows the error screen, not '…' forever", async ({ page }) => {
  const brand = await createBrand();
  await signUpByApi(page, brand, { email: newEmail(), name: 'Bina' });
  const { documents, refused, loads } = await refuseChunkHolding(page, 'dispute-sent', false);

  await page.goto(`${brand.origin}/report?dispute=AbCdEfGhIjKlMnOpQ`);
  await expect.poll(() => loads.count).toBe(2); // the reloaded page's load event
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong!' })).toBeVisible();
  await page.waitForLoadState('networkidle'); // the shell's deferred effects, which decide on a reload, are in
  expect(documents).toEqual(['/report', '/report']); // one reload, then no more
  expect(new Set(refused).size).toBe(1); // the same chunk, refused on both pages
  expect(refused.length).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('button', { name: 'Send the dispute' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

import { expect, test, type Page } from '@playwright/test';
import { createBrand, newEmail, open, signUpWithPassword } from './support';

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

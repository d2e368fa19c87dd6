import { expect, test } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createBrand, newEmail, ready, signUpByApi } from './support';
import { acceptBanners, ALL_FLAGS, brandWithCatalog } from './verify-catalog';

// First-load JavaScript as a browser sees it: the scripts a page's first HTML names (its
// <script src> tags and script preloads, which include the chunks of components the server
// rendered through next/dynamic; not the noModule polyfills, not what loads after the first
// paint), fetched and gzipped. scripts/first-load-budget.mjs reads the same from the build's
// manifests for every page; this holds the largest signed-in pages, as served to a signed-in
// customer, to the same budget (docs/benchmarks.md, "First-load JavaScript of every page").

/**
 * The script files the first HTML of a page asks for: `<script src>`, `<link rel=preload|modulepreload
 * as=script>`, and those the production server holds until the first paint (`<link rel="x-held-script">`
 * and `rel="x-held-preload"`, scripts/paint-first.mjs), which the page fetches all the same.
 */
function scriptsOf(html: string): string[] {
  const files = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && !/\bnoModule\b/i.test(tag)) files.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && (rel === 'modulepreload' || rel === 'x-held-script' || rel === 'x-held-preload' || (rel === 'preload' && /\bas="script"/.test(tag)))) files.add(href);
  }
  return [...files].map((f) => f.replace(/&amp;/g, '&'));
}

/** The budget scripts/first-load-budget.mjs enforces (read from it: the test runner loads no ES module script). */
const FIRST_LOAD_BUDGET_KB = Number(
  /export const FIRST_LOAD_BUDGET_KB = (\d+);/.exec(readFileSync(path.join(process.cwd(), 'scripts', 'first-load-budget.mjs'), 'utf8'))?.[1],
);

const PAGES = ['/', '/qr-scan', '/scan-result', '/report', '/upi-details', '/edit-profile', '/rewards', '/warranty', '/my-products'];

test('the signed-in pages load at most the budget of JavaScript first, as served', async ({ page }) => {
  test.setTimeout(120_000);
  expect(FIRST_LOAD_BUDGET_KB).toBeGreaterThan(0);
  const brand = await createBrand({ flags: { ...ALL_FLAGS, isLoyalityProgramEnabled: true, isComplaintManagementEnabled: true } });
  await signUpByApi(page, brand, { email: newEmail(), name: 'Mira' });

  // In the page (the brand's *.localhost host resolves in the browser, with its session cookie).
  const sizes = new Map<string, number>();
  const gzippedKb = async (files: string[]) => {
    const missing = files.filter((f) => !sizes.has(f));
    const bodies = await page.evaluate(
      (urls) => Promise.all(urls.map(async (u) => { const r = await fetch(u); return r.ok ? r.text() : null; })),
      missing,
    );
    missing.forEach((f, i) => {
      expect(bodies[i], f).not.toBeNull();
      sizes.set(f, gzipSync(Buffer.from(bodies[i]!, 'utf8')).length / 1024);
    });
    return files.reduce((sum, f) => sum + sizes.get(f)!, 0);
  };

  const measured: string[] = [];
  for (const pagePath of PAGES) {
    const res = await page.goto(`${brand.origin}${pagePath}`);
    expect(new URL(page.url()).pathname, `${pagePath} answers the signed-in page`).toBe(pagePath);
    const files = scriptsOf(await res!.text());
    expect(files.length, `${pagePath} names its scripts`).toBeGreaterThan(3);
    const kb = await gzippedKb(files);
    measured.push(`${pagePath} ${kb.toFixed(2)} kB: ${files.map((f) => `${f.replace(/^.*\//, '')} ${sizes.get(f)!.toFixed(1)}`).join(', ')}`);
    if (kb > FIRST_LOAD_BUDGET_KB) console.log(measured.at(-1));
    expect(kb, `first-load JavaScript of ${pagePath}: ${kb.toFixed(2)} kB gzipped (budget ${FIRST_LOAD_BUDGET_KB} kB)`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  }
  console.log(measured.join('\n'));
  test.info().annotations.push({ type: 'first-load', description: measured.join(', ') });
});

// The verdict is painted before any script is fetched (scripts/paint-first.mjs, docs/benchmarks.md,
// "Scripts after the first paint"): the production server holds the first-load scripts behind a
// loader that adds them once the browser reports its first paint; then the page hydrates and works.
test('the verify page paints its verdict before fetching any script, then hydrates and works', async ({ page }) => {
  const { brand, units } = await brandWithCatalog();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  const res = await page.goto(`${brand.origin}/info/verify/${units[0]!.overt.qrId}`);
  const html = await res!.text();
  // As served: no script of the build for the browser to fetch on its own, one loader.
  expect(html).not.toMatch(/<script[^>]*\ssrc="\/_next\/static\/[^"]*"[^>]*\sasync/);
  expect(html).not.toMatch(/<link[^>]*rel="preload"[^>]*as="script"/);
  expect(html.match(/<link rel="x-held-script"/g)?.length ?? 0).toBeGreaterThan(3);
  await ready(page);
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
    const scripts = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.startsWith('/_next/static/') && e.name.endsWith('.js'));
    return { paint: paint?.startTime, firstScript: Math.min(...scripts.map((e) => e.startTime)), scripts: scripts.length };
  });
  expect(timing.paint).toBeDefined();
  expect(timing.scripts).toBeGreaterThan(3);
  expect(timing.firstScript, `the first script was asked for at ${timing.firstScript} ms, the first paint came at ${timing.paint} ms`).toBeGreaterThan(timing.paint!);
  // Each held script ran once, added by the loader with the page's nonce (the CSP let it run).
  const added = await page.evaluate(() => [...document.querySelectorAll('script[src^="/_next/static/"][async]')].map((s) => s.getAttribute('src')));
  expect(added.length).toBeGreaterThan(3);
  expect(new Set(added).size).toBe(added.length);
  // Hydrated and working: the cookie notice, drawn by the server, closes when accepted.
  await expect(page.getByRole('region', { name: 'Cookie Notice' })).toBeVisible();
  await acceptBanners(page);
  await expect(page.getByRole('region', { name: 'Cookie Notice' })).toBeHidden();
  expect(errors).toEqual([]);
});

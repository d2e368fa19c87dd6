#!/usr/bin/env node
// @ts-check
// First-load JavaScript of every page of a production build, read from the build's manifests
// (no server, no timing): the scripts Next puts in a page's first HTML are the runtime's root
// files (build-manifest.json `rootMainFiles`) and the entry chunks of the page's layouts,
// template, error boundaries and page (the page's client reference manifest, `entryJSFiles`).
// Next's `noModule` polyfills are left out: modern browsers never fetch them.
//
//   node scripts/first-load-budget.mjs [--dist .next] [--json] [--all]
//
// Prints every customer page (the app's pages; not the API, not Next's built-in error pages, not
// the staff console under an app/(console) route group) with its gzipped size, largest first,
// grouped by whether it is reached signed in (app/(signed-in)) or not, and exits 1 naming each
// page over the budget: 144 kB (FIRST_LOAD_BUDGET_KB, or the environment variable of that name)
// for every customer page, signed in or not. `--all` also lists the chunks of each page.
// `npm test` runs it on the end-to-end build.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { filesUnder } from './lib.mjs';

/** @type {typeof import('./first-load-budget.d.mts').FIRST_LOAD_BUDGET_KB} */
export const FIRST_LOAD_BUDGET_KB = 144;

/** 'signed-in' for the pages of app/(signed-in), else 'signed-out' (reached without signing in). */
/** @type {typeof import('./first-load-budget.d.mts').audienceOf} */
export const audienceOf = (pageKey) => (pageKey.startsWith('/(signed-in)/') ? 'signed-in' : 'signed-out');

/** A page of the staff console (any `(console)` route group): not a customer page, not measured. */
/** @type {typeof import('./first-load-budget.d.mts').isConsolePage} */
export const isConsolePage = (pageKey) => pageKey.split('/').includes('(console)');

/** The route a page file serves: route groups `(name)` leave no trace in the URL. */
/** @param {string} pageKey */
export function routeOf(pageKey) {
  const parts = pageKey.replace(/^\//, '').replace(/\/page$/, '').split('/').filter((p) => p && !/^\(.*\)$/.test(p));
  return '/' + parts.join('/');
}

/** Client reference manifests of the build's app pages: `[pageKey, manifestFile]`. */
/**
 * @param {string} dist
 * @returns {[pageKey: string, file: string][]}
 */
export function pageManifests(dist) {
  const appDir = path.join(dist, 'server', 'app');
  const found = existsSync(appDir) ? filesUnder(appDir).filter((f) => path.posix.basename(f) === 'page_client-reference-manifest.js').map((f) => path.join(appDir, f)) : [];
  return found.map((file) => /** @type {[string, string]} */ (['/' + path.relative(appDir, path.dirname(file)).split(path.sep).join('/') + '/page', file]));
}

/** Reads a manifest file (`globalThis.__RSC_MANIFEST["key"] = {…};`) without running it. */
/**
 * @param {string} file
 * @param {string} pageKey
 * @returns {import('./first-load-budget.d.mts').RscManifest}
 */
export function readRscManifest(file, pageKey) {
  const { text, end } = manifestAt(file, pageKey);
  return JSON.parse(text.slice(end).trim().replace(/;$/, ''));
}

/** Writes `manifest` back in place of the one readRscManifest reads from `file`. */
/**
 * @param {string} file
 * @param {string} pageKey
 * @param {import('./first-load-budget.d.mts').RscManifest} manifest
 */
export function writeRscManifest(file, pageKey, manifest) {
  const { text, end } = manifestAt(file, pageKey);
  writeFileSync(file, `${text.slice(0, end)}${JSON.stringify(manifest)};\n`);
}

/**
 * @param {string} file
 * @param {string} pageKey
 */
function manifestAt(file, pageKey) {
  const text = readFileSync(file, 'utf8');
  const marker = `globalThis.__RSC_MANIFEST[${JSON.stringify(pageKey)}] = `;
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`${file}: no manifest for ${pageKey}`);
  return { text, end: at + marker.length };
}

/**
 * Every app page of the build at `dist` with its first-load scripts and their gzipped size.
 * Built-in pages (`/_not-found`, `/_global-error`) are skipped: no customer navigates to them.
 */
/**
 * @param {string} dist
 * @returns {import('./first-load-budget.d.mts').MeasuredPage[]}
 */
export function measureFirstLoad(dist) {
  const buildManifest = JSON.parse(readFileSync(path.join(dist, 'build-manifest.json'), 'utf8'));
  const polyfills = new Set(buildManifest.polyfillFiles ?? []);
  /** @type {string[]} */
  const root = (buildManifest.rootMainFiles ?? []).filter((/** @type {string} */ f) => !polyfills.has(f));
  if (!root.length) throw new Error(`${dist}/build-manifest.json lists no rootMainFiles: not a production app build`);
  /** @type {Map<string, number>} */
  const gzCache = new Map();
  /** @param {string} file */
  const gz = (file) => {
    if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
    return /** @type {number} */ (gzCache.get(file));
  };
  /** @type {import('./first-load-budget.d.mts').MeasuredPage[]} */
  const pages = [];
  for (const [pageKey, file] of pageManifests(dist)) {
    if (/^\/_/.test(pageKey) || pageKey.startsWith('/api/') || isConsolePage(pageKey)) continue;
    const manifest = readRscManifest(file, pageKey);
    /** @type {string[]} */
    const entries = Object.values(manifest.entryJSFiles ?? {}).flat();
    const files = [...new Set([...root, ...entries])].filter((f) => !polyfills.has(f));
    const bytes = files.reduce((sum, f) => sum + gz(f), 0);
    pages.push({ page: pageKey, route: routeOf(pageKey), audience: audienceOf(pageKey), kb: bytes / 1024, files: files.map((f) => ({ file: f, kb: gz(f) / 1024 })) });
  }
  if (!pages.length) throw new Error(`${dist} holds no app pages (run the build first)`);
  return pages.sort((a, b) => b.kb - a.kb || a.route.localeCompare(b.route));
}

/** The pages over the budget (kB, gzipped), the same for every customer page. */
/** @type {typeof import('./first-load-budget.d.mts').overBudget} */
export const overBudget = (pages, budget = FIRST_LOAD_BUDGET_KB) => pages.filter((p) => p.kb > budget);

function main() {
  const args = process.argv.slice(2);
  const distArg = args.includes('--dist') ? args[args.indexOf('--dist') + 1] : process.env.NEXT_DIST_DIR || '.next';
  const dist = path.resolve(distArg);
  const budget = Number(process.env.FIRST_LOAD_BUDGET_KB || FIRST_LOAD_BUDGET_KB);
  const pages = measureFirstLoad(dist);
  if (args.includes('--json')) {
    console.log(JSON.stringify({ budget, pages }, null, 2));
  } else {
    console.log(`First-load JavaScript, gzipped, build ${path.relative(process.cwd(), dist) || '.'}, budget ${budget} kB for every customer page:`);
    for (const [audience, title] of [['signed-out', 'pages reached without signing in'], ['signed-in', 'signed-in pages']]) {
      console.log(`\n${title}:`);
      for (const p of pages.filter((x) => x.audience === audience)) {
        console.log(`  ${p.kb.toFixed(1).padStart(6)} kB  ${p.route}${p.kb > budget ? '  OVER' : ''}`);
        if (args.includes('--all')) for (const f of p.files) console.log(`             ${f.kb.toFixed(1).padStart(6)} kB  ${f.file}`);
      }
    }
  }
  const over = overBudget(pages, budget);
  if (over.length) {
    // Two decimals past the budget's: a page 0.02 kB over must not read as "144.0 kB (budget 144 kB)".
    for (const p of over) console.error(`first-load JavaScript over budget: ${p.route} loads ${p.kb.toFixed(2)} kB gzipped (budget ${budget} kB)`);
    process.exit(1);
  }
  if (!args.includes('--json')) console.log(`\nfirst-load JavaScript within budget: ${pages.length} pages`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();

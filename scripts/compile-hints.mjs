#!/usr/bin/env node
// @ts-check
// V8's explicit compile hint on the scripts every page runs as it loads (docs/benchmarks.md,
// "Compiled off the main thread"). A browser compiles a script's top level while it downloads, on
// a background thread, but each function inside only when it is first called, on the main
// thread: on the verify page that was about 90 ms of a 130 ms task at a phone's 4× slower CPU,
// as the bundles' module factories ran one after another. The magic comment
// `//# allFunctionsCalledOnLoad` as a script's first line (Chromium 136 and later; other browsers
// read it as a comment) asks for every function of the file to be compiled with it, off the main
// thread. It goes only on the large first-load scripts (the runtime's root files and each page's
// entry chunks, as scripts/first-load-budget.mjs counts them, of MIN_HINTED_BYTES or more: React's
// and Next's, where nearly all of that time went): those run at once anyway, and each hint is 29
// bytes more of a page's first-load budget, not worth it on a script compiled in a few
// milliseconds. Chunks a page loads later (the camera's decoder, the animations) are left as they are.
//   node scripts/compile-hints.mjs [--dist .next]    (run by scripts/start.mjs after each build)
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageManifests, readRscManifest } from './first-load-budget.mjs';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
/** The size (uncompressed) from which a first-load script is given the hint. */
export const MIN_HINTED_BYTES = 64 * 1024;

/**
 * The first-load scripts of every page of the build (paths relative to it), polyfills left out.
 * @param {string} dist
 * @returns {string[]}
 */
export function firstLoadScripts(dist) {
  const buildManifest = JSON.parse(readFileSync(path.join(dist, 'build-manifest.json'), 'utf8'));
  const polyfills = new Set(buildManifest.polyfillFiles ?? []);
  /** @type {Set<string>} */
  const files = new Set(buildManifest.rootMainFiles ?? []);
  for (const [pageKey, file] of pageManifests(dist)) {
    for (const list of Object.values(readRscManifest(file, pageKey).entryJSFiles ?? {})) for (const f of list) files.add(f);
  }
  return [...files].filter((f) => !polyfills.has(f) && f.endsWith('.js')).sort();
}

/**
 * Puts the compile hint first in each first-load script of MIN_HINTED_BYTES or more of the build
 * at `dist` that lacks it.
 * Idempotent; answers the files changed. A script listed but missing is an error: the build is
 * incomplete and must not be served.
 * @param {string} dist
 */
export function addCompileHints(dist) {
  /** @type {string[]} */
  const changed = [];
  for (const f of firstLoadScripts(dist)) {
    const file = path.join(dist, f);
    if (!existsSync(file)) throw new Error(`${file}: listed by the build's manifests but not in the build`);
    if (statSync(file).size < MIN_HINTED_BYTES) continue;
    const text = readFileSync(file, 'utf8');
    if (text.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + text);
    changed.push(f);
  }
  return changed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const dist = path.resolve(args.includes('--dist') ? args[args.indexOf('--dist') + 1] : process.env.NEXT_DIST_DIR || '.next');
  const changed = addCompileHints(dist);
  console.log(`compile hints: ${changed.length} script(s) given the hint now, of ${firstLoadScripts(dist).length} first-load scripts`);
}

#!/usr/bin/env node
// @ts-check
// The root layout's stylesheet once in each page's RSC payload, not twice. With Turbopack, the
// build's client reference manifests list a layout's stylesheets under every module below it,
// Next's built-in global error included, although it imports no CSS (it is styled inline); the
// renderer writes the global error's styles into every page's payload without leaving out what the
// root layout has already written. Next.js 16.4 does so (a known defect of the framework, not yet
// fixed in a release); a webpack build lists no CSS there. Until 29 Nov the build had
// `experimental.inlineCss` on, and that was the whole stylesheet, 23 kB of text, a second time in
// every page's HTML (the empty page under the app's shell cost 17% more server CPU a request);
// since then the launcher writes the stylesheet inline (scripts/paint-first.mjs) and the payload
// links it, so this saves a repeated link. This step, run after each build by scripts/start.mjs
// and the bench, empties the built-in global error's stylesheet list in every manifest.
// A custom app/global-error.tsx would import its own styles and is left as it is.
//   node scripts/global-error-css.mjs [--dist .next]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageManifests, readRscManifest, writeRscManifest } from './first-load-budget.mjs';

/** The manifest key of Next's built-in global error (not a custom app/global-error.tsx). */
export const BUILTIN_GLOBAL_ERROR = /\/next\/dist\/client\/components\/builtin\/global-error$/;

/**
 * Empties the built-in global error's stylesheet list in every page's client reference manifest
 * of the build at `dist`. Idempotent; answers the pages changed.
 * @param {string} dist
 */
export function dropGlobalErrorCss(dist) {
  /** @type {string[]} */
  const changed = [];
  for (const [pageKey, file] of pageManifests(dist)) {
    const manifest = readRscManifest(file, pageKey);
    const lists = manifest.entryCSSFiles ?? {};
    const keys = Object.keys(lists).filter((key) => BUILTIN_GLOBAL_ERROR.test(key) && (lists[key]?.length ?? 0) > 0);
    if (!keys.length) continue;
    for (const key of keys) lists[key] = [];
    writeRscManifest(file, pageKey, manifest);
    changed.push(pageKey);
  }
  return changed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const dist = path.resolve(args.includes('--dist') ? args[args.indexOf('--dist') + 1] : process.env.NEXT_DIST_DIR || '.next');
  console.log(`global error stylesheet: left out of ${dropGlobalErrorCss(dist).length} manifest(s)`);
}

#!/usr/bin/env node
// @ts-check
// The one step after `next build` (run by scripts/start.mjs, the bench and `npm run build`): the
// Next.js version is one the patches were written for (scripts/framework-patches.mjs), then the
// large first-load scripts get their compile hint (scripts/compile-hints.mjs), the built-in global
// error loses the root stylesheet (scripts/global-error-css.mjs), the static scripts and
// stylesheets are compressed once for every answer (scripts/precompress.mjs), and the embedded
// database's template is made (scripts/db-template.mjs). A failed check or patch fails the build: the build
// is not stamped as made, so it is never served half-patched.
//   node scripts/post-build.mjs [--dist .next]
import './runtime.mjs'; // first: re-runs this command under Node 24+ when the system Node is older
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { addCompileHints } from './compile-hints.mjs';
import { makeDbTemplate } from './db-template.mjs';
import { checkFrameworkVersion } from './framework-patches.mjs';
import { dropGlobalErrorCss } from './global-error-css.mjs';
import { precompressStatic } from './precompress.mjs';

/**
 * Every post-build step on the build at `dist`, in order; throws on the first that fails.
 * @param {string} dist
 */
export function postBuild(dist) {
  checkFrameworkVersion();
  // The large first-load scripts compiled off a phone's main thread.
  addCompileHints(dist);
  // The root layout's stylesheet once in each page's payload, not twice.
  dropGlobalErrorCss(dist);
  // After the patches above, which rewrite static files: Brotli 11 and gzip 9 once, not per answer.
  precompressStatic(dist);
  // The embedded database's template (a new DATA_DIR starts from it); a failure is reported and
  // the server then creates a new database from nothing, as it always could.
  makeDbTemplate(dist);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const dist = path.resolve(args.includes('--dist') ? (args[args.indexOf('--dist') + 1] ?? '.next') : process.env.NEXT_DIST_DIR || '.next');
  try {
    postBuild(dist);
    console.log(`[brand-verify] post-build steps done on ${dist}`);
  } catch (err) {
    console.error(`[brand-verify] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

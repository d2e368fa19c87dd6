// @ts-check
// The launcher's patches of what Next.js makes and serves, fenced: each names the Next.js
// versions it was written for (major.minor: the shapes it relies on are private to the framework
// and may change in any minor release), what it relies on, and where the conditions for deleting
// it are written (docs/decisions.md, "Framework patches"). scripts/post-build.mjs refuses a build
// made by any other version, before the patches touch it, and the launcher refuses to serve with
// one; tests/unit/scripts/framework-patches.test.ts checks each patched shape on the installed
// Next.js, so an upgrade that changes one fails a test that names it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * @typedef {object} Patch
 * @property {string} name
 * @property {string} file the script that applies it
 * @property {string[]} next the Next.js versions (major.minor) it was written for
 * @property {string} relies what of Next.js it relies on
 */

/** @type {Patch[]} */
export const PATCHES = [
  {
    name: 'compile hints',
    file: 'scripts/compile-hints.mjs',
    next: ['16.4'],
    relies: "the build's manifests: build-manifest.json's rootMainFiles and the client reference manifests' entryJSFiles",
  },
  {
    name: 'the global error without the root stylesheet',
    file: 'scripts/global-error-css.mjs',
    next: ['16.4'],
    relies: "the client reference manifests' entryCSSFiles, keyed by next/dist/client/components/builtin/global-error",
  },
  {
    name: 'scripts after the first paint',
    file: 'scripts/paint-first.mjs',
    next: ['16.4'],
    relies: "the page HTML's first-load <script src async> tags and script preloads under /_next/static/, and its stylesheets as React's <link rel=stylesheet data-precedence> that its client finds by address",
  },
];

const require = createRequire(import.meta.url);

/** The installed Next.js's version. */
export function nextVersion() {
  return /** @type {{ version: string }} */ (JSON.parse(readFileSync(require.resolve('next/package.json'), 'utf8'))).version;
}

/** The patches not written for `version` (none: every patch may run on it). */
export function patchesOutside(version = nextVersion()) {
  const minor = version.split('.').slice(0, 2).join('.');
  // A prerelease of a version (16.5.0-canary.3) is not that version.
  return PATCHES.filter((p) => !p.next.includes(minor) || version.includes('-'));
}

/** Throws, naming each patch and its versions, when one was not written for `version`. */
export function checkFrameworkVersion(version = nextVersion()) {
  const outside = patchesOutside(version);
  if (!outside.length) return;
  const list = outside.map((p) => `  - ${p.name} (${p.file}): written for Next.js ${p.next.map((v) => `${v}.x`).join(', ')}; relies on ${p.relies}`).join('\n');
  throw new Error(
    `Next.js ${version} is not a version these patches were written for:\n${list}\n` +
      'Check each against the new version (tests/unit/scripts/framework-patches.test.ts), then add the version to scripts/framework-patches.mjs, or delete the patch (docs/decisions.md, "Framework patches").',
  );
}

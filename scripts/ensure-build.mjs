#!/usr/bin/env node
// @ts-check
// The production build, made when the sources changed since the last one (their fingerprint,
// scripts/lib.mjs, is kept in the build as `source-fingerprint`): `next build`, then the post-build
// steps (scripts/post-build.mjs), then the stamp, so a build that failed half-way is never taken
// as made. Used by npm start (scripts/start.mjs), the bench, and npm test, which makes the
// end-to-end tests' build beside the API tests at low priority (scripts/test.mjs).
//   node scripts/ensure-build.mjs [--dist .next] [--nice]   (--nice: at the lowest CPU priority, the build's
//   own processes too)
import './runtime.mjs'; // first: re-runs this command under Node 24+ when the system Node is older
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, sourceFingerprint } from './lib.mjs';
import { postBuild } from './post-build.mjs';

/**
 * Builds into `distDir` unless it holds a build of the current sources; answers whether it built.
 * Throws when the build or a post-build step fails.
 * @param {string} distDir an absolute path
 * @returns {boolean}
 */
export function ensureBuild(distDir) {
  const stamp = path.join(distDir, 'source-fingerprint');
  const fingerprint = sourceFingerprint();
  if (existsSync(path.join(distDir, 'BUILD_ID')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) return false;
  console.log('[brand-verify] building the app (first start, or the sources changed)…');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: path.relative(root, distDir) },
  });
  if (r.status !== 0) throw new Error(`next build failed (exit ${r.status ?? r.signal})`);
  // The framework's version checked, then its output patched.
  postBuild(distDir);
  writeFileSync(stamp, fingerprint);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const dist = path.resolve(root, args.includes('--dist') ? (args[args.indexOf('--dist') + 1] ?? '.next') : process.env.NEXT_DIST_DIR || '.next');
  // Before the build starts: the processes it starts inherit the priority.
  if (args.includes('--nice')) os.setPriority(19);
  try {
    console.log(ensureBuild(dist) ? `[brand-verify] built ${dist}` : `[brand-verify] ${dist} holds a build of these sources`);
  } catch (err) {
    console.error(`[brand-verify] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

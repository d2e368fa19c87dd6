#!/usr/bin/env node
// @ts-check
// The embedded database's template: a data folder with every migration applied, made once with
// each build and kept in the build folder (<build>/db-template.tar.gz). A server starting on an
// empty DATA_DIR unpacks it instead of creating a database cluster from nothing and migrating
// it (lib/db/client.ts, DB_TEMPLATE): the cluster's creation alone is about 2.3 s of a fresh
// start (docs/benchmarks.md, "Ready in 5 s"). It holds the schema only: no brand, no secret, no
// row a server writes; any migration added after it is applied on top at start-up as usual.
//   node --conditions=react-server scripts/db-template.mjs FILE   (run by makeDbTemplate below)
import './runtime.mjs'; // first: re-runs this command under Node 24+ when the system Node is older
import { spawnSync } from 'node:child_process';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadAppModule } from './app-bundle.mjs';
import { root } from './lib.mjs';

/**
 * The template's file in a build folder.
 * @param {string} distDir
 */
export const dbTemplateFile = (distDir) => path.join(distDir, 'db-template.tar.gz');

/**
 * Makes (or remakes) the template of the build folder distDir, in a child process: the
 * migrations are TypeScript and import 'server-only', which loads only under the react-server
 * condition. Answers whether it was made; a failure is reported and the server simply starts
 * without it (a fresh start then creates its database as before).
 * @param {string} distDir
 */
export function makeDbTemplate(distDir) {
  const file = dbTemplateFile(distDir);
  const r = spawnSync(process.execPath, ['--conditions=react-server', '--no-warnings', path.join(root, 'scripts', 'db-template.mjs'), file], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) console.warn('[brand-verify] the embedded database template was not made; a new data folder will be created from nothing');
  return r.status === 0;
}

/** @param {string} file the template's file, written */
async function main(file) {
  const { migrate } = /** @type {any} */ (await loadAppModule('lib/db/migrate.ts'));
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(); // in memory: only its dump is kept
  try {
    const applied = await migrate({ query: (/** @type {string} */ s, /** @type {unknown[] | undefined} */ p) => db.query(s, p), exec: (/** @type {string} */ s) => db.exec(s) }, { advisory: false });
    const dump = await db.dumpDataDir('gzip');
    // Written beside, then renamed: a server never reads half a template.
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
      renameSync(tmp, file);
    } finally {
      rmSync(tmp, { force: true });
    }
    return applied.length;
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node --conditions=react-server scripts/db-template.mjs FILE');
    process.exit(2);
  }
  const t0 = performance.now();
  const n = await main(path.resolve(file));
  console.log(`[brand-verify] embedded database template: ${n} migrations, ${Math.round(performance.now() - t0)} ms`);
}

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The api and attack projects' global setup. On PGlite: a migrated in-memory database, dumped
// once (scripts/db-template.mjs) and loaded by every test file's database (DB_MEMORY_TEMPLATE,
// read in lib/db/client.ts) instead of each file creating a database cluster and applying every
// migration again (about 3 s a file). The dump is kept in the temp folder under a hash of the
// migrations, the migration runner and PGlite's version, so a changed migration makes a new one
// and an unchanged tree reuses it across runs.
// On PostgreSQL (TEST_DATABASE_URL): a migrated template database `<db>_template`, kept under the
// same hash (its comment), and a fresh copy of it per jest worker, `<db>_w1`, `<db>_w2`…
// (CREATE DATABASE … TEMPLATE), so files run side by side, each worker on a database of its own
// that no earlier run wrote to (api-env.ts points DATABASE_URL at the worker's copy).

const root = path.resolve(__dirname, '..', '..');

function templateKey(): string {
  const hash = createHash('sha256');
  const dir = path.join(root, 'lib', 'db', 'migrations');
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(path.join(dir, name)));
  hash.update(readFileSync(path.join(root, 'lib', 'db', 'migrate.ts')));
  hash.update(readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/** The database of a jest worker in the PostgreSQL pass: `<db>_w<worker>` on the same server. */
export function workerDatabaseUrl(url: string, worker: string): string {
  const u = new URL(url);
  u.pathname = `/${decodeURIComponent(u.pathname.slice(1))}_w${worker}`;
  return u.toString();
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function preparePostgres(url: string, workers: number) {
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    const base = decodeURIComponent(new URL(url).pathname.slice(1));
    const template = `${base}_template`;
    const key = templateKey();
    const kept = await admin.query(`select shobj_description(oid, 'pg_database') as key from pg_database where datname = $1`, [template]);
    if (kept.rows[0]?.key !== key) {
      await admin.query(`drop database if exists ${quoted(template)} with (force)`);
      await admin.query(`create database ${quoted(template)}`);
      const u = new URL(url);
      u.pathname = `/${template}`;
      const r = spawnSync(process.execPath, ['--conditions=react-server', '--no-warnings', path.join(root, 'tests', 'support', 'migrate-postgres.mjs'), u.toString()], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
      if (r.status !== 0) throw new Error(`the test template database ${template} could not be migrated (tests/support/migrate-postgres.mjs exited ${r.status})`);
      // Marked only once migrated: an interrupted run leaves it unmarked, made again next time.
      await admin.query(`comment on database ${quoted(template)} is '${key}'`);
    }
    for (let w = 1; w <= workers; w++) {
      const copy = `${base}_w${w}`;
      await admin.query(`drop database if exists ${quoted(copy)} with (force)`);
      await admin.query(`create database ${quoted(copy)} template ${quoted(template)}`);
    }
  } finally {
    await admin.end();
  }
  // Read by the test workers (api-env.ts), which jest starts after this.
  process.env.TEST_DATABASE_COPIES = String(workers);
}

export default async function makeTestDbTemplate(globalConfig: { maxWorkers: number }) {
  if (process.env.TEST_DATABASE_URL) return preparePostgres(process.env.TEST_DATABASE_URL, Math.max(1, globalConfig.maxWorkers));
  const dir = path.join(os.tmpdir(), 'brand-verify-db-templates');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${templateKey()}.tar.gz`);
  if (!existsSync(file)) {
    // Written beside and renamed by the script: a concurrent run never reads half a dump.
    const r = spawnSync(process.execPath, ['--conditions=react-server', '--no-warnings', path.join(root, 'scripts', 'db-template.mjs'), file], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0 || !existsSync(file)) throw new Error(`the test database template could not be made (scripts/db-template.mjs exited ${r.status})`);
  }
  // Read by the test workers, which jest starts after this.
  process.env.DB_MEMORY_TEMPLATE = file;
}

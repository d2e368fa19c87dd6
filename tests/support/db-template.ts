import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The api and attack projects' global setup: a migrated in-memory database, dumped once
// (scripts/db-template.mjs) and loaded by every test file's database (DB_MEMORY_TEMPLATE, read
// in lib/db/client.ts) instead of each file creating a database cluster and applying every
// migration again (about 3 s a file). The dump is kept in the temp folder under a hash of the
// migrations, the migration runner and PGlite's version, so a changed migration makes a new one
// and an unchanged tree reuses it across runs. The PostgreSQL pass does not use it.

const root = path.resolve(__dirname, '..', '..');

function templateKey(): string {
  const hash = createHash('sha256');
  const dir = path.join(root, 'lib', 'db', 'migrations');
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(path.join(dir, name)));
  hash.update(readFileSync(path.join(root, 'lib', 'db', 'migrate.ts')));
  hash.update(readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

export default function makeTestDbTemplate() {
  if (process.env.TEST_DATABASE_URL) return;
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

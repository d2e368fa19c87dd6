import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrations } from '@/lib/db/migrations';

// The embedded database's template (scripts/db-template.mjs, lib/db/client.ts): a server on an
// empty DATA_DIR unpacks the build's template instead of creating a cluster from nothing; the
// result is the same database, migrations newer than the template are applied on top, and a data
// folder that already has a database never takes it.

type Out = { code: number; stdout: string; stderr: string };
const run = (args: string[], env: Record<string, string> = {}): Promise<Out> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=react-server', '--no-warnings', ...args],
      { env: { ...process.env, LOG_LEVEL: 'silent', SESSION_SECRET: '', DATABASE_URL: '', TEST_DATABASE_URL: '', ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
/** The server's start-up step (migrations, the demo brand) in a process of its own. */
const startup = (env: Record<string, string>) => run(['tests/support/run-startup.mjs'], env);

/** Tables, columns, indexes, triggers and applied migrations: what the schema is. */
async function shape(db: PGlite) {
  const q = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows.map((r) => Object.values(r).join(' '));
  return {
    columns: await q(`select table_name, column_name, data_type, is_nullable, coalesce(column_default, '') from information_schema.columns
      where table_schema = 'public' order by 1, 2`),
    indexes: await q(`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`),
    triggers: await q(`select event_object_table, trigger_name, event_manipulation from information_schema.triggers order by 1, 2, 3`),
    migrations: await q('select id from schema_migrations order by id'),
  };
}

/** Opens a data folder the start-up left (the server process has closed it). */
async function openFolder(dir: string) {
  return PGlite.create(path.join(dir, 'pgdata'));
}

describe('the embedded database template', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'db-template-'));
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  it('is made by scripts/db-template.mjs, and a new data folder started from it has the schema of one migrated from nothing', async () => {
    const file = path.join(tmp, 'template.tar.gz');
    const made = await run(['scripts/db-template.mjs', file]);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(made.stdout).toContain(`embedded database template: ${migrations.length} migrations`);

    const dir = path.join(tmp, 'data');
    const out = await startup({ DATA_DIR: dir, DB_TEMPLATE: file, DEMO_BRAND: 'on' });
    expect({ code: out.code, stderr: out.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(out.stdout)).toEqual({ demoSeeded: true });

    const fromTemplate = await openFolder(dir);
    const fromNothing = await PGlite.create();
    try {
      const { migrate } = await import('@/lib/db/migrate');
      await migrate({ query: (s, p) => fromNothing.query(s, p), exec: (s) => fromNothing.exec(s) }, { advisory: false });
      const a = await shape(fromTemplate);
      expect(a.migrations).toEqual(migrations.map((m) => m.id).sort());
      expect(a).toEqual(await shape(fromNothing));
      // The demo brand was seeded into it, as into any new folder.
      expect((await fromTemplate.query(`select slug from clients`)).rows).toEqual([{ slug: 'demo' }]);
    } finally {
      await fromTemplate.close();
      await fromNothing.close();
    }
  });

  it('is what a new data folder starts from, and migrations newer than it are applied on top', async () => {
    // A template of all migrations but the last, with a mark of its own: the mark shows it was used.
    const file = path.join(tmp, 'older.tar.gz');
    const older = await PGlite.create();
    await older.exec('create table schema_migrations (id text primary key, applied_at timestamptz not null default now())');
    for (const m of migrations.slice(0, -1)) {
      await older.exec(`begin;\n${m.sql}\ninsert into schema_migrations (id) values ('${m.id}');\ncommit;`);
    }
    await older.exec('create table template_mark (x int)');
    writeFileSync(file, Buffer.from(await (await older.dumpDataDir('gzip')).arrayBuffer()));
    await older.close();

    const dir = path.join(tmp, 'data');
    const out = await startup({ DATA_DIR: dir, DB_TEMPLATE: file, DEMO_BRAND: 'off' });
    expect({ code: out.code, stderr: out.stderr }).toEqual({ code: 0, stderr: '' });
    const db = await openFolder(dir);
    try {
      expect((await db.query(`select to_regclass('template_mark') is not null as used`)).rows).toEqual([{ used: true }]);
      expect((await shape(db)).migrations).toEqual(migrations.map((m) => m.id).sort());
    } finally {
      await db.close();
    }
  });

  it('is never taken by a data folder that already has a database, nor when the file is missing', async () => {
    const dir = path.join(tmp, 'data');
    // No template file where DB_TEMPLATE points: the folder is created from nothing, as before.
    const first = await startup({ DATA_DIR: dir, DB_TEMPLATE: path.join(tmp, 'missing.tar.gz'), DEMO_BRAND: 'on' });
    expect({ code: first.code, stderr: first.stderr, out: first.stdout.trim() }).toEqual({ code: 0, stderr: '', out: '{"demoSeeded":true}' });

    const file = path.join(tmp, 'template.tar.gz');
    const marked = await PGlite.create();
    await marked.exec('create table template_mark (x int)');
    writeFileSync(file, Buffer.from(await (await marked.dumpDataDir('gzip')).arrayBuffer()));
    await marked.close();
    expect(existsSync(file)).toBe(true);

    const again = await startup({ DATA_DIR: dir, DB_TEMPLATE: file, DEMO_BRAND: 'on' });
    expect({ code: again.code, stderr: again.stderr, out: again.stdout.trim() }).toEqual({ code: 0, stderr: '', out: '{"demoSeeded":false}' });
    const db = await openFolder(dir);
    try {
      expect((await db.query(`select to_regclass('template_mark') is not null as used`)).rows).toEqual([{ used: false }]);
      expect((await db.query(`select slug from clients`)).rows).toEqual([{ slug: 'demo' }]);
    } finally {
      await db.close();
    }
  });

  it('that cannot be unpacked is named in the log, and the new folder is created from nothing instead', async () => {
    const file = path.join(tmp, 'damaged.tar.gz');
    writeFileSync(file, 'not a template');
    const dir = path.join(tmp, 'data');
    const out = await startup({ DATA_DIR: dir, DB_TEMPLATE: file, DEMO_BRAND: 'on' });
    expect({ code: out.code, out: out.stdout.trim() }).toEqual({ code: 0, out: '{"demoSeeded":true}' });
    expect(out.stderr).toContain(`[brand-verify] the database template ${file} could not be unpacked`);
    const db = await openFolder(dir);
    try {
      expect((await shape(db)).migrations).toEqual(migrations.map((m) => m.id).sort());
      expect((await db.query(`select slug from clients`)).rows).toEqual([{ slug: 'demo' }]);
    } finally {
      await db.close();
    }
  });
});

describe('the in-memory database template (the tests, DB_MEMORY_TEMPLATE)', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'db-memory-template-'));
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  it('is what an in-memory database is loaded from, with migrations newer than it applied on top', async () => {
    const file = path.join(tmp, 'older.tar.gz');
    const older = await PGlite.create();
    await older.exec('create table schema_migrations (id text primary key, applied_at timestamptz not null default now())');
    for (const m of migrations.slice(0, -1)) {
      await older.exec(`begin;\n${m.sql}\ninsert into schema_migrations (id) values ('${m.id}');\ncommit;`);
    }
    await older.exec('create table template_mark (x int)');
    writeFileSync(file, Buffer.from(await (await older.dumpDataDir('gzip')).arrayBuffer()));
    await older.close();

    const { PGliteThread } = await import('@/lib/db/pglite-thread');
    const { migrate } = await import('@/lib/db/migrate');
    const db = new PGliteThread(undefined, {}, file);
    try {
      await db.waitReady;
      const applied = await migrate({ query: (s, p) => db.query(s, p), exec: (s) => db.exec(s) }, { advisory: false });
      expect(applied).toEqual([migrations.at(-1)!.id]);
      expect((await db.query(`select to_regclass('template_mark') is not null as used`)).rows).toEqual([{ used: true }]);
    } finally {
      await db.close();
    }
  });

  it('is not used without one: the database is created from nothing', async () => {
    const { PGliteThread } = await import('@/lib/db/pglite-thread');
    const db = new PGliteThread(undefined, {});
    try {
      await db.waitReady;
      expect((await db.query(`select to_regclass('schema_migrations') is not null as migrated`)).rows).toEqual([{ migrated: false }]);
    } finally {
      await db.close();
    }
  });

  it("holds this file's database when the run made one: its migrations were applied before the file started", async () => {
    if (process.env.TEST_DATABASE_URL) return; // the PostgreSQL pass copies a template database per worker, not this dump
    expect(process.env.DB_MEMORY_TEMPLATE).toMatch(/\.tar\.gz$/);
    const { getDb } = await import('@/lib/db/client');
    const { sql } = await import('drizzle-orm');
    const started = Date.now();
    const db = await getDb();
    const rows = (await db.execute(sql`select max(applied_at) as last from schema_migrations`)) as unknown as { rows: Array<{ last: string }> };
    expect(new Date(rows.rows[0]!.last).getTime()).toBeLessThan(started);
    const { closeDb } = await import('@/lib/db/client');
    await closeDb();
  });
});

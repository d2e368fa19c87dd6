import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { closeDb, getDb } from '@/lib/db/client';
import { clientDomains } from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/edge/env';
import { startServer } from '@/lib/server/startup';
import { randomId } from '@/lib/ids';
import { itOncePerRun } from '../support/once';

// Server start-up (lib/server/startup.ts): the demo brand only where DEMO_BRAND says, seeded once
// however many servers start together, and a failed start-up ends its process with the reason.

type Out = { code: number; stdout: string; stderr: string };

/** The start-up step in a process of its own (tests/support/run-startup.mjs). */
function startupProcess(env: Record<string, string>, ...args: string[]): Promise<Out> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=react-server', '--no-warnings', 'tests/support/run-startup.mjs', ...args],
      { env: { ...process.env, LOG_LEVEL: 'silent', SESSION_SECRET: '', ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const setEnv = (vars: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
};

const demoRows = async () => (await (await getDb()).select().from(clientDomains)).filter((d) => d.domain === 'localhost');

describe('the demo brand on the embedded database (in this process)', () => {
  const pglite = !process.env.TEST_DATABASE_URL;
  const saved = process.env.DEMO_BRAND;
  afterEach(async () => {
    await closeDb();
    setEnv({ DEMO_BRAND: saved });
  });

  (pglite ? it : it.skip)('is not seeded with DEMO_BRAND=off', async () => {
    setEnv({ DEMO_BRAND: 'off' });
    expect(await startServer()).toEqual({ demoSeeded: false });
    expect(await demoRows()).toEqual([]);
  });

  (pglite ? it : it.skip)('is seeded by default, once over two start-ups', async () => {
    setEnv({ DEMO_BRAND: undefined });
    expect(await startServer()).toEqual({ demoSeeded: true });
    expect(await startServer()).toEqual({ demoSeeded: false });
    expect(await demoRows()).toHaveLength(1);
  });
});

// These need a PostgreSQL server (TEST_DATABASE_URL): each makes a fresh database and drops it.
const pgUrl = process.env.TEST_DATABASE_URL;
const withPg = pgUrl ? describe : describe.skip;

withPg('start-up on a fresh PostgreSQL database', () => {
  let admin: Client;
  let dataDir: string;
  const made: string[] = [];
  const urlOf = (db: string) => {
    const u = new URL(pgUrl!);
    u.pathname = `/${db}`;
    return u.toString();
  };
  async function freshDatabase() {
    const name = `test_startup_${randomId('x', 10).toLowerCase().replace(/[^a-z0-9]/g, '')}`;
    await admin.query(`create database ${name}`);
    made.push(name);
    return urlOf(name);
  }
  async function brandsIn(url: string) {
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query('select c.slug, d.domain from clients c join client_domains d on d.client_id = c.id order by d.domain')).rows;
    } finally {
      await c.end();
    }
  }

  beforeAll(async () => {
    admin = new Client({ connectionString: pgUrl });
    await admin.connect();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'startup-'));
  });
  afterAll(async () => {
    for (const db of made) await admin.query(`drop database if exists ${db} with (force)`).catch(() => undefined);
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('three servers starting at once all succeed and seed exactly one demo brand (DEMO_BRAND=on)', async () => {
    const url = await freshDatabase();
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, DEMO_BRAND: 'on' };
    const outs = await Promise.all([startupProcess(env), startupProcess(env), startupProcess(env)]);
    for (const o of outs) expect({ code: o.code, stderr: o.stderr }).toEqual({ code: 0, stderr: '' });
    expect(outs.map((o) => JSON.parse(o.stdout).demoSeeded).filter(Boolean)).toHaveLength(1);
    expect(await brandsIn(url)).toEqual([
      { slug: 'demo', domain: '127.0.0.1' },
      { slug: 'demo', domain: 'localhost' },
    ]);
  });

  it('seeds no demo brand by default on PostgreSQL', async () => {
    const url = await freshDatabase();
    const o = await startupProcess({ DATABASE_URL: url, DATA_DIR: dataDir, DEMO_BRAND: '' });
    expect(o.code).toBe(0);
    expect(JSON.parse(o.stdout)).toEqual({ demoSeeded: false });
    expect(await brandsIn(url)).toEqual([]);
  });

  it("a start-up that cannot reach its database ends its process non-zero with the reason (the server's hook)", async () => {
    const o = await startupProcess({ DATABASE_URL: urlOf('test_startup_does_not_exist'), DATA_DIR: dataDir }, '--or-exit');
    expect(o.code).toBe(1);
    expect(o.stderr).toMatch(/\[brand-verify\] start-up failed: .*database "test_startup_does_not_exist" does not exist/);
    expect(o.stdout).not.toMatch(/started/);
  });
});

// On a data folder of its own, whatever the pass's database: once per npm test (tests/support/once.ts).
describe('a failed start-up', () => {
  itOncePerRun("ends its process non-zero with the reason (the server's hook), here a data folder held by a live process", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'startup-held-'));
    try {
      writeFileSync(path.join(dir, 'db.lock'), String(process.pid)); // this test process is alive
      const o = await startupProcess({ DATABASE_URL: '', DATA_DIR: dir }, '--or-exit');
      expect(o.code).toBe(1);
      expect(o.stderr).toContain(`[brand-verify] start-up failed: The data folder ${dir} is in use by process ${process.pid}`);
      expect(o.stdout).not.toMatch(/started/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { PGliteThread, type ThreadKeeper } from '@/lib/db/pglite-thread';
import { keepMemoryDbThread } from '../support/memory-db-thread';

// The embedded database in its worker thread (lib/db/pglite-thread.ts): what drizzle relies on,
// over the thread boundary. Its own in-memory database, apart from the suite's.

jest.setTimeout(60_000);

let db: PGliteThread;
beforeAll(async () => {
  db = new PGliteThread(undefined, {});
  await db.waitReady;
  await db.exec('create table t (id int primary key, at timestamptz not null default now(), body bytea)');
});
afterAll(() => db.close());
beforeEach(() => db.exec('delete from t'));

const ids = async () => ((await db.query('select id from t order by id')).rows as { id: number }[]).map((r) => r.id);

it('answers queries with parameters, in object and array rows, with dates as text when asked', async () => {
  await db.query('insert into t (id, at, body) values ($1, $2, $3)', [1, new Date('2026-01-02T03:04:05Z'), new Uint8Array([1, 2, 3])]);
  const objects = await db.query('select id, at, body from t');
  expect(objects.rows).toEqual([{ id: 1, at: new Date('2026-01-02T03:04:05Z'), body: new Uint8Array([1, 2, 3]) }]);
  const arrays = await db.query('select id, at from t', [], { rowMode: 'array', parsers: {} });
  expect(arrays.rows).toEqual([[1, expect.stringMatching(/^2026-01-02 03:04:05\+00/)]]);
  expect(arrays.fields.map((f) => f.name)).toEqual(['id', 'at']);
});

it('commits a transaction whose callback succeeds, and rolls back one that throws', async () => {
  await expect(db.transaction(async (tx) => (await tx.query('insert into t (id) values (1) returning id')).rows)).resolves.toEqual([{ id: 1 }]);
  await expect(
    db.transaction(async (tx) => {
      await tx.query('insert into t (id) values (2)');
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect(await ids()).toEqual([1]);
});

it('runs transactions one at a time, and other queries after them', async () => {
  await Promise.all([
    db.transaction(async (tx) => {
      await tx.query('insert into t (id) values (1)');
      await new Promise((r) => setTimeout(r, 50));
      await tx.query('insert into t (id) values (2)');
    }),
    db.transaction(async (tx) => {
      const seen = (await tx.query('select count(*)::int as n from t')).rows as { n: number }[];
      await tx.query('insert into t (id) values ($1)', [10 + seen[0]!.n]);
    }),
    db.query('insert into t (id) values (100)'),
  ]);
  const all = await ids();
  expect(all).toHaveLength(4);
  expect(all).toEqual(expect.arrayContaining([1, 2, 100]));
  // The second transaction saw none or both of the first one's rows, never one: not interleaved.
  const second = all.filter((id) => id >= 10 && id < 100);
  expect(second).toHaveLength(1);
  expect([10, 12]).toContain(second[0]);
});

it("reports PostgreSQL's error code and constraint, and a failed statement does not break the transaction that catches it", async () => {
  await db.query('insert into t (id) values (1)');
  await expect(db.query('insert into t (id) values (1)')).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
  await db.transaction(async (tx) => {
    await tx.query('savepoint s');
    await expect(tx.query('insert into t (id) values (1)')).rejects.toMatchObject({ code: '23505' });
    await tx.query('rollback to savepoint s');
    await tx.query('insert into t (id) values (3)');
  });
  expect(await ids()).toEqual([1, 3]);
});

it('answers a text sent again and again the same (named once in the thread): parameters, nulls, errors, dates', async () => {
  // The thread names a text the second time it comes (lib/db/pglite-worker.mjs): every answer of
  // the same text, before and after naming, must be what PGlite's own query() gives.
  const insert = 'insert into t (id, at, body) values ($1, $2, $3) returning id, at';
  const answers = [];
  for (let id = 1; id <= 4; id++) answers.push((await db.query(insert, [id, new Date(Date.UTC(2026, 0, id)), id % 2 ? null : new Uint8Array([id])])).rows);
  expect(answers).toEqual([1, 2, 3, 4].map((id) => [{ id, at: new Date(Date.UTC(2026, 0, id)) }]));
  const prepared = (await db.query('select statement from pg_prepared_statements where not from_sql')).rows as { statement: string }[];
  expect(prepared.map((p) => p.statement)).toContain(insert); // named, not parsed on every call
  // A named statement that fails reports the error as before, and keeps working afterwards.
  await expect(db.query(insert, [2, new Date(), null])).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
  await expect(db.query(insert, [2, new Date(), null])).rejects.toMatchObject({ code: '23505' });
  expect((await db.query(insert, [5, new Date(Date.UTC(2026, 0, 5)), null])).rows).toEqual([{ id: 5, at: new Date(Date.UTC(2026, 0, 5)) }]);
  const read = 'select id, body from t where id = any($1::int[]) order by id';
  for (let round = 0; round < 3; round++) {
    const rows = (await db.query(read, [[2, 3, 5]], { rowMode: 'array', parsers: {} })).rows;
    expect(rows).toEqual([[2, new Uint8Array([2])], [3, null], [5, null]]);
  }
  // Inside a transaction the same text goes through the transaction (and sees its own rows).
  await db.transaction(async (tx) => {
    await tx.query(insert, [6, new Date(), null]);
    expect((await tx.query(read, [[6]], { rowMode: 'array', parsers: {} })).rows).toEqual([[6, null]]);
  });
  expect(await ids()).toEqual([1, 2, 3, 4, 5, 6]);
});

it('fails every call clearly once closed', async () => {
  const other = new PGliteThread(undefined, {});
  await other.waitReady;
  await other.close();
  await expect(other.query('select 1')).rejects.toThrow('The embedded database is closed');
});

it('keeps a process alive while a call is out, and lets it exit when idle', () => {
  const root = path.resolve(__dirname, '../..');
  const run = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join(root, 'tests/support/pglite-thread-waits.ts')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, BRAND_APP_ROOT: root },
  });
  expect(run.stdout).toContain('answer [{"pg_sleep":"","n":42}]');
  expect(run.status).toBe(0);
});

describe('a kept thread (ThreadKeeper: the API tests share one per jest worker)', () => {
  // The suite's own keeper (tests/support/memory-db-thread.ts), counting the threads it starts.
  let kept: Worker | undefined;
  let starts = 0;
  const keeper: ThreadKeeper = (start) =>
    (kept = keepMemoryDbThread(() => {
      starts++;
      return start();
    }));
  // This file's threads start without the suite's template: the next file of this worker starts
  // a kept thread of its own, from the template.
  afterAll(() => kept?.terminate());

  it('outlives a client: the next one finds its rows, and a transaction the first left open rolled back', async () => {
    const first = new PGliteThread(undefined, {}, undefined, keeper);
    await first.waitReady;
    const thread = kept;
    const started = starts;
    await first.exec('create table kept_thread_check (id int primary key)');
    await first.query('insert into kept_thread_check values (1)');
    // A transaction left open, as a test that failed half-way through one would leave it.
    let holding!: () => void;
    let release!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const gate = new Promise<void>((r) => (release = r));
    const abandoned = first
      .transaction(async (tx) => {
        await tx.query('insert into kept_thread_check values (2)');
        holding();
        await gate;
        await tx.query('insert into kept_thread_check values (4)');
      })
      .catch((err: Error) => err);
    await held;
    await first.close();
    await expect(first.query('select 1')).rejects.toThrow('The embedded database is closed');
    release();
    expect(String(await abandoned)).toContain('The embedded database is closed');

    const second = new PGliteThread(undefined, {}, undefined, keeper);
    await second.waitReady;
    expect(kept).toBe(thread);
    expect(starts).toBe(started);
    expect((await second.query('select id from kept_thread_check order by id')).rows).toEqual([{ id: 1 }]);
    await second.transaction(async (tx) => void (await tx.query('insert into kept_thread_check values (3)')));
    expect((await second.query('select id from kept_thread_check order by id')).rows).toEqual([{ id: 1 }, { id: 3 }]);
    await second.close();
  });

  it('is started again once it ended', async () => {
    const before = starts;
    const a = new PGliteThread(undefined, {}, undefined, keeper);
    await a.waitReady;
    const ended = kept!;
    await ended.terminate();
    await expect(a.query('select 1')).rejects.toThrow('The embedded database stopped');
    const b = new PGliteThread(undefined, {}, undefined, keeper);
    await b.waitReady;
    expect(starts).toBe(before + 1);
    expect(kept).not.toBe(ended);
    expect((await b.query('select 2 as n')).rows).toEqual([{ n: 2 }]);
    await b.close();
  });
});

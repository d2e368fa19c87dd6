import { PGliteThread } from '@/lib/db/pglite-thread';

// The migration tests' own database: a fresh in-memory PGlite per test file (the suite's shared
// database is already migrated), so each can run the migrations up to the one it tests over data
// written before it. In a thread of its own, as the app's database is: created on the jest
// worker's main thread, late in a worker that had run many files, PGlite took 19–25 s to start
// instead of 3–4 s (the worker's large heap), which made these three files 15% of the pass.

/** What the migration tests ask of their database. */
export type ScratchDb = {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
};

/**
 * A fresh in-memory PGlite, opened in a beforeAll and closed in an afterAll. The handle passes
 * exec and query on to it; used before the start, it says so.
 */
export function scratchPgliteForFile(): ScratchDb {
  let db: PGliteThread | undefined;
  beforeAll(async () => {
    db = new PGliteThread(undefined, {});
    await db.waitReady;
  });
  afterAll(() => db?.close());
  const open = () => {
    if (!db) throw new Error('The scratch database of this file is not open (scratchPgliteForFile opens it in beforeAll)');
    return db;
  };
  return {
    exec: (sql) => open().exec(sql),
    query: async <T,>(sql: string, params?: unknown[]) => (await open().query(sql, params)) as { rows: T[] },
  };
}

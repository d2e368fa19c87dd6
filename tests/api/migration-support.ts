import { PGlite } from '@electric-sql/pglite';

// The migration tests' own database: a fresh in-memory PGlite per test file (the suite's shared
// database is already migrated), so each can run the migrations up to the one it tests over data
// written before it.

/**
 * A fresh in-memory PGlite, opened in a beforeAll and closed in an afterAll. The handle passes
 * exec and query on to it; used before the start, it says so.
 */
export function scratchPgliteForFile(): Pick<PGlite, 'exec' | 'query'> {
  let db: PGlite | undefined;
  beforeAll(async () => {
    db = new PGlite();
    await db.waitReady;
  });
  afterAll(() => db?.close());
  const open = () => {
    if (!db) throw new Error('The scratch database of this file is not open (scratchPgliteForFile opens it in beforeAll)');
    return db;
  };
  return {
    exec: (...args) => open().exec(...args),
    query: (...args) => open().query(...args),
  } as Pick<PGlite, 'exec' | 'query'>;
}

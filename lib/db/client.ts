import 'server-only';
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { env } from '@/lib/edge/env';
import * as schema from './schema';
import { acquireDataDirLock } from './lock';
import { ADVISORY_KEY, migrate } from './migrate';
import { PGliteThread, type ThreadKeeper } from './pglite-thread';
import { unpackTemplate } from './template';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
type Handle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  location: string;
  close: () => Promise<void>;
  /** Runs `fn` while holding the start-up lock that migrations take (one server at a time). */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
};

// One database per process, kept on globalThis: Next bundles server code into several
// module graphs, and PGlite must be opened once (DESIGN.md section 1).
// `__brandMemoryDbKeeper`: set by the API tests only (tests/support/memory-db-thread.ts), so an
// in-memory database's thread outlives a test file (pglite-thread.ts, ThreadKeeper).
const g = globalThis as unknown as { __brandDb?: Promise<Handle>; __brandMemoryDbKeeper?: ThreadKeeper };

async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new Pool({ connectionString: url, max: env().DATABASE_POOL_SIZE });
  const conn = await pool.connect();
  try {
    await migrate({ query: (s, p) => conn.query(s, p), exec: (s) => conn.query(s) }, { advisory: true });
  } finally {
    conn.release();
  }
  const db = drizzle(pool, { schema }) as unknown as Db;
  // A session-level advisory lock on a connection of its own; `fn` works through the pool.
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const lockConn = await pool.connect();
    try {
      await lockConn.query('select pg_advisory_lock($1)', [ADVISORY_KEY]);
      try {
        return await fn();
      } finally {
        await lockConn.query('select pg_advisory_unlock($1)', [ADVISORY_KEY]);
      }
    } finally {
      lockConn.release();
    }
  };
  return { db, kind: 'postgres', location: url.replace(/\/\/[^@/]*@/, '//***@'), close: () => pool.end(), exclusive };
}

async function openPglite(dataDir: string): Promise<Handle> {
  const { PGlite } = await import('@electric-sql/pglite');
  type PGlite = InstanceType<typeof PGlite>;
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = dataDir === ':memory:';
  const location = inMemory ? 'memory://' : path.resolve(dataDir);
  const release = inMemory ? () => {} : acquireDataDirLock(location);
  try {
    // 16 MB of shared buffers instead of PostgreSQL's 128 MB: the embedded database serves one
    // process and small data, the file system caches the rest, and the server's idle memory drops
    // by about 115 MB (docs/decisions.md, "Platform").
    const options = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };
    // A data folder without a database starts from the build's template (DB_TEMPLATE, set by
    // scripts/start.mjs): every migration it holds is already applied, migrate() adds any newer.
    const pgdata = path.join(location, 'pgdata');
    const template = env().DB_TEMPLATE;
    const fromTemplate = !inMemory && template && existsSync(template) && !existsSync(path.join(pgdata, 'PG_VERSION')) ? template : undefined;
    if (!inMemory) {
      // The database's files are the data's owner's alone, whoever else can read DATA_DIR.
      mkdirSync(pgdata, { recursive: true, mode: 0o700 });
      try {
        if ((statSync(pgdata).mode & 0o077) !== 0) chmodSync(pgdata, 0o700);
      } catch (err) {
        // Not its owner (a volume mounted for another user): it still opens, and the log says so.
        console.warn(`[brand-verify] ${pgdata} could not be made private to its owner: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (fromTemplate) {
      // Unpacked here, without a PGlite (lib/db/template.ts); then opened like any data folder.
      try {
        unpackTemplate(fromTemplate, pgdata);
      } catch (err) {
        // A template that cannot be unpacked (damaged, or not a template) leaves the folder
        // without a database: it is created from nothing instead, and the log says why.
        console.warn(`[brand-verify] the database template ${fromTemplate} could not be unpacked (${err instanceof Error ? err.message : String(err)}): creating the database from nothing`);
      }
    }
    // In its own thread (pglite-thread.ts): the database works while the server renders.
    // An in-memory database (the tests) starts from DB_MEMORY_TEMPLATE when set: a dump of a
    // migrated database (tests/support/db-template.ts), loaded instead of created and migrated.
    const memoryTemplate = inMemory ? env().DB_MEMORY_TEMPLATE : undefined;
    const client = new PGliteThread(inMemory ? undefined : pgdata, options, memoryTemplate && existsSync(memoryTemplate) ? memoryTemplate : undefined, inMemory ? g.__brandMemoryDbKeeper : undefined) as unknown as PGlite;
    await client.waitReady;
    await migrate({ query: (s, p) => client.query(s, p), exec: (s) => client.exec(s) }, { advisory: false });
    const db = drizzle(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      location,
      exclusive: (fn) => fn(), // one process holds DATA_DIR (lock.ts)
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

function open(): Promise<Handle> {
  const e = env();
  return e.DATABASE_URL ? openPostgres(e.DATABASE_URL) : openPglite(e.DATA_DIR);
}

export function getDbHandle(): Promise<Handle> {
  if (!g.__brandDb) {
    g.__brandDb = open();
    g.__brandDb.catch(() => {
      g.__brandDb = undefined; // let a later call try again and report the error again
    });
  }
  return g.__brandDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Runs `fn` under the start-up lock (PostgreSQL: the migrations' advisory lock). */
export async function withStartupLock<T>(fn: () => Promise<T>): Promise<T> {
  return (await getDbHandle()).exclusive(fn);
}

const closeHooks = new Set<() => Promise<void>>();

/** Work to finish (or stop) before the database closes, e.g. background code runs; answers an unregister. */
export function beforeDbClose(hook: () => Promise<void>): () => void {
  closeHooks.add(hook);
  return () => void closeHooks.delete(hook);
}

export async function closeDb() {
  await Promise.allSettled([...closeHooks].map((hook) => hook()));
  const h = g.__brandDb;
  g.__brandDb = undefined;
  if (h) await (await h).close();
}

import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { env } from '@/lib/edge/env';

// The embedded database in a worker thread (lib/db/pglite-worker.mjs), behind the part of
// PGlite's interface that drizzle (drizzle-orm/pglite) and the migrations use: query, exec,
// transaction, waitReady, close. The server's thread renders while PGlite works on the other
// core: the verify page serves about a third more, the verify API nearly twice as much
// (docs/benchmarks.md). PGlite's semantics are unchanged: one session, one transaction at a
// time; a transaction stays open across the messages of its callback.

const WORKER_FILE = path.join('lib', 'db', 'pglite-worker.mjs');

/** The worker's file, from the app's folder (the launchers set BRAND_APP_ROOT) or the working folder. */
function workerFile(): string {
  const candidates = [env().BRAND_APP_ROOT, process.cwd()].filter((d): d is string => !!d).map((d) => path.join(d, WORKER_FILE));
  const found = candidates.find((f) => existsSync(f));
  if (!found) throw new Error(`The embedded database's worker (${WORKER_FILE}) was not found in ${candidates.join(' or ')}`);
  return found;
}

type Result = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type Reply = { id: number; ok: boolean; value?: unknown; error?: { message: string; code?: string; detail?: string; constraint?: string } };
type QueryOptions = { rowMode?: string; parsers?: object };

/**
 * Keeps one database thread for many openings: given how to start the thread, answers the one it
 * keeps (starting it the first time). Only the API tests use one (tests/support/memory-db-thread.ts):
 * the test files a jest worker runs one after another share one in-memory database, as they share
 * one database per worker on PostgreSQL, instead of each loading its own.
 */
export type ThreadKeeper = (start: () => Worker) => Worker;

export class PGliteThread {
  readonly #worker: Worker;
  /** Whether closing closes the database (a thread of its own) or only lets go of a kept one. */
  readonly #owned: boolean;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #next: number;
  #stopped: Error | undefined;
  readonly #listeners: { message: (m: Reply) => void; error: (err: Error) => void; exit: (code: number) => void };
  readonly waitReady: Promise<void>;

  /**
   * `memoryTemplate`: a gzipped dump of a data folder an in-memory database starts from.
   * `keeper`: the thread comes from it (ThreadKeeper) and outlives this client.
   */
  constructor(dataDir: string | undefined, options: object, memoryTemplate?: string, keeper?: ThreadKeeper) {
    // Reflect.construct keeps the bundler from bundling the worker: it loads PGlite from node_modules.
    const start = () => Reflect.construct(Worker, [workerFile(), { workerData: { dataDir, options, memoryTemplate } }]) as Worker;
    this.#owned = !keeper;
    this.#worker = keeper ? keeper(start) : start();
    // A kept thread's answers to an earlier client never match this one's calls.
    this.#next = keeper ? 1 + Math.floor(Math.random() * 2 ** 40) : 1;
    // Held while a call is out, let go when idle: an idle database does not keep a process (the
    // operator CLI, a test) alive, and a process waiting for an answer does not exit first.
    this.#worker.unref();
    this.#listeners = {
      message: (m: Reply) => {
        const p = this.#pending.get(m.id);
        if (!p) return;
        this.#pending.delete(m.id);
        if (this.#pending.size === 0) this.#worker.unref();
        if (m.ok) p.resolve(m.value);
        else p.reject(Object.assign(new Error(m.error?.message), m.error));
      },
      error: (err: Error) => this.#stop(err),
      // A worker that ended answers nothing more: every call, waiting or new, fails with why.
      exit: (code: number) => this.#stop(new Error(`The embedded database stopped (exit code ${code})`)),
    };
    this.#worker.on('message', this.#listeners.message);
    this.#worker.on('error', this.#listeners.error);
    this.#worker.on('exit', this.#listeners.exit);
    this.waitReady = this.#send({ op: 'ready' }).then(() => undefined);
  }

  #stop(err: Error) {
    this.#stopped ??= err;
    for (const p of this.#pending.values()) p.reject(this.#stopped);
    this.#pending.clear();
  }

  #send(msg: object): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#next++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...msg, id });
    });
  }

  #queryOn(tx: number | undefined, sql: string, params?: unknown[], opts?: QueryOptions) {
    return this.#send({ op: 'query', tx, sql, params, rowMode: opts?.rowMode, rawDates: opts?.parsers !== undefined }) as Promise<Result>;
  }

  query(sql: string, params?: unknown[], opts?: QueryOptions) {
    return this.#queryOn(undefined, sql, params, opts);
  }

  exec(sql: string) {
    return this.#send({ op: 'exec', sql }) as Promise<Result[]>;
  }

  async transaction<T>(fn: (tx: Pick<PGliteThread, 'query' | 'exec'>) => Promise<T>): Promise<T> {
    const id = (await this.#send({ op: 'begin' })) as number;
    const tx = {
      query: (sql: string, params?: unknown[], opts?: QueryOptions) => this.#queryOn(id, sql, params, opts),
      exec: (sql: string) => this.#send({ op: 'exec', tx: id, sql }) as Promise<Result[]>,
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await this.#send({ op: 'rollback', tx: id }).catch(() => undefined);
      throw err;
    }
    await this.#send({ op: 'commit', tx: id });
    return result;
  }

  async close() {
    if (!this.#owned) {
      // A kept thread stays open for the next client: a transaction this one left open is rolled back.
      if (!this.#stopped) await this.#send({ op: 'detach' }).catch(() => undefined);
      this.#stop(new Error('The embedded database is closed'));
      this.#worker.off('message', this.#listeners.message).off('error', this.#listeners.error).off('exit', this.#listeners.exit);
      this.#worker.unref();
      return;
    }
    try {
      if (!this.#stopped) await this.#send({ op: 'close' });
    } finally {
      // Ended even when the close itself failed (a thread that never finished starting, say).
      this.#stop(new Error('The embedded database is closed'));
      await this.#worker.terminate();
    }
  }
}

import type { Worker } from 'node:worker_threads';
import type { ThreadKeeper } from '@/lib/db/pglite-thread';

// One in-memory database thread per jest worker process, shared by the test files it runs one
// after another, as a worker's files share one database on PostgreSQL (db-template.ts): loading a
// database from the template took each file 1.5 s, and a thread kept this way lets a worker run
// many files without starting a process for each. Tests never depend on rows another file left
// (random ids, a brand of their own). A file's closeDb() lets go of the thread and rolls back any
// transaction it left open (lib/db/pglite-thread.ts); the thread ends with the process.
//
// Jest gives every test file a fresh module registry and global object, so the thread is kept on
// an object every file of the process sees: Node's own worker_threads module, which jest hands out
// as it is.

const KEY = Symbol.for('brand-verify.tests.memoryDbThread');
type Store = { [KEY]?: Worker };

export const keepMemoryDbThread: ThreadKeeper = (start) => {
  const store = require('node:worker_threads') as Store;
  const kept = store[KEY];
  if (kept) return kept;
  const worker = start();
  store[KEY] = worker;
  // A thread that ended (a crash, a test that stopped it) is started again by the next opening.
  worker.once('exit', () => {
    if (store[KEY] === worker) delete store[KEY];
  });
  return worker;
};

import { randomBytes } from 'node:crypto';
import { workerDatabaseUrl } from './db-template';
import { keepMemoryDbThread } from './memory-db-thread';

// API tests run against PostgreSQL when TEST_DATABASE_URL is set, else an in-memory PGlite.
(process.env as Record<string, string>).NODE_ENV = 'test';
process.env.LOG_LEVEL = 'silent';
process.env.SESSION_SECRET ??= 'test-secret-test-secret-test-secret-0123456789';
process.env.DATA_DIR = process.env.TEST_DATA_DIR ?? ':memory:';
if (process.env.TEST_DATABASE_URL) {
  // The global setup (db-template.ts) made each jest worker a migrated database of its own.
  const copies = Number(process.env.TEST_DATABASE_COPIES ?? 0);
  const worker = process.env.JEST_WORKER_ID ?? '1';
  if (copies && Number(worker) > copies) throw new Error(`jest worker ${worker} has no database (the global setup made ${copies})`);
  process.env.DATABASE_URL = copies ? workerDatabaseUrl(process.env.TEST_DATABASE_URL, worker) : process.env.TEST_DATABASE_URL;
} else {
  delete process.env.DATABASE_URL;
  // The in-memory databases of the files this worker runs: one thread, kept (memory-db-thread.ts).
  (globalThis as { __brandMemoryDbKeeper?: typeof keepMemoryDbThread }).__brandMemoryDbKeeper = keepMemoryDbThread;
}
// What the launcher sets for its process (scripts/operator-listener.mjs): the operator listener's
// requests carry it. Random per test file; the public test server never sends it.
process.env.OPERATOR_CHANNEL_TOKEN = randomBytes(32).toString('base64url');
// Passwords hash at a lower scrypt cost here (production refuses this variable); the cost itself is
// tested in tests/unit/auth/password.test.ts, where it is not set.
process.env.TEST_PASSWORD_HASH_N ??= '1024';

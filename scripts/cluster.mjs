// @ts-check
// Several server processes on one port (node:cluster), for PostgreSQL deployments where one
// process is not enough: WEB_CONCURRENCY=N. The primary process builds nothing and serves
// nothing; it starts the workers, restarts one that dies while serving, and stops them all on
// SIGINT/SIGTERM. The first worker starts alone, so migrations, the demo seed and the generated
// secrets happen once before the others open the database.
import cluster from 'node:cluster';
import os from 'node:os';

/** Workers to run from WEB_CONCURRENCY (unset: 1; `auto`: one per core); throws a readable error. */
export function webConcurrency(value = process.env.WEB_CONCURRENCY) {
  if (value === undefined || value.trim() === '') return 1;
  if (value.trim() === 'auto') return os.availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64, or auto (got "${value}")`);
  return n;
}

/** This process's worker number (1…N) under the cluster, or 0 when it serves alone. */
export const workerNumber = () => (cluster.isWorker ? Number(process.env.BRAND_WORKER ?? 0) : 0);

export const isWorker = () => cluster.isWorker;

/** Tells the primary that this worker listens (the primary waits for it before starting more). */
export function reportListening() {
  if (cluster.isWorker) process.send?.({ brandVerify: 'listening' });
}

/**
 * Runs the primary: forks `count` workers (this same script) and resolves once all listen.
 * `onStop` runs once after every worker has exited on a stop signal, before the process exits.
 * @param {number} count
 * @param {{ onStop?: () => void; log?: (message: string) => void }} [options]
 * @returns {Promise<void>}
 */
export function runPrimary(count, { onStop = () => {}, log = console.log } = {}) {
  const STOP_GRACE_MS = 10_000;
  /** @type {Set<number>} the worker numbers that listen */
  const listening = new Set();
  /** @type {Set<import('node:cluster').Worker>} */
  const alive = new Set();
  let stopping = false;
  let stopped = () => {};
  let ready = false;

  return new Promise((resolve) => {
    const fork = (/** @type {number} */ n) => {
      const worker = cluster.fork({ BRAND_WORKER: String(n) });
      alive.add(worker);
      worker.on('message', (m) => {
        if (m?.brandVerify !== 'listening') return;
        listening.add(n);
        if (n === 1 && !ready) for (let i = 2; i <= count; i++) fork(i);
        if (!ready && listening.size === count) {
          ready = true;
          resolve();
        }
      });
      worker.on('exit', (code, signal) => {
        alive.delete(worker);
        const served = listening.delete(n);
        if (stopping) return stopped();
        if (!ready || !served) {
          // A worker that never listened cannot serve (bad configuration, database unreachable):
          // retrying would loop, so the start fails as a single process's would.
          console.error(`[brand-verify] worker ${n} failed to start (${signal ?? `exit ${code}`}); stopping.`);
          stop(1);
          return;
        }
        console.error(`[brand-verify] worker ${n} (pid ${worker.process.pid}) ended (${signal ?? `exit ${code}`}); starting another.`);
        fork(n);
      });
    };

    const stop = (/** @type {number} */ status) => {
      if (stopping) return;
      stopping = true;
      for (const w of alive) w.process.kill('SIGTERM');
      // A worker that does not finish its shutdown (at most 5 s, scripts/start.mjs) is killed.
      const timer = setTimeout(() => {
        for (const w of alive) w.process.kill('SIGKILL');
      }, STOP_GRACE_MS);
      timer.unref();
      stopped = () => {
        if (alive.size > 0) return;
        clearTimeout(timer);
        onStop();
        process.exit(status);
      };
      stopped();
    };

    for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(0));
    log(`[brand-verify] starting ${count} server processes`);
    fork(1);
  });
}

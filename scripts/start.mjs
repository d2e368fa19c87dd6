#!/usr/bin/env node
// npm start: build when the sources changed since the last build, then serve the app with the
// embedded database under DATA_DIR (or PostgreSQL at DATABASE_URL); with PostgreSQL and
// WEB_CONCURRENCY=N, N server processes share the port (scripts/cluster.mjs).
//   --dev   development server with hot reload
import './runtime.mjs'; // first: re-runs this command under Node 24+ when the system Node is older
import v8 from 'node:v8';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { dataDir, ensureSessionSecret, lockHolder, port, root, sourceFingerprint } from './lib.mjs';
import { isWorker, reportListening, runPrimary, webConcurrency, workerNumber } from './cluster.mjs';

// Under load V8 lets the old generation grow to several times what is live, and gives it back
// only after half a minute of quiet; growing it by half at most keeps the server near its live
// size, at no cost in throughput here (docs/benchmarks.md).
v8.setFlagsFromString('--heap-growing-percent=50');

const dev = process.argv.includes('--dev');
const dir = dataDir();
const listenPort = port();
process.env.DATA_DIR = dir;
process.env.BRAND_APP_ROOT = root; // where the embedded database's worker lives (lib/db/pglite-thread.ts)
process.env.PORT = String(listenPort); // middleware asks this server for brand settings on loopback
process.env.NODE_ENV = dev ? 'development' : 'production';

let processes = 1;
if (!isWorker()) {
  try {
    processes = webConcurrency();
  } catch (err) {
    console.error(`[brand-verify] ${err.message}`);
    process.exit(1);
  }
  if (processes > 1 && (dev || !process.env.DATABASE_URL)) {
    const why = dev ? 'the development server is one process' : 'the embedded database lives in one process; set DATABASE_URL to run several';
    console.warn(`[brand-verify] WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY} ignored: ${why}. Starting one process.`);
    processes = 1;
  }
}

const holder = lockHolder(dir);
if (holder && !process.env.DATABASE_URL) {
  console.error(`The data folder ${dir} is in use by process ${holder}. Stop it, or start with another DATA_DIR.`);
  process.exit(1);
}
ensureSessionSecret(dir);

if (!dev && !isWorker()) {
  const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
  const stamp = path.join(distDir, 'source-fingerprint');
  const fingerprint = sourceFingerprint();
  const built = existsSync(path.join(distDir, 'BUILD_ID')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint;
  if (!built) {
    console.log('[brand-verify] building the app (first start, or the sources changed)…');
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
    writeFileSync(stamp, fingerprint);
  }
}

const serverInfo = path.join(dir, 'server.json');
if (processes > 1) {
  // The primary serves nothing itself; the rest of this file runs in each worker.
  await runPrimary(processes, { onStop: () => rmSync(serverInfo, { force: true }) });
  writeFileSync(serverInfo, JSON.stringify({ pid: process.pid, port: listenPort, processes }));
  console.log(`[brand-verify] app: http://localhost:${listenPort} (production, ${processes} processes)`);
  console.log(`[brand-verify] data folder: ${dir} (secrets only; database: DATABASE_URL)`);
  await new Promise(() => {}); // the workers keep this process alive; it exits through runPrimary's stop
}

const require = createRequire(import.meta.url);
const next = require('next');
const app = next({ dev, dir: root, hostname: 'localhost', port: listenPort });
const handle = app.getRequestHandler();
await app.prepare();

const trustProxy = ['1', 'true'].includes(process.env.TRUST_PROXY ?? '');
// SERVED_BY_HEADER=1 (tests, diagnosis): each answer names the process that served it.
const servedBy = process.env.SERVED_BY_HEADER === '1' ? `${workerNumber()}:${process.pid}` : undefined;
const server = http.createServer((req, res) => {
  if (servedBy) res.setHeader('x-served-by', servedBy);
  // The caller's address is the socket's unless a trusted proxy stands in front.
  if (!trustProxy) req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? 'unknown';
  // The spec's /api/client//embedding-url keeps its empty segment; Next would redirect it.
  if (req.url?.startsWith('/api/') && req.url.includes('//')) req.url = req.url.replace(/\/{2,}/g, '/');
  handle(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(listenPort, () => {
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => shutDown());
  if (isWorker()) return void firstAnswer().then(reportListening); // the primary writes server.json and says where
  writeFileSync(serverInfo, JSON.stringify({ pid: process.pid, port: listenPort }));
  process.once('exit', () => rmSync(serverInfo, { force: true }));
  console.log(`[brand-verify] app: http://localhost:${listenPort} (${dev ? 'development' : 'production'})`);
  console.log(`[brand-verify] data folder: ${dir}${process.env.DATABASE_URL ? ' (secrets only; database: DATABASE_URL)' : ''}`);
});
/**
 * Stops taking connections and closes the database (lib/db/client.ts keeps it on globalThis), so
 * the embedded one shuts down cleanly and the next start needs no recovery; at most 5 s.
 */
/**
 * Next opens the database, migrates and seeds (instrumentation.ts) before its first answer, not
 * at listen: a worker asks itself once, so the primary starts the next workers only after that.
 * The first worker is alone on the port then, so the answer is its own.
 */
function firstAnswer() {
  return new Promise((resolve) => {
    const fail = (why) => {
      console.error(`[brand-verify] worker ${workerNumber()} cannot serve: ${why}`);
      process.exit(1);
    };
    http
      .get({ host: '127.0.0.1', port: listenPort, path: '/api/openapi.json', headers: { host: `localhost:${listenPort}` } }, (res) => {
        res.resume();
        if ((res.statusCode ?? 500) >= 500) fail(`its first answer was ${res.statusCode}`);
        else res.on('end', resolve);
      })
      .on('error', (err) => fail(err.message));
  });
}

let shuttingDown = false;
async function shutDown() {
  if (shuttingDown) return; // a signal to the process group and one passed on by a parent
  shuttingDown = true;
  server.close();
  const db = globalThis.__brandDb;
  const closing = db ? db.then((h) => h.close()).catch(() => undefined) : Promise.resolve();
  await Promise.race([closing, new Promise((r) => setTimeout(r, 5000).unref())]);
  process.exit(0);
}

server.on('error', (err) => {
  console.error(`[brand-verify] cannot listen on port ${listenPort}: ${err.message}`);
  process.exit(1);
});

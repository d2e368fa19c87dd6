#!/usr/bin/env node
// @ts-check
// npm start: build when the sources changed since the last build, then serve the app with the
// embedded database under DATA_DIR (or PostgreSQL at DATABASE_URL); with PostgreSQL and
// WEB_CONCURRENCY=N, N server processes share the port (scripts/cluster.mjs).
//   --dev   development server with hot reload
import { ensureServerMalloc } from './runtime.mjs'; // first: re-runs this command under Node 24+ when the system Node is older
import v8 from 'node:v8';
import { existsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { dataDir, ensureSessionSecret, lockHolder, port, root } from './lib.mjs';
import { ensureChannelToken, refusePublicOperator, removeServerInfoIfOurs, startOperatorListener } from './operator-listener.mjs';
import { isWorker, reportListening, runPrimary, webConcurrency, workerNumber } from './cluster.mjs';
import { dbTemplateFile } from './db-template.mjs';
import { checkFrameworkVersion } from './framework-patches.mjs';
import { ensureBuild } from './ensure-build.mjs';
import { buildStylesheets, holdScriptsUntilPaint } from './paint-first.mjs';
import { compressAnswer, precompressedFiles } from './compress.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

// The server's malloc settings (scripts/runtime.mjs, MALLOC_ENV): before anything else starts.
await ensureServerMalloc();

// Under load V8 lets the old generation grow to several times what is live, and gives it back
// only after half a minute of quiet; growing it by half at most keeps the server near its live
// size, at no cost in throughput here (docs/decisions.md, "Platform").
v8.setFlagsFromString('--heap-growing-percent=50');

const dev = process.argv.includes('--dev');
const dir = dataDir();
const listenPort = port();
process.env.DATA_DIR = dir;
process.env.BRAND_APP_ROOT = root; // where the embedded database's worker lives (lib/db/pglite-thread.ts)
// Next.js's types make NODE_ENV read-only for the app's code; the launcher is what sets it.
/** @type {NodeJS.Dict<string>} */ (process.env).NODE_ENV = dev ? 'development' : 'production';

let processes = 1;
if (!isWorker()) {
  try {
    processes = webConcurrency();
  } catch (err) {
    console.error(`[brand-verify] ${err instanceof Error ? err.message : String(err)}`);
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

const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
if (!dev && !isWorker()) {
  try {
    ensureBuild(distDir); // when the sources changed since the last build (scripts/ensure-build.mjs)
  } catch (err) {
    console.error(`[brand-verify] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  if (!process.env.DATABASE_URL && existsSync(dbTemplateFile(distDir))) process.env.DB_TEMPLATE = dbTemplateFile(distDir);
}

ensureChannelToken(); // before forking and before Next.js reads the environment: the operator route checks it

const serverInfo = path.join(dir, 'server.json');
if (processes > 1) {
  // The primary serves nothing itself; the rest of this file runs in each worker. With
  // DATABASE_URL (the only case with several processes) `npm run brand` works on the database
  // directly, so no operator socket is opened.
  await runPrimary(processes, { onStop: () => removeServerInfoIfOurs(serverInfo) });
  writeFileSync(serverInfo, JSON.stringify({ pid: process.pid, port: listenPort, processes }));
  console.log(`[brand-verify] app: http://localhost:${listenPort} (production, ${processes} processes)`);
  console.log(`[brand-verify] data folder: ${dir} (secrets only; database: DATABASE_URL)`);
  await new Promise(() => {}); // the workers keep this process alive; it exits through runPrimary's stop
}

/**
 * What the app keeps on globalThis for the launcher: the start-up hook's signal (lib/server/startup.ts)
 * and the open database (lib/db/client.ts).
 * @type {typeof globalThis & { __brandStartedUp?: () => void; __brandDb?: Promise<{ close(): Promise<void> }> }}
 */
const shared = globalThis;
// Called by the start-up hook (lib/server/startup.ts) once the database is migrated and seeded;
// a failed start-up ends the process there. Development servers run the hook on first request.
const startedUp = dev ? Promise.resolve() : /** @type {Promise<void>} */ (new Promise((resolve) => (shared.__brandStartedUp = resolve)));

const require = createRequire(import.meta.url);
// In production this server holds each page's first-load scripts until the browser's first paint
// (scripts/paint-first.mjs), which means rewriting an HTML answer before it is compressed: so it
// compresses its answers itself, in Brotli or gzip (scripts/compress.mjs; next.config.mjs reads
// BRAND_SERVER_COMPRESSES). BENCH_SCRIPTS_FIRST=1 (benchmarks only) serves pages as Next.js writes
// them, with Next.js's gzip, to measure the difference; the development server does too.
const paintFirst = !dev && process.env.BENCH_SCRIPTS_FIRST !== '1';
// The HTML paint-first rewrites and the build's patches are fenced by Next.js version
// (scripts/framework-patches.mjs): a server never runs them on a version they were not written for.
if (!dev) {
  try {
    checkFrameworkVersion();
  } catch (err) {
    console.error(`[brand-verify] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
process.env.BRAND_SERVER_COMPRESSES = paintFirst ? '1' : '0'; // set either way: an inherited value must not turn compression off
// `require('next')` is the CommonJS export, Next's createServer function itself (there is no
// `.default` at run time); TypeScript reads the package as an ES module, whose default it is.
const next = /** @type {typeof import('next').default} */ (/** @type {unknown} */ (require('next')));
const app = next({ dev, dir: root, hostname: 'localhost', port: listenPort });
const handle = app.getRequestHandler();
await app.prepare();
await startedUp;

/**
 * Next answers a plain-text 500 to a path that is not valid percent-encoded UTF-8, before the
 * Brand API's own request parsing (lib/api/request-guards.ts) could see it: such a path gets the
 * same 400 here, JSON for the API.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 */
function refuseMalformedPath(req, res) {
  const rawPath = (req.url ?? '/').split('?')[0];
  try {
    decodeURIComponent(rawPath);
    return false;
  } catch {
    const api = rawPath.startsWith('/api/');
    res.writeHead(400, {
      'content-type': api ? 'application/json' : 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    const message = 'The request path is not valid percent-encoding (or not UTF-8)';
    res.end(api ? JSON.stringify({ errorMessage: message, code: 'bad_request' }) : message);
    return true;
  }
}

const trustProxy = /^(0*[1-9]\d*|true)$/.test(process.env.TRUST_PROXY ?? ''); // a number of hops, or true (README)
// SERVED_BY_HEADER=1 (tests, diagnosis): each answer names the process that served it.
const servedBy = process.env.SERVED_BY_HEADER === '1' ? `${workerNumber()}:${process.pid}` : undefined;
/**
 * Next's handler, with the spec's /api/client//embedding-url kept (Next would redirect it).
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 */
const handleApi = (req, res) => {
  if (req.url?.startsWith('/api/') && req.url.includes('//')) req.url = req.url.replace(/\/{2,}/g, '/');
  if (refuseMalformedPath(req, res)) return;
  handle(req, res);
};
// The operator endpoint is served only on a unix socket in DATA_DIR (scripts/operator-listener.mjs),
// by a single server process; several processes run on PostgreSQL, where the CLI needs no server.
const operator = isWorker() ? undefined : await startOperatorListener({ dir, handle: handleApi });
// The build's static scripts and stylesheets, compressed when it was made (scripts/precompress.mjs).
const precompressed = paintFirst ? precompressedFiles(distDir) : undefined;
// Each page's stylesheet, written inline in its HTML (scripts/paint-first.mjs, ScriptHolder).
const stylesheets = paintFirst ? buildStylesheets(distDir) : undefined;
const server = http.createServer((req, res) => {
  if (refusePublicOperator(req, res)) return;
  if (servedBy) res.setHeader('x-served-by', servedBy);
  // The caller's address is the socket's unless a trusted proxy stands in front.
  if (!trustProxy) req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? 'unknown';
  if (paintFirst) {
    compressAnswer(req, res, precompressed);
    holdScriptsUntilPaint(req, res, stylesheets); // after the compression, so that it rewrites the text
  }
  handleApi(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(listenPort, () => {
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => shutDown());
  // The start-up hook has migrated and seeded (startedUp), so a worker may take traffic now; the
  // primary starts the next workers only after the first says so, and writes server.json.
  if (isWorker()) return void reportListening();
  writeFileSync(serverInfo, JSON.stringify({ pid: process.pid, port: listenPort, operatorSocket: operator?.socketPath }));
  process.once('exit', () => removeServerInfoIfOurs(serverInfo)); // another server may have written it since
  console.log(`[brand-verify] app: http://localhost:${listenPort} (${dev ? 'development' : 'production'})`);
  console.log(`[brand-verify] data folder: ${dir}${process.env.DATABASE_URL ? ' (secrets only; database: DATABASE_URL)' : ''}`);
});

/**
 * Stops taking connections and closes the database (lib/db/client.ts keeps it on globalThis), so
 * the embedded one shuts down cleanly and the next start needs no recovery; at most 5 s.
 */
let shuttingDown = false;
async function shutDown() {
  if (shuttingDown) return; // a signal to the process group and one passed on by a parent
  shuttingDown = true;
  server.close();
  void operator?.close();
  const db = shared.__brandDb;
  const closing = db ? db.then((h) => h.close()).catch(() => undefined) : Promise.resolve();
  await Promise.race([closing, new Promise((r) => setTimeout(r, 5000).unref())]);
  process.exit(0);
}

server.on('error', (err) => {
  console.error(`[brand-verify] cannot listen on port ${listenPort}: ${err.message}`);
  process.exit(1);
});

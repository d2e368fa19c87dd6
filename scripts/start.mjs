#!/usr/bin/env node
// npm start: build when the sources changed since the last build, then serve the app with the
// embedded database under DATA_DIR (or PostgreSQL at DATABASE_URL).
//   --dev   development server with hot reload
import v8 from 'node:v8';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { dataDir, ensureSessionSecret, lockHolder, port, root, sourceFingerprint } from './lib.mjs';

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

const holder = lockHolder(dir);
if (holder && !process.env.DATABASE_URL) {
  console.error(`The data folder ${dir} is in use by process ${holder}. Stop it, or start with another DATA_DIR.`);
  process.exit(1);
}
ensureSessionSecret(dir);

if (!dev) {
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

const require = createRequire(import.meta.url);
const next = require('next');
const app = next({ dev, dir: root, hostname: 'localhost', port: listenPort });
const handle = app.getRequestHandler();
await app.prepare();

/**
 * Next answers a plain-text 500 to a path that is not valid percent-encoded UTF-8, before the
 * Brand API's own request parsing (lib/api/request-guards.ts) could see it: such a path gets the
 * same 400 here, JSON for the API.
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

const trustProxy = ['1', 'true'].includes(process.env.TRUST_PROXY ?? '');
const server = http.createServer((req, res) => {
  // The caller's address is the socket's unless a trusted proxy stands in front.
  if (!trustProxy) req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? 'unknown';
  // The spec's /api/client//embedding-url keeps its empty segment; Next would redirect it.
  if (req.url?.startsWith('/api/') && req.url.includes('//')) req.url = req.url.replace(/\/{2,}/g, '/');
  if (refuseMalformedPath(req, res)) return;
  handle(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(listenPort, () => {
  const info = path.join(dir, 'server.json');
  writeFileSync(info, JSON.stringify({ pid: process.pid, port: listenPort }));
  const cleanup = () => rmSync(info, { force: true });
  process.once('exit', cleanup);
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => shutDown());
  console.log(`[brand-verify] app: http://localhost:${listenPort} (${dev ? 'development' : 'production'})`);
  console.log(`[brand-verify] data folder: ${dir}${process.env.DATABASE_URL ? ' (secrets only; database: DATABASE_URL)' : ''}`);
});
/**
 * Stops taking connections and closes the database (lib/db/client.ts keeps it on globalThis), so
 * the embedded one shuts down cleanly and the next start needs no recovery; at most 5 s.
 */
async function shutDown() {
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

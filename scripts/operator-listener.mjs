// The operator's own door into the running server (used by `npm run brand`): a second HTTP
// listener on a unix socket in DATA_DIR (mode 0600, so only whoever may read the data reaches
// it), never on the brands' public port. The public listener refuses /api/operator/* outright;
// the operator listener marks its requests with a per-process token that no client can know, and
// the Brand API's operator route (lib/api/operator/routes.ts) answers only requests carrying it.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

/** The header the operator listener sets; the public listener removes it from every request. */
export const CHANNEL_HEADER = 'x-operator-channel';

// Linux allows 107 bytes in a unix socket's path.
const MAX_SOCKET_PATH = 100;

/** Sets OPERATOR_CHANNEL_TOKEN for this process (once), before Next.js reads its environment. */
export function ensureChannelToken() {
  if (!process.env.OPERATOR_CHANNEL_TOKEN) process.env.OPERATOR_CHANNEL_TOKEN = randomBytes(32).toString('base64url');
  return process.env.OPERATOR_CHANNEL_TOKEN;
}

/**
 * The request's path, percent-decoded, slashes collapsed, dot segments resolved, lower-cased:
 * what a router could match (Next and Hono both resolve `.` and `..` through the URL parser).
 */
function normalisedPath(url) {
  let p = (url ?? '/').split('?')[0];
  for (let i = 0; i < 3; i++) {
    try {
      const d = decodeURIComponent(p);
      if (d === p) break;
      p = d;
    } catch {
      break;
    }
  }
  p = p.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  try {
    p = new URL(p.startsWith('/') ? p : `/${p}`, 'http://x').pathname;
  } catch {
    // not a path a URL parser accepts, so no router resolves it either: keep it as it is
  }
  return p.replace(/\/{2,}/g, '/').toLowerCase();
}

/** Whether a request names the operator endpoint, however its path is spelled. */
export function isOperatorPath(url) {
  const p = normalisedPath(url);
  return p === '/api/operator' || p.startsWith('/api/operator/');
}

/**
 * For the public listener: drops any client-sent channel header, and answers /api/operator/*
 * with the API's own 404. Returns true when it answered.
 */
export function refusePublicOperator(req, res) {
  delete req.headers[CHANNEL_HEADER];
  if (!isOperatorPath(req.url)) return false;
  const body = JSON.stringify({ errorMessage: 'No such API endpoint', code: 'not_found' });
  res.writeHead(404, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
  res.end(body);
  return true;
}

/** Where the socket goes: DATA_DIR/operator.sock, or a private temp folder when that path is too long. */
export function operatorSocketPath(dir) {
  const inDir = path.join(dir, 'operator.sock');
  if (Buffer.byteLength(inDir) <= MAX_SOCKET_PATH) return inDir;
  return path.join(mkdtempSync(path.join(os.tmpdir(), 'bv-op-')), 'operator.sock'); // mkdtemp makes it 0700
}

/**
 * Serves `handle` (the same request handler as the public listener) on a unix socket that only
 * /api/operator/* may use; every request it passes on carries the channel token.
 * Resolves with { socketPath, close } once listening.
 */
export function startOperatorListener({ dir, handle }) {
  const token = ensureChannelToken();
  const socketPath = operatorSocketPath(dir);
  rmSync(socketPath, { force: true }); // left by a killed server; the DATA_DIR lock says none runs
  const server = http.createServer((req, res) => {
    if (!isOperatorPath(req.url)) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ errorMessage: 'Only the operator endpoint is served here', code: 'not_found' }));
    }
    req.headers[CHANNEL_HEADER] = token;
    req.headers.host ??= 'operator.invalid';
    handle(req, res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // Created 0600 from the start: no moment where another user could connect.
    const oldMask = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        chmodSync(socketPath, 0o600);
        server.off('error', reject);
        const cleanup = () => rmSync(socketPath, { force: true });
        process.once('exit', cleanup);
        resolve({
          socketPath,
          close: () =>
            new Promise((r) => {
              server.close(() => r());
              cleanup();
            }),
        });
      });
    } finally {
      process.umask(oldMask); // the socket is bound during listen() in this process
    }
  });
}

// @ts-check
// The operator's own door into the running server (used by `npm run brand`): a second HTTP
// listener on a unix socket in DATA_DIR (mode 0600, so only whoever may read the data reaches
// it), never on the brands' public port. The public listener refuses /api/operator/* outright;
// the operator listener marks its requests with a per-process token that no client can know, and
// the Brand API's operator route (lib/api/operator/routes.ts) answers only requests carrying it.
// Its exports are typed by scripts/operator-listener.d.mts (what the tests and scripts/start.mjs
// see): each one here is checked against that declaration.
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, lstatSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The header the operator listener sets; the public listener removes it from every request.
 * @type {typeof import('./operator-listener.d.mts').CHANNEL_HEADER}
 */
export const CHANNEL_HEADER = 'x-operator-channel';

// Linux allows 107 bytes in a unix socket's path.
const MAX_SOCKET_PATH = 100;

/**
 * Sets OPERATOR_CHANNEL_TOKEN for this process (once), before Next.js reads its environment.
 * @type {typeof import('./operator-listener.d.mts').ensureChannelToken}
 */
export function ensureChannelToken() {
  if (!process.env.OPERATOR_CHANNEL_TOKEN) process.env.OPERATOR_CHANNEL_TOKEN = randomBytes(32).toString('base64url');
  return process.env.OPERATOR_CHANNEL_TOKEN;
}

/**
 * The request's path, percent-decoded, slashes collapsed, dot segments resolved, lower-cased:
 * what a router could match (Next and Hono both resolve `.` and `..` through the URL parser).
 * @param {string | undefined} url
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

/**
 * Whether a request names the operator endpoint, however its path is spelled.
 * @type {typeof import('./operator-listener.d.mts').isOperatorPath}
 */
export function isOperatorPath(url) {
  const p = normalisedPath(url);
  return p === '/api/operator' || p.startsWith('/api/operator/');
}

/**
 * For the public listener: drops any client-sent channel header, and answers /api/operator/*
 * with the API's own 404. Returns true when it answered.
 * @type {typeof import('./operator-listener.d.mts').refusePublicOperator}
 */
export function refusePublicOperator(req, res) {
  delete req.headers[CHANNEL_HEADER];
  for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) {
    if (req.rawHeaders[i].toLowerCase() === CHANNEL_HEADER) req.rawHeaders.splice(i, 2);
  }
  if (!isOperatorPath(req.url)) return false;
  const body = JSON.stringify({ errorMessage: 'No such API endpoint', code: 'not_found' });
  res.writeHead(404, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
  res.end(body);
  return true;
}

/** A socket path in a fresh private temp folder (mkdtemp makes it 0700), for a DATA_DIR too deep. */
function privateTempSocket() {
  return path.join(mkdtempSync(path.join(os.tmpdir(), 'bv-op-')), 'operator.sock');
}

/**
 * Whether something listens on the socket at `socketPath`. Only "no such file" and "connection
 * refused" (a socket left by a killed server, or not a socket at all) count as nobody: any other
 * failure (say, another user's socket) is left alone as if in use.
 * @type {typeof import('./operator-listener.d.mts').socketAnswers}
 */
export function socketAnswers(socketPath) {
  return new Promise((resolve) => {
    const probe = net.connect({ path: socketPath });
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', (/** @type {NodeJS.ErrnoException} */ err) => resolve(!['ENOENT', 'ECONNREFUSED'].includes(err.code ?? '')));
  });
}

/**
 * Listens on `socketPath`, created 0600 from the start: no moment where another user could connect.
 * @param {http.Server} server
 * @param {string} socketPath
 * @returns {Promise<void>}
 */
function listenPrivately(server, socketPath) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const oldMask = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      process.umask(oldMask); // the socket is bound during listen() in this process
    }
  });
}

/**
 * Binds the operator socket without ever taking another live server's: with DATABASE_URL several
 * servers may share one DATA_DIR. The socket is bound under a name of its own
 * (operator-<random>.sock) and then hard-linked to operator.sock, which fails rather than replace
 * a file already there. That file is removed only when nothing answers on it (left by a killed
 * server); when another server answers, this one keeps its own name and says so. Binding under
 * its own name also matters at close: Node removes the path a socket was bound to, which is
 * then never operator.sock. Returns the path clients should use.
 * @param {http.Server} server
 * @param {string} dir
 */
async function bindSocket(server, dir) {
  const main = path.join(dir, 'operator.sock');
  const own = path.join(dir, `operator-${randomBytes(6).toString('hex')}.sock`);
  if (Buffer.byteLength(own) > MAX_SOCKET_PATH) {
    const alone = privateTempSocket(); // nobody else's socket there
    await listenPrivately(server, alone);
    return alone;
  }
  await listenPrivately(server, own);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      linkSync(own, main);
      rmSync(own, { force: true });
      return main;
    } catch (err) {
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'EEXIST') {
        // A file system without hard links: probe, then move the socket into place.
        if (await socketAnswers(main)) return warnShared(main, own);
        renameSync(own, main);
        return main;
      }
    }
    if (await socketAnswers(main)) return warnShared(main, own);
    rmSync(main, { force: true }); // left by a server that is gone
  }
  return own;
}

/**
 * @param {string} main
 * @param {string} own
 */
function warnShared(main, own) {
  console.warn(`[brand-verify] another server on this data folder answers on ${main}; this server's operator socket is ${own} (named in server.json)`);
  return own;
}

/**
 * Removes the socket files of servers that are gone (operator-<random>.sock nobody answers on).
 * @param {string} dir
 */
async function sweepStaleSockets(dir) {
  /** @type {string[]} */
  let names = [];
  try {
    names = readdirSync(dir).filter((n) => /^operator-[0-9a-f]{12}\.sock$/.test(n));
  } catch {
    return;
  }
  for (const n of names) {
    const p = path.join(dir, n);
    if (!(await socketAnswers(p))) rmSync(p, { force: true });
  }
}

/**
 * Serves `handle` (the same request handler as the public listener) on a unix socket that only
 * /api/operator/* may use; every request it passes on carries the channel token.
 * Resolves with { socketPath, close } once listening. Closing (or the process's exit) removes the
 * socket file only while it is still the one this server made (same inode): a later server may
 * have bound that path since.
 * @type {typeof import('./operator-listener.d.mts').startOperatorListener}
 */
export async function startOperatorListener({ dir, handle }) {
  const token = ensureChannelToken();
  const server = http.createServer((req, res) => {
    if (!isOperatorPath(req.url)) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ errorMessage: 'Only the operator endpoint is served here', code: 'not_found' }));
    }
    // Both views of the headers: Next reads req.headers, @hono/node-server reads req.rawHeaders.
    req.headers[CHANNEL_HEADER] = token;
    req.rawHeaders.push(CHANNEL_HEADER, token);
    req.headers.host ??= 'operator.invalid';
    handle(req, res);
  });
  await sweepStaleSockets(dir);
  const socketPath = await bindSocket(server, dir);
  chmodSync(socketPath, 0o600);
  const { ino, dev } = statSync(socketPath);
  const cleanup = () => {
    process.off('exit', cleanup);
    try {
      const now = lstatSync(socketPath);
      if (now.ino === ino && now.dev === dev) rmSync(socketPath, { force: true });
    } catch {
      // already gone
    }
  };
  process.once('exit', cleanup);
  return {
    socketPath,
    close: () =>
      new Promise((r) => {
        cleanup();
        server.close(() => r());
      }),
  };
}

/**
 * Removes DATA_DIR/server.json at exit only while it still names this process.
 * @type {typeof import('./operator-listener.d.mts').removeServerInfoIfOurs}
 */
export function removeServerInfoIfOurs(file) {
  try {
    if (JSON.parse(readFileSync(file, 'utf8')).pid !== process.pid) return;
  } catch {
    return;
  }
  rmSync(file, { force: true });
}

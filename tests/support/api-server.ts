import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, serve } from '@hono/node-server';
import { brandApi } from '@/lib/api/app';
import { closeDb, getDb } from '@/lib/db/client';
import { resetEnvCache } from '@/lib/edge/env';
import { closeFileStore } from '@/lib/files';
import { createBrand } from '@/lib/operator/brands';
import { randomId } from '@/lib/ids';
import type { ClientConfigPatch } from '@/lib/schemas/client-config';

// The Brand API served over real HTTP for one test file, on a random loopback port: the one way
// the API tests start a server. Whatever it opened (HTTP servers, the database: PGlite's worker
// thread or the pg pool) is closed after the file by an afterAll registered here, also when the
// file's beforeAll failed or timed out half-way, so a failing run ends instead of hanging.

export type TestServer = { port: number; close: () => Promise<void> };

const servers = new Set<http.Server>();
const others = new Set<() => Promise<void>>();
let finished = false;

function closeServer(server: http.Server): Promise<void> {
  servers.delete(server);
  return new Promise<void>((r) => {
    server.close(() => r());
    server.closeAllConnections();
  });
}

/** Closes every server this file started, then the database; later starts are refused. */
export async function closeEverything() {
  finished = true;
  await Promise.all([...servers].map(closeServer));
  await Promise.all([...others].map((close) => close()));
  others.clear();
  await closeDb();
}

// Registered when a file imports this module, so it runs before that file's own afterAll hooks
// (jest runs them in order of declaration): clean data up in tests or afterEach, not afterAll.
afterAll(closeEverything);

function listen(handler: Parameters<typeof http.createServer>[1], where: number | string): Promise<http.Server> {
  return new Promise<http.Server>((resolve, reject) => {
    const s = http.createServer(handler);
    s.once('error', reject);
    s.listen(typeof where === 'number' ? { port: where, host: '127.0.0.1' } : { path: where }, () => resolve(s));
  });
}

export async function startApiServer(): Promise<TestServer> {
  await getDb();
  const app = brandApi();
  const server = await new Promise<http.Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as http.Server)) as http.Server;
  });
  servers.add(server);
  if (finished) {
    // The file's hooks gave up (a timeout) while this start was still under way.
    await closeEverything();
    throw new Error('The test file finished before its API server started');
  }
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await closeServer(server);
      await closeDb();
      closeFileStore();
    },
  };
}

/**
 * The API server of a test file: started in a beforeAll (with `env` set in process.env first, for
 * settings read at start-up), closed in an afterAll (and `env` removed again). The handle's port
 * is read when a test calls, after the start; before it, reading it is an error that says so.
 */
export function apiServerForFile({ env = {} }: { env?: Record<string, string> } = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    Object.assign(process.env, env);
    resetEnvCache();
    started = await startApiServer();
  }, 60_000);
  afterAll(async () => {
    await started?.close();
    for (const name of Object.keys(env)) delete process.env[name];
    resetEnvCache();
  });
  return {
    get port() {
      if (!started) throw new Error('The API server of this file has not started (apiServerForFile starts it in beforeAll)');
      return started.port;
    },
    close: async () => started?.close(),
  };
}

/**
 * The launcher's operator listener (scripts/operator-listener.mjs) on a unix socket in `dir`,
 * passing requests to the Brand API as the running server does.
 */
export async function startOperatorSocket(dir: string): Promise<{ socketPath: string; close: () => Promise<void> }> {
  await getDb();
  const { startOperatorListener } = await import('../../scripts/operator-listener.mjs');
  const listener = await startOperatorListener({ dir, handle: getRequestListener(brandApi().fetch) });
  const close = async () => {
    others.delete(close);
    await listener.close();
  };
  others.add(close);
  return { socketPath: listener.socketPath, close };
}

/** The launcher's public listener in front of the Brand API: refuses /api/operator/* itself. */
export async function startPublicLauncherServer(): Promise<TestServer> {
  await getDb();
  const { refusePublicOperator } = await import('../../scripts/operator-listener.mjs');
  const api = getRequestListener(brandApi().fetch);
  const server = await listen((req, res) => {
    if (!refusePublicOperator(req, res)) void api(req, res);
  }, 0);
  servers.add(server);
  return { port: (server.address() as AddressInfo).port, close: () => closeServer(server) };
}

/** A fresh brand with its own random domain, so no test sees another test's data. */
export async function createTestBrand(config?: ClientConfigPatch) {
  const tag = randomId('t', 10).toLowerCase().replace('_', '-');
  const domain = `${tag}.localhost`;
  const brand = await createBrand({ slug: tag, name: `Brand ${tag}`, domains: [domain], config });
  return { ...brand, domain };
}

export type Res = { status: number; headers: http.IncomingHttpHeaders; body: any; text: string };

/**
 * An HTTP call with a chosen Host header (fetch cannot set Host). JSON bodies by default;
 * state-changing calls carry the CSRF header unless `headers` says otherwise.
 */
export function call(
  server: { port: number } | { socketPath: string },
  host: string,
  method: string,
  path: string,
  opts: { body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string>; cookie?: string; token?: string } = {},
): Promise<Res> {
  const headers: Record<string, string> = { host };
  if (method !== 'GET') headers['x-requested-with'] = 'fetch';
  let payload: string | Buffer | undefined;
  if (opts.body !== undefined) {
    payload = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  } else if (opts.rawBody !== undefined) payload = opts.rawBody;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  Object.assign(headers, opts.headers);
  for (const k of Object.keys(headers)) if (headers[k] === '') delete headers[k];
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const to = 'socketPath' in server ? { socketPath: server.socketPath } : { host: '127.0.0.1', port: server.port };
    const req = http.request({ ...to, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = undefined;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** The `name=value` pair of a Set-Cookie answer, for sending back. */
export function cookieFrom(res: Res, name: string): string | undefined {
  const set = res.headers['set-cookie'] ?? [];
  const line = set.find((c) => c.startsWith(`${name}=`));
  return line?.split(';')[0];
}

import { expect, test } from '@playwright/test';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PORT } from './support';

// The middleware reaches its own server (for a brand's embedding settings) at the address Next.js
// names in the request URL, not at a PORT the launcher exports: the built app started as
// `next start -p <port>`, with no PORT in its environment, frames a brand's pages exactly as the
// brand registered (with no answer it would fail closed: frame-ancestors 'self', no redirect).

// One server for the file's tests: they run in one worker, one after another.
test.describe.configure({ mode: 'serial' });

const port = PORT + 60;
const shopOrigin = 'http://shop.localhost:8123';
const embeddingURL = `${shopOrigin}/shop/app`;

type Answer = { status: number; headers: http.IncomingHttpHeaders };

/** A request to the server on loopback, for the brand `host`, with the browser headers given. */
function ask(host: string, pathname: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, headers: { host: `${host}:${port}`, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const frameAncestors = (a: Answer) => /frame-ancestors ([^;]+)/.exec(String(a.headers['content-security-policy']))?.[1]?.trim();

let server: ChildProcess | undefined;
let dataDir: string;
let stderr = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bv-next-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SESSION_SECRET: '', NEXT_DIST_DIR: process.env.E2E_DIST_DIR || '.next' };
  delete env.PORT;
  // The brand is made in-process, before the server holds the data folder.
  const config = path.join(dataDir, 'brand-config.json');
  writeFileSync(config, JSON.stringify({ ui: { isEmbeddingRequired: true, embeddingURL } }));
  execFileSync(process.execPath, ['--conditions=react-server', 'scripts/brand.mjs', 'create', '--slug', 'nextstart', '--name', 'Next Start', '--domains', 'nextstart.localhost', '--config', config], {
    env,
    timeout: 120_000,
  });
  server = spawn(process.execPath, [path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port)], { env: { ...env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'pipe'] });
  server.stderr!.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  await expect
    .poll(async () => (await ask('localhost', '/api/openapi.json', {}).catch(() => ({ status: 0 }))).status, { timeout: 200_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('a frame of the registered shop is allowed by the brand\'s frame-ancestors', async () => {
  const framed = await ask('nextstart.localhost', '/login', { 'sec-fetch-dest': 'iframe', referer: `${shopOrigin}/shop/app` });
  expect(stderr).not.toContain('embedding config of');
  expect(framed.status).toBe(200);
  expect(frameAncestors(framed)).toBe(shopOrigin);
});

test('a top-level visit to a verify page is sent to the embedding URL by middleware, with the path', async () => {
  const top = await ask('nextstart.localhost', '/overt/verify/QR123', { 'sec-fetch-dest': 'document' });
  expect(top.status).toBe(307);
  const location = new URL(String(top.headers.location));
  expect(location.origin + location.pathname).toBe(embeddingURL);
  expect(location.searchParams.get('path')).toBe('/overt/verify/QR123');
});

test('a brand that does not embed may be framed only by the app itself', async () => {
  const demo = await ask('localhost', '/login', { 'sec-fetch-dest': 'iframe', referer: `${shopOrigin}/shop/app` });
  expect(frameAncestors(demo)).toBe("'self'");
});

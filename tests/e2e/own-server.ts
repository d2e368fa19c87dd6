import { test as base, expect, type Browser } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { open, operatorAt, type ServerAt } from './support';

// A server of a spec's own, from the same build as the suite's, behind a "proxy" it trusts
// (TRUST_PROXY=1, as a deployment behind one load balancer runs), on a free port with a data folder
// of its own (embedded database). The suite's server sees every browser as 127.0.0.1, so nothing
// that needs evidence from several unrelated shoppers (a unit becoming suspect, a red flag: issue
// 27, bounded influence) can happen there; here each shopper's browser says its own address in
// X-Forwarded-For. A spec takes it as the `proxiedServer` fixture of this file's `test`, which
// starts it for the tests that ask for it and ends every process of it after the test, passed or
// failed (its own process group), and removes its data folder.

const root = path.resolve(__dirname, '../..');

export type OwnServer = ServerAt & {
  /** The console host's origin on this server (CONSOLE_HOST is console.localhost by default). */
  consoleOrigin: string;
  /** An operator command through this server's operator socket. */
  run: (command: string, args: unknown) => Promise<any>;
};

/** Six cities more than 100 km apart (tests/support/devices.ts SIX_CITIES). */
export const SIX_CITIES = ['?lat=18.52&lng=73.86', '?lat=28.61&lng=77.21', '?lat=22.57&lng=88.36', '?lat=13.08&lng=80.27', '?lat=26.91&lng=75.79', '?lat=23.02&lng=72.57'];

/** A port nothing listens on now (also cluster.spec.ts's servers). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

const statusOf = (port: number, pathname: string) =>
  new Promise<number>((resolve) => {
    http.get({ host: '127.0.0.1', port, path: pathname, agent: false }, (res) => (res.resume(), resolve(res.statusCode ?? 0))).on('error', () => resolve(0));
  });

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** Ends every process of the server's group (SIGTERM, then SIGKILL after 10 s) and removes its data folder. */
async function stop(server: ChildProcess, dataDir: string) {
  if (server.exitCode === null && server.signalCode === null && server.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await Promise.race([exited(server), new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null && server.signalCode === null) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/** Starts scripts/start.mjs with `env` on a free port and a new data folder; answers once it serves. */
export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer & { close: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bv-e2e-proxied-'));
  let log = '';
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    detached: true, // its own process group, so stopping it ends every process of it
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SESSION_SECRET: '',
      NEXT_DIST_DIR: process.env.E2E_DIST_DIR || '.next',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (c) => (log = (log + c).slice(-4000)));
  server.stderr!.on('data', (c) => (log = (log + c).slice(-4000)));
  const close = () => stop(server, dataDir);
  try {
    await expect.poll(() => statusOf(port, '/api/openapi.json'), { timeout: 180_000, intervals: [500, 1000], message: `the server starts:\n${log}` }).toBe(200);
  } catch (err) {
    await close();
    throw err;
  }
  return { port, dataDir, consoleOrigin: `http://console.localhost:${port}`, run: (command, args) => operatorAt(dataDir, command, args), close };
}

/**
 * `test` with `proxiedServer`: a server of the test's own that trusts one proxy's X-Forwarded-For,
 * started before the test (its start has a time limit of its own, apart from the test's) and
 * stopped after it, whatever the test's outcome.
 */
export const test = base.extend<{ proxiedServer: OwnServer }>({
  proxiedServer: [
    // `{}`: it uses no other fixture; `lend` is Playwright's `use` (a name React's hook rule leaves alone).
    async ({}, lend) => {
      const { close, ...server } = await startOwnServer({ TRUST_PROXY: '1' });
      try {
        await lend(server);
      } finally {
        await close();
      }
    },
    { timeout: 200_000 },
  ],
});

/**
 * Shoppers in six cities, each on a network of their own (X-Forwarded-For on a private /24: no
 * address place, so the places they give count), open `url` (a unit's printed link) one after
 * another and are each shown `heading`: the unit's copies are corroborated beyond any three
 * witnesses, and it becomes suspect (a red flag, when the brand flags).
 */
export async function checkFromSixCities(browser: Browser, url: string, heading: string) {
  for (const [i, where] of SIX_CITIES.entries()) {
    const shopper = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.27.${i + 1}.9` } });
    try {
      const page = await shopper.newPage();
      await open(page, `${url}${where}`);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    } finally {
      await shopper.close();
    }
  }
}

import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './own-server';

// npm start with WEB_CONCURRENCY=2 on PostgreSQL (scripts/cluster.mjs): two server processes
// answer on one port, and a stop signal ends them all. Needs TEST_DATABASE_URL; uses the build
// the suite's own server was started from.

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const root = path.resolve(__dirname, '../..');

test.skip(!DATABASE_URL, 'set TEST_DATABASE_URL to test several server processes on PostgreSQL');
test.setTimeout(180_000);

/** One request on a connection of its own (the cluster hands out connections in turn). */
const get = (port: number, pathname: string) =>
  new Promise<{ status: number; servedBy: string | undefined }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, servedBy: res.headers['x-served-by'] as string | undefined }));
    });
    req.on('error', reject);
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

test('two server processes share the port and all stop on SIGTERM', async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bv-cluster-'));
  let log = '';
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    detached: true, // its own process group, so a failed test can end every process of it
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL,
      WEB_CONCURRENCY: '2',
      SERVED_BY_HEADER: '1',
      SESSION_SECRET: '',
      NEXT_DIST_DIR: process.env.E2E_DIST_DIR || '.next',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (c) => (log += c));
  server.stderr!.on('data', (c) => (log += c));
  try {
    // Ready once the primary says where it serves (all workers listen by then).
    await expect.poll(() => log, { timeout: 150_000, message: 'the server starts' }).toContain('(production, 2 processes)');

    const served = new Set<string>();
    for (let i = 0; i < 20 && served.size < 2; i++) {
      const r = await get(port, '/api/openapi.json');
      expect(r.status).toBe(200);
      served.add(r.servedBy ?? 'none');
    }
    const workers = [...served].map((s) => s.split(':').map(Number) as [number, number]);
    expect(workers.map(([n]) => n).sort()).toEqual([1, 2]);
    const pids = workers.map(([, pid]) => pid);
    expect(new Set(pids).size).toBe(2);
    const info = JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as { pid: number; port: number; processes: number };
    expect(info).toMatchObject({ port, processes: 2 });
    expect(pids).not.toContain(info.pid);

    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
    // The primary exits only after every worker has.
    expect(pids.filter(alive)).toEqual([]);
    expect(alive(info.pid)).toBe(false);
    expect(existsSync(path.join(dataDir, 'server.json'))).toBe(false);
  } finally {
    if (server.exitCode === null && server.pid) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

import http from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOperatorSocket } from '../support/api-server';
import { operatorKey } from '@/lib/secrets';

// With DATABASE_URL nothing locks DATA_DIR, so several servers may share it: none may take,
// remove or replace another's operator socket (scripts/operator-listener.mjs).

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'op-share-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The status of an operator `list` through the socket at `socketPath`, on a fresh connection each time. */
const list = (socketPath: string) =>
  new Promise<number>((resolve, reject) => {
    const body = JSON.stringify({ command: 'list', args: {} });
    const headers = { host: 'operator.invalid', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'x-requested-with': 'fetch', 'x-operator-key': operatorKey() };
    const req = http.request({ socketPath, agent: false, method: 'POST', path: '/api/operator/run', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(body);
  });
const sockets = () => readdirSync(dir).filter((n) => n.endsWith('.sock')).sort();

it("a second server on the same data folder neither takes nor removes the first one's socket", async () => {
  const first = await startOperatorSocket(dir);
  expect(first.socketPath).toBe(path.join(dir, 'operator.sock'));
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const second = await startOperatorSocket(dir);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining(`another server on this data folder answers on ${first.socketPath}; this server's operator socket is ${second.socketPath}`));
  warn.mockRestore();
  expect(path.dirname(second.socketPath)).toBe(dir);
  expect(path.basename(second.socketPath)).toMatch(/^operator-[0-9a-f]{12}\.sock$/);
  expect(await list(first.socketPath)).toBe(200);
  expect(await list(second.socketPath)).toBe(200);

  await second.close();
  expect(sockets()).toEqual(['operator.sock']);
  expect(await list(first.socketPath)).toBe(200);
  await first.close();
  expect(sockets()).toEqual([]);
});

it('takes over socket files nobody answers on, and on closing leaves alone one that another server bound since', async () => {
  // What a killed server leaves: files at the socket paths that refuse connections.
  writeFileSync(path.join(dir, 'operator.sock'), '');
  writeFileSync(path.join(dir, 'operator-0123456789ab.sock'), '');
  const first = await startOperatorSocket(dir);
  expect(first.socketPath).toBe(path.join(dir, 'operator.sock'));
  expect(sockets()).toEqual(['operator.sock']);
  expect(await list(first.socketPath)).toBe(200);

  // The path is taken from it (say, removed by hand) and another server binds it.
  rmSync(first.socketPath);
  const second = await startOperatorSocket(dir);
  expect(second.socketPath).toBe(path.join(dir, 'operator.sock'));
  await first.close();
  expect(sockets()).toEqual(['operator.sock']);
  expect(await list(second.socketPath)).toBe(200);
  await second.close();
  expect(sockets()).toEqual([]);
});

it('removes server.json at exit only while it still names this process', async () => {
  const { removeServerInfoIfOurs } = await import('../../scripts/operator-listener.mjs');
  const info = path.join(dir, 'server.json');
  writeFileSync(info, JSON.stringify({ pid: process.pid + 1, port: 1, operatorSocket: 'x' }));
  removeServerInfoIfOurs(info);
  expect(existsSync(info)).toBe(true);
  writeFileSync(info, JSON.stringify({ pid: process.pid, port: 1, operatorSocket: 'x' }));
  removeServerInfoIfOurs(info);
  expect(existsSync(info)).toBe(false);
});

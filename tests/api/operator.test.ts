import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { call, startApiServer, startOperatorSocket, startPublicLauncherServer, type TestServer } from '../support/api-server';
import { operatorKey } from '@/lib/secrets';
import { randomId } from '@/lib/ids';
import { itOncePerRun } from '../support/once';

const run = promisify(execFile);
let server: TestServer;
let launcher: TestServer;
let operator: { socketPath: string };
let socketDir: string;
beforeAll(async () => {
  server = await startApiServer();
  launcher = await startPublicLauncherServer();
  socketDir = mkdtempSync(path.join(os.tmpdir(), 'op-sock-'));
  operator = await startOperatorSocket(socketDir);
});
afterAll(async () => {
  await server?.close();
  rmSync(socketDir, { recursive: true, force: true });
});

const slug = () => randomId('op', 8).toLowerCase().replace('_', '-');
const listSlugs = async () =>
  (await call(operator, 'operator.invalid', 'POST', '/api/operator/run', { body: { command: 'list', args: {} }, headers: { 'x-operator-key': operatorKey() } })).body.result.map(
    (b: { slug: string }) => b.slug,
  );

describe('the operator endpoint is not reachable on a public listener', () => {
  const create = (s: string) => ({ command: 'create', args: { slug: s, name: 'Sneaky', domains: [`${s}.localhost`] } });

  it('answers 404 on the Brand API without the operator channel, even with the right key and any host', async () => {
    const s = slug();
    for (const host of ['localhost', '127.0.0.1', 'shop.example.com']) {
      const res = await call(server, host, 'POST', '/api/operator/run', { body: create(s), headers: { 'x-operator-key': operatorKey() } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errorMessage: 'No such API endpoint', code: 'not_found' });
    }
    expect(await listSlugs()).not.toContain(s);
  });

  it('answers 404 to a forged channel header', async () => {
    const s = slug();
    const forged = await call(server, 'localhost', 'POST', '/api/operator/run', {
      body: create(s),
      headers: { 'x-operator-key': operatorKey(), 'x-operator-channel': 'x'.repeat(43) },
    });
    expect(forged.status).toBe(404);
    expect(await listSlugs()).not.toContain(s);
  });

  it("the launcher's public listener refuses /api/operator/* however it is spelled, even with the real channel token", async () => {
    const s = slug();
    const headers = { 'x-operator-key': operatorKey(), 'x-operator-channel': process.env.OPERATOR_CHANNEL_TOKEN! };
    const { isOperatorPath } = await import('../../scripts/operator-listener.mjs');
    const spellings = ['/api/operator/run', '/api//operator/run', '/api/%6Fperator/run', '/API/Operator/run', '/api/operator/run?x=1', '/api/operator'];
    // Dot segments, which the routers behind resolve: plain, percent-encoded, and going up.
    spellings.push('/api/./operator/run', '/api/x/../operator/run', '/api/%2e/operator/run', '/api/x/%2E%2E/operator/run', '/x/../api/operator', '/api/operator/x/..');
    for (const p of spellings) {
      // The listener itself must recognise it: the Brand API's own 404 behind it proves nothing here.
      expect({ p, refused: isOperatorPath(p) }).toEqual({ p, refused: true });
      const res = await call(launcher, 'localhost', 'POST', p, { body: create(s), headers });
      expect({ p, status: res.status, code: res.body?.code }).toEqual({ p, status: 404, code: 'not_found' });
    }
    expect(await listSlugs()).not.toContain(s);
    // The rest of the API is served as before.
    expect((await call(launcher, 'localhost', 'GET', '/api/openapi.json')).status).toBe(200);
    const { isOperatorPath: isOp } = await import('../../scripts/operator-listener.mjs');
    for (const p of ['/api/openapi.json', '/api/operator/../openapi.json', '/api/operators', '/operator/run']) expect({ p, refused: isOp(p) }).toEqual({ p, refused: false });
  });

  it('the operator socket is readable and writable by its owner only, and serves nothing but the operator endpoint', async () => {
    expect(statSync(operator.socketPath).mode & 0o777).toBe(0o600);
    const other = await call(operator, 'localhost', 'GET', '/api/openapi.json');
    expect(other.status).toBe(404);
  });
});

describe('POST /api/operator/run (operator socket)', () => {
  it('refuses a call without the operator key, or with a wrong one', async () => {
    const body = { command: 'list', args: {} };
    expect((await call(operator, 'localhost', 'POST', '/api/operator/run', { body })).status).toBe(401);
    const wrong = await call(operator, 'localhost', 'POST', '/api/operator/run', { body, headers: { 'x-operator-key': 'guess' } });
    expect(wrong.status).toBe(401);
  });

  it('runs a command with the key', async () => {
    const s = slug();
    const res = await call(operator, 'localhost', 'POST', '/api/operator/run', {
      body: { command: 'create', args: { slug: s, name: 'Op Brand', domains: [`${s}.localhost`] } },
      headers: { 'x-operator-key': operatorKey() },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.domains).toEqual([`${s}.localhost`]);
    const info = await call(server, `${s}.localhost`, 'GET', '/api/client/clone-info');
    expect(info.body.organizationName).toBe('Op Brand');
  });

  it('answers 422 naming the field for bad arguments, and creates nothing', async () => {
    const s = slug();
    const res = await call(operator, 'localhost', 'POST', '/api/operator/run', {
      body: { command: 'create', args: { slug: s, name: 'X', domains: ['https://bad.example.com'] } },
      headers: { 'x-operator-key': operatorKey() },
    });
    expect(res.status).toBe(422);
    expect(res.body.errorMessage).toMatch(/domains/);
    expect(await listSlugs()).not.toContain(s);
  });
});

// The first two run the command line on data folders of their own: once per npm test (tests/support/once.ts).
describe('npm run brand (operator command line)', () => {
  const cli = (dataDir: string, ...args: string[]) =>
    run(process.execPath, ['--conditions=react-server', '--no-warnings', 'scripts/brand.mjs', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
    );

  itOncePerRun('creates, configures, lists and blocks a brand in its own data folder when no server runs', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cli-'));
    try {
      const created = await cli(dir, 'create', '--slug', 'acme', '--name', 'Acme', '--domains', 'acme.localhost,shop.acme.localhost', '--json');
      expect(created.code).toBe(0);
      expect(JSON.parse(created.stdout).domains).toEqual(['acme.localhost', 'shop.acme.localhost']);

      const cfg = path.join(dir, 'acme.json');
      writeFileSync(cfg, JSON.stringify({ ui: { primaryColor: '#ff0000' }, flags: { isTrackingEnabled: true }, complaintConfig: { priorities: ['P1', 'P2'] } }));
      const set = await cli(dir, 'set-config', '--slug', 'acme', '--config', cfg, '--json');
      expect(set.code).toBe(0);
      expect(JSON.parse(set.stdout).config.ui.primaryColor).toBe('#ff0000');

      const blocked = await cli(dir, 'set-status', '--slug', 'acme', '--status', 'Blacklisted', '--json');
      expect(blocked.code).toBe(0);
      const list = await cli(dir, 'list', '--json');
      expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ slug: 'acme', serviceStatus: 'Blacklisted' })]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  itOncePerRun('refuses an embedding URL that is not https with a clear message, changing nothing', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cli-'));
    try {
      await cli(dir, 'create', '--slug', 'acme', '--name', 'Acme', '--domains', 'acme.localhost');
      const cfg = path.join(dir, 'embed.json');
      writeFileSync(cfg, JSON.stringify({ ui: { isEmbeddingRequired: true, embeddingURL: 'http://shop.example.com' } }));
      const res = await cli(dir, 'set-config', '--slug', 'acme', '--config', cfg);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/embeddingURL: must be an https URL/);
      const notJson = path.join(dir, 'broken.json');
      writeFileSync(notJson, '{ nope');
      const broken = await cli(dir, 'set-config', '--slug', 'acme', '--config', notJson);
      expect(broken.stderr).toMatch(/is not valid JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('goes through the running server that holds the data folder instead of opening it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cli-'));
    try {
      // What a running server leaves in its data folder: its lock, its port and operator socket, the operator key.
      writeFileSync(path.join(dir, 'db.lock'), String(process.pid));
      writeFileSync(path.join(dir, 'server.json'), JSON.stringify({ pid: process.pid, port: server.port, operatorSocket: operator.socketPath }));
      writeFileSync(path.join(dir, 'operator-key'), operatorKey());
      const s = slug();
      const res = await cli(dir, 'create', '--slug', s, '--name', 'Via Server', '--domains', `${s}.localhost`, '--json');
      expect(res.code).toBe(0);
      const info = await call(server, `${s}.localhost`, 'GET', '/api/client/clone-info');
      expect(info.body.organizationName).toBe('Via Server');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

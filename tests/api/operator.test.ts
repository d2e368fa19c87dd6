import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { call, startApiServer, type TestServer } from '../support/api-server';
import { operatorKey } from '@/lib/server/secrets';
import { randomId } from '@/lib/ids';

const run = promisify(execFile);
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const slug = () => randomId('op', 8).toLowerCase().replace('_', '-');

describe('POST /api/operator/run', () => {
  it('refuses a call without the operator key, or with a wrong one', async () => {
    const body = { command: 'list', args: {} };
    expect((await call(server, 'localhost', 'POST', '/api/operator/run', { body })).status).toBe(401);
    const wrong = await call(server, 'localhost', 'POST', '/api/operator/run', { body, headers: { 'x-operator-key': 'guess' } });
    expect(wrong.status).toBe(401);
  });

  it('runs a command with the key', async () => {
    const s = slug();
    const res = await call(server, 'localhost', 'POST', '/api/operator/run', {
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
    const res = await call(server, 'localhost', 'POST', '/api/operator/run', {
      body: { command: 'create', args: { slug: s, name: 'X', domains: ['https://bad.example.com'] } },
      headers: { 'x-operator-key': operatorKey() },
    });
    expect(res.status).toBe(422);
    expect(res.body.errorMessage).toMatch(/domains/);
    const list = await call(server, 'localhost', 'POST', '/api/operator/run', {
      body: { command: 'list', args: {} },
      headers: { 'x-operator-key': operatorKey() },
    });
    expect(list.body.result.map((b: { slug: string }) => b.slug)).not.toContain(s);
  });
});

describe('npm run brand (operator command line)', () => {
  const cli = (dataDir: string, ...args: string[]) =>
    run(process.execPath, ['--conditions=react-server', '--no-warnings', 'scripts/brand.mjs', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
    );

  it('creates, configures, lists and blocks a brand in its own data folder when no server runs', async () => {
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

  it('refuses an embedding URL that is not https with a clear message, changing nothing', async () => {
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
      // What a running server leaves in its data folder: its lock, its port, the operator key.
      writeFileSync(path.join(dir, 'db.lock'), String(process.pid));
      writeFileSync(path.join(dir, 'server.json'), JSON.stringify({ pid: process.pid, port: server.port }));
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

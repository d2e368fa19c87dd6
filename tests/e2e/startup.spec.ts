import { expect, test } from '@playwright/test';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The production launcher (scripts/start.mjs) as an operator meets it: the operator endpoint is
// not on the brands' port, the operator command line reaches the server through its socket, and
// a server whose start-up fails exits non-zero with the reason instead of answering 500.

const dataDir = process.env.E2E_DATA_DIR!;
const operatorKey = () => readFileSync(path.join(dataDir, 'operator-key'), 'utf8').trim();

test('the public port refuses the operator endpoint, even with the right key, on any host', async ({ request, baseURL }) => {
  const slug = `sneaky${Date.now().toString(36)}`;
  const data = { command: 'create', args: { slug, name: 'Sneaky', domains: [`${slug}.localhost`] } };
  for (const p of ['/api/operator/run', '/api//operator/run', '/api/%6Fperator/run']) {
    const res = await request.post(`${baseURL}${p}`, {
      data,
      headers: { 'x-operator-key': operatorKey(), 'x-operator-channel': 'x'.repeat(43), 'x-requested-with': 'fetch' },
    });
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ errorMessage: 'No such API endpoint', code: 'not_found' });
  }
  // The operator command line goes through the socket in the data folder and sees no such brand.
  const list = execFileSync(process.execPath, ['--conditions=react-server', 'scripts/brand.mjs', 'list', '--json'], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const slugs = (JSON.parse(list) as { slug: string }[]).map((b) => b.slug);
  expect(slugs).toContain('demo');
  expect(slugs).not.toContain(slug);
});

test('a server whose start-up fails exits non-zero with the reason, and never listens', async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bv-failing-start-'));
  const port = Number(process.env.E2E_PORT || 3100) + 50;
  try {
    const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['scripts/start.mjs'],
        {
          timeout: 150_000,
          killSignal: 'SIGKILL',
          env: {
            ...process.env,
            PORT: String(port),
            DATA_DIR: dir,
            // A database that does not exist (or no PostgreSQL at all): either way the start-up fails.
            DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test_startup_no_such_database',
            SESSION_SECRET: '',
            NEXT_DIST_DIR: process.env.E2E_DIST_DIR || '.next',
          },
        },
        (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
      );
    });
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/\[brand-verify\] start-up failed: \S/);
    expect(out.stdout).not.toContain(`[brand-verify] app: http://localhost:${port}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

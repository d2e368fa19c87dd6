import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// scripts/first-load-budget.mjs: the first-load JavaScript check npm test runs on the end-to-end
// build. It reads a build's manifests; here a small build folder is written by hand, with chunks
// of random bytes (gzip cannot shrink them, so their gzipped size is their size).

type Out = { code: number; stdout: string; stderr: string };
const script = path.join(process.cwd(), 'scripts', 'first-load-budget.mjs');
let dist: string;

function check(env: Record<string, string> = {}, ...args: string[]): Promise<Out> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, '--dist', dist, ...args], { timeout: 60_000, env: { ...process.env, FIRST_LOAD_BUDGET_KB: '10', ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const kb = 1024;
function chunk(name: string, bytes: number) {
  writeFileSync(path.join(dist, 'static', 'chunks', name), randomBytes(bytes));
  return `static/chunks/${name}`;
}

function page(key: string, entries: Record<string, string[]>) {
  const dir = path.join(dist, 'server', 'app', ...key.replace(/^\//, '').replace(/\/page$/, '').split('/'));
  mkdirSync(dir, { recursive: true });
  const manifest = { moduleLoading: { prefix: '' }, clientModules: {}, entryJSFiles: entries };
  writeFileSync(
    path.join(dir, 'page_client-reference-manifest.js'),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(key)}] = ${JSON.stringify(manifest)};\n`,
  );
}

/** A build whose pages share a 4 kB runtime and a 2 kB layout chunk; `extra` is each page's own chunk size. */
function build(extra: { login: number; info: number; rewards: number }) {
  dist = mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
  mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true });
  const runtime = chunk('runtime.js', 4 * kb);
  const polyfill = chunk('polyfill.js', 30 * kb); // never fetched by modern browsers: not counted
  const layout = chunk('layout.js', 2 * kb);
  writeFileSync(path.join(dist, 'build-manifest.json'), JSON.stringify({ polyfillFiles: [polyfill], rootMainFiles: [runtime] }));
  page('/(public-only)/login/page', { '[project]/app/layout': [layout], '[project]/app/(public-only)/login/page': [layout, chunk('login.js', extra.login)] });
  page('/(anonymous)/info/verify/[qrId]/page', { '[project]/app/layout': [layout], '[project]/app/(anonymous)/info/verify/[qrId]/page': [chunk('verify.js', extra.info)] });
  page('/(signed-in)/rewards/page', { '[project]/app/layout': [layout], '[project]/app/(signed-in)/rewards/page': [chunk('rewards.js', extra.rewards)] });
  page('/_not-found/page', { '[project]/app/layout': [layout, chunk('not-found.js', 40 * kb)] }); // Next's own page: not a customer page
  // The staff console (a (console) route group, at any depth): not a customer page either.
  page('/(console)/console/brands/page', { '[project]/app/layout': [layout], '[project]/app/(console)/console/brands/page': [chunk('console.js', 40 * kb)] });
  page('/(staff)/(console)/audit/page', { '[project]/app/layout': [layout], '[project]/app/(staff)/(console)/audit/page': [chunk('audit.js', 40 * kb)] });
}

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('first-load budget', () => {
  it('passes when every page is within its budget, counting shared chunks once and no polyfills', async () => {
    build({ login: 3 * kb, info: 1 * kb, rewards: 2 * kb });
    const out = await check({}, '--json');
    expect(out.code).toBe(0);
    const { pages } = JSON.parse(out.stdout) as { pages: { route: string; audience: string; kb: number }[] };
    const byRoute = Object.fromEntries(pages.map((p) => [p.route, p]));
    expect(Object.keys(byRoute).sort()).toEqual(['/info/verify/[qrId]', '/login', '/rewards']);
    expect(byRoute['/login']!.kb).toBeCloseTo(9, 0); // 4 runtime + 2 layout (listed twice) + 3 own
    expect(byRoute['/login']!.audience).toBe('signed-out');
    expect(byRoute['/info/verify/[qrId]']!.kb).toBeCloseTo(7, 0);
    expect(byRoute['/rewards']!.audience).toBe('signed-in');
    expect(byRoute['/rewards']!.kb).toBeCloseTo(8, 0);
  });

  it('fails naming a page reached without signing in that is over the budget, and its size', async () => {
    build({ login: 5 * kb, info: 1 * kb, rewards: 1 * kb });
    const out = await check();
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/over budget: \/login loads 11\.\d\d kB gzipped \(budget 10 kB\)/);
    expect(out.stderr).not.toMatch(/info|rewards/);
    expect(out.stdout).toMatch(/\/login {2}OVER/);
  });

  it('holds a signed-in page to the same budget, naming it', async () => {
    build({ login: 1 * kb, info: 1 * kb, rewards: 5 * kb });
    const out = await check();
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/over budget: \/rewards loads 11\.\d\d kB gzipped \(budget 10 kB\)/);
    expect(out.stderr).not.toMatch(/login|info/);
    expect(out.stdout).toMatch(/\/rewards {2}OVER/);
    expect((await check({ FIRST_LOAD_BUDGET_KB: '12' })).code).toBe(0);
  });

  it('leaves the staff console out: its pages are neither listed nor held to the budget', async () => {
    build({ login: 1 * kb, info: 1 * kb, rewards: 1 * kb });
    const out = await check({}, '--json');
    expect(out.code).toBe(0);
    const { pages } = JSON.parse(out.stdout) as { pages: { route: string }[] };
    expect(pages.map((p) => p.route).sort()).toEqual(['/info/verify/[qrId]', '/login', '/rewards']);
  });

  it('refuses a folder that holds no production build', async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
    const out = await check();
    expect(out.code).not.toBe(0);
    expect(out.stderr).toMatch(/build-manifest\.json/);
  });
});

/** @jest-environment node */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// scripts/app-bundle.mjs: the command line's TypeScript modules (npm run brand,
// scripts/db-template.mjs), bundled once and kept until one of their files changes. Each load
// runs in a Node process of its own, as the command line does.

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');
let dir: string;
let cacheDir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'app-bundle-'));
  // the bundles inside the project, as the real cache: a bundle requires its packages from node_modules
  mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
  cacheDir = path.join(mkdtempSync(path.join(ROOT, 'node_modules/.cache/app-bundle-test-')), 'cache');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.dirname(cacheDir), { recursive: true, force: true });
});

/** Loads `entry.ts` of the test's folder in a new Node process; answers its exports as JSON. */
async function load(env: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const code = `const { loadAppModule } = await import(${JSON.stringify(path.join(ROOT, 'scripts/app-bundle.mjs'))});
const m = await loadAppModule(${JSON.stringify(path.join(dir, 'entry.ts'))}, { cacheDir: ${JSON.stringify(cacheDir)} });
process.stdout.write(JSON.stringify(m));`;
  const { stdout } = await run(process.execPath, ['--conditions=react-server', '--no-warnings', '--input-type=module', '-e', code], { cwd: ROOT, env: { ...process.env, ...env } });
  return JSON.parse(stdout);
}

/** Writes a file; `later` moves its modification time on, as an edit some seconds later would. */
function write(name: string, text: string, later = 0) {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  if (later) {
    const t = statSync(file).mtimeMs / 1000 + later;
    utimesSync(file, t, t);
  }
}

/** The bundles kept in the cache folder. */
const bundles = () => readdirSync(cacheDir).filter((f) => f.endsWith('.cjs'));

it("loads a TypeScript module with its relative imports and the project's @/ paths, its packages left to node_modules", async () => {
  write('part.ts', 'export const part: number = 20;\n');
  write('entry.ts', "import { part } from './part';\nimport { z } from 'zod';\nimport { LOCALES } from '@/lib/shared/i18n';\nexport const answer = z.number().parse(part + 22);\nexport const hindi = LOCALES.includes('hi');\n");
  expect(await load()).toEqual({ answer: 42, hindi: true });
  expect(bundles()).toHaveLength(1);
  const text = readFileSync(path.join(cacheDir, bundles()[0]!), 'utf8');
  expect(text).toContain('require("zod")'); // a package is not copied in
  expect(text).toMatch(/part = 20/); // the project's own files are
});

it('keeps the bundle while its files are unchanged, and makes it again (the earlier one removed) when one of them changes', async () => {
  write('part.ts', 'export const part = 1;\n');
  write('entry.ts', "export { part } from './part';\n");
  expect(await load()).toEqual({ part: 1 });
  const [first] = bundles();
  const made = statSync(path.join(cacheDir, first!)).mtimeMs;

  expect(await load()).toEqual({ part: 1 });
  expect(bundles()).toEqual([first]);
  expect(statSync(path.join(cacheDir, first!)).mtimeMs).toBe(made); // not made again

  write('part.ts', 'export const part = 2;\n', 5); // an imported file, not the entry
  expect(await load()).toEqual({ part: 2 });
  expect(bundles()).toHaveLength(1);
  expect(bundles()).not.toEqual([first]);
});

it('loads the module through tsx when it cannot keep a bundle, and says why when told to be strict', async () => {
  write('entry.ts', 'export const ok: boolean = true;\n');
  writeFileSync(cacheDir, 'a file where the folder should be');
  expect(await load()).toEqual({ ok: true });
  await expect(load({ APP_BUNDLE_STRICT: '1' })).rejects.toThrow(/EEXIST|ENOTDIR/);
});

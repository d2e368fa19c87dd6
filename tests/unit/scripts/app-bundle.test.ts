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

/**
 * Loads `entry.ts` of the test's folder in a new Node process; answers its exports as JSON, or
 * what `answer` (an expression of the module `m`, awaited) makes of them.
 */
async function load(env: Record<string, string> = {}, answer = 'm'): Promise<Record<string, unknown>> {
  const code = `const { loadAppModule } = await import(${JSON.stringify(path.join(ROOT, 'scripts/app-bundle.mjs'))});
const m = await loadAppModule(${JSON.stringify(path.join(dir, 'entry.ts'))}, { cacheDir: ${JSON.stringify(cacheDir)} });
process.stdout.write(JSON.stringify(await (${answer})));`;
  const { stdout } = await run(process.execPath, ['--conditions=react-server', '--no-warnings', '--input-type=module', '-e', code], { cwd: ROOT, env: { ...process.env, ...env } });
  return JSON.parse(stdout);
}

/** Writes a file (and its folder); `ago` dates it that many seconds back, as a file saved earlier. */
function write(name: string, text: string, ago = 0) {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (ago) age(file, ago);
}

/** Moves a file's times back. */
function age(file: string, seconds: number) {
  const t = Date.now() / 1000 - seconds;
  utimesSync(file, t, t);
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

it('copies drizzle-orm in, once: imported statically and by import(), it is one module, and Node loads none of its files', async () => {
  write('entry.ts', "import { sql } from 'drizzle-orm';\nexport const same = async () => (await import('drizzle-orm')).sql === sql && typeof (await import('drizzle-orm/pglite')).drizzle === 'function';\nexport const fromNodeModules = () => Object.keys(require.cache).filter((f) => f.includes('/node_modules/drizzle-orm/')).length;\n");
  expect(await load({}, '(async () => ({ same: await m.same(), fromNodeModules: m.fromNodeModules() }))()')).toEqual({ same: true, fromNodeModules: 0 });
  const text = readFileSync(path.join(cacheDir, bundles()[0]!), 'utf8');
  expect(text).not.toMatch(/require\("drizzle-orm|import\("drizzle-orm/);
  expect(text).toContain('require("@electric-sql/pglite")'); // what drizzle imports stays outside
});

it('keeps the bundle while its files are unchanged, and makes it again when one of them changes (an earlier bundle removed once old)', async () => {
  write('part.ts', 'export const part = 1;\n', 60);
  write('entry.ts', "export { part } from './part';\n", 60);
  age(dir, 60);
  expect(await load()).toEqual({ part: 1 });
  const [first] = bundles();
  const made = statSync(path.join(cacheDir, first!)).mtimeMs;

  expect(await load()).toEqual({ part: 1 });
  expect(bundles()).toEqual([first]);
  expect(statSync(path.join(cacheDir, first!)).mtimeMs).toBe(made); // not made again

  age(path.join(cacheDir, first!), 120); // long enough ago that no run can still be loading it
  write('part.ts', 'export const part = 2;\n'); // an imported file, not the entry
  expect(await load()).toEqual({ part: 2 });
  expect(bundles()).toHaveLength(1);
  expect(bundles()).not.toEqual([first]);
});

it('makes the bundle again when a new file changes what an import resolves to', async () => {
  write('x/index.ts', "export const which = 'folder';\n", 60);
  write('entry.ts', "export { which } from './x';\n", 60);
  age(dir, 60);
  expect(await load()).toEqual({ which: 'folder' });
  write('x.ts', "export const which = 'file';\n"); // beside the folder: resolved first
  expect(await load()).toEqual({ which: 'file' });
});

it('loads the module through tsx when it cannot keep a bundle, and says why when told to be strict', async () => {
  write('entry.ts', 'export const ok: boolean = true;\n');
  writeFileSync(cacheDir, 'a file where the folder should be');
  expect(await load()).toEqual({ ok: true });
  await expect(load({ APP_BUNDLE_STRICT: '1' })).rejects.toThrow(/EEXIST|ENOTDIR/);
});

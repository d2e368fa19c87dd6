import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// scripts/compile-hints.mjs: after each build, scripts/start.mjs puts V8's compile hint first in
// the large first-load scripts of the build, so a phone compiles them off its main thread. Here a
// small build folder is written by hand and the script is run on it as start.mjs's step would be.

type Out = { code: number; stdout: string; stderr: string };
const script = path.join(process.cwd(), 'scripts', 'compile-hints.mjs');
const HINT = '//# allFunctionsCalledOnLoad\n';
const LARGE = 64 * 1024;
let dist: string;

function run(): Promise<Out> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, '--dist', dist], { timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function chunk(name: string, bytes: number) {
  const body = `(globalThis.TURBOPACK||[]).push([${JSON.stringify(name)}]);` + ' '.repeat(Math.max(0, bytes - 40));
  writeFileSync(path.join(dist, 'static', 'chunks', name), body);
  return `static/chunks/${name}`;
}
const read = (f: string) => readFileSync(path.join(dist, f), 'utf8');

function page(key: string, entries: Record<string, string[]>) {
  const dir = path.join(dist, 'server', 'app', ...key.replace(/^\//, '').replace(/\/page$/, '').split('/'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'page_client-reference-manifest.js'),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(key)}] = ${JSON.stringify({ entryJSFiles: entries })};\n`,
  );
}

type Files = { runtime: string; smallRoot: string; polyfill: string; layout: string; consolePage: string; later: string; css: string };
let files: Files;
beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true });
  files = {
    runtime: chunk('runtime.js', LARGE + 10), // a root file: every page runs it
    smallRoot: chunk('small-root.js', 4 * 1024), // a root file, but small: not worth the hint's bytes
    polyfill: chunk('polyfill.js', LARGE * 2), // never run by a modern browser
    layout: chunk('layout.js', LARGE), // a page's entry chunk, exactly the threshold
    consolePage: chunk('console.js', LARGE + 1), // the console's pages load as well
    later: chunk('camera-decoder.js', LARGE * 3), // loaded later by a page (not an entry chunk)
    css: chunk('styles.css', LARGE * 2),
  };
  writeFileSync(path.join(dist, 'build-manifest.json'), JSON.stringify({ polyfillFiles: [files.polyfill], rootMainFiles: [files.runtime, files.smallRoot, files.polyfill] }));
  page('/(anonymous)/info/verify/[qrId]/page', { '[project]/app/layout': [files.layout, files.css] });
  page('/(console)/console/brands/page', { '[project]/app/layout': [files.layout], '[project]/app/(console)/console/brands/page': [files.consolePage] });
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('compile hints', () => {
  it('puts the hint first in the large first-load scripts only, keeping their text', async () => {
    const before = Object.fromEntries(Object.entries(files).map(([k, f]) => [k, read(f)]));
    const out = await run();
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/3 script\(s\) given the hint now, of 4 first-load scripts/);
    for (const k of ['runtime', 'layout', 'consolePage'] as const) expect(read(files[k])).toBe(HINT + before[k]);
    for (const k of ['smallRoot', 'polyfill', 'later', 'css'] as const) expect(read(files[k])).toBe(before[k]);
  });

  it('is idempotent: a second run changes nothing', async () => {
    await run();
    const once = read(files.runtime);
    const out = await run();
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/0 script\(s\) given the hint now/);
    expect(read(files.runtime)).toBe(once);
    expect(once.indexOf(HINT, 1)).toBe(-1);
  });

  it('fails naming a script the manifests list but the build lacks', async () => {
    rmSync(path.join(dist, files.layout));
    const out = await run();
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain(`${path.join(dist, files.layout)}: listed by the build's manifests but not in the build`);
  });
});

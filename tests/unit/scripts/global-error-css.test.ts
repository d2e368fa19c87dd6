import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// scripts/global-error-css.mjs: after each build, scripts/start.mjs empties the stylesheet list of
// Next's built-in global error in the build's client reference manifests, so the root layout's
// stylesheet is written once into each page's RSC payload, not twice. Here a small build folder is
// written by hand and the script is run on it as start.mjs's step would be.

type Out = { code: number; stdout: string; stderr: string };
const script = path.join(process.cwd(), 'scripts', 'global-error-css.mjs');
const BUILTIN = '[project]/node_modules/next/dist/client/components/builtin/global-error';
const css = (p: string) => ({ path: p, inlined: true, content: `.x{color:red} /* ${p} */` });
let dist: string;

function run(): Promise<Out> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, '--dist', dist], { timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function manifestFile(rel: string) {
  return path.join(dist, 'server', 'app', ...rel.split('/'));
}

function writeManifest(rel: string, key: string, entryCSSFiles: Record<string, unknown[]>) {
  const file = manifestFile(rel);
  mkdirSync(path.dirname(file), { recursive: true });
  const body = { moduleLoading: { prefix: '' }, entryCSSFiles, entryJSFiles: { '[project]/app/layout': ['static/chunks/a.js'] } };
  writeFileSync(file, `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(key)}] = ${JSON.stringify(body)};\n`);
}

/** The manifest as Next reads it: the file run with its global. */
function load(rel: string, key: string) {
  const g = {} as { __RSC_MANIFEST?: Record<string, { entryCSSFiles: Record<string, unknown[]>; entryJSFiles: unknown }> };
  new Function('globalThis', readFileSync(manifestFile(rel), 'utf8'))(g);
  const manifest = g.__RSC_MANIFEST?.[key];
  if (!manifest) throw new Error(`no manifest for ${key}`);
  return manifest;
}

beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'global-error-css-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('the built-in global error without the root layout’s stylesheet', () => {
  it('empties its list in every manifest, and nothing else', async () => {
    const layoutCss = [css('static/chunks/root.css')];
    writeManifest('(anonymous)/info/verify/[qrId]/page_client-reference-manifest.js', '/(anonymous)/info/verify/[qrId]/page', {
      '[project]/app/layout': layoutCss,
      '[project]/app/error': layoutCss,
      [BUILTIN]: layoutCss,
      '[project]/app/(anonymous)/info/verify/[qrId]/page': [...layoutCss, css('static/chunks/page.css')],
    });
    writeManifest('_global-error/page_client-reference-manifest.js', '/_global-error/page', { [BUILTIN]: layoutCss });
    const out = await run();
    expect(out).toMatchObject({ code: 0 });
    expect(out.stdout).toContain('left out of 2 manifest(s)');

    const verify = load('(anonymous)/info/verify/[qrId]/page_client-reference-manifest.js', '/(anonymous)/info/verify/[qrId]/page');
    expect(verify.entryCSSFiles[BUILTIN]).toEqual([]);
    expect(verify.entryCSSFiles['[project]/app/layout']).toEqual(layoutCss);
    expect(verify.entryCSSFiles['[project]/app/error']).toEqual(layoutCss);
    expect(verify.entryCSSFiles['[project]/app/(anonymous)/info/verify/[qrId]/page']).toHaveLength(2);
    expect(verify.entryJSFiles).toEqual({ '[project]/app/layout': ['static/chunks/a.js'] });
    expect(load('_global-error/page_client-reference-manifest.js', '/_global-error/page').entryCSSFiles[BUILTIN]).toEqual([]);
  });

  it('is idempotent, and leaves a custom global error and a build without the defect alone', async () => {
    const layoutCss = [css('static/chunks/root.css')];
    writeManifest('(signed-in)/page_client-reference-manifest.js', '/(signed-in)/page', { '[project]/app/layout': layoutCss, '[project]/app/global-error': layoutCss });
    writeManifest('login/page_client-reference-manifest.js', '/login/page', { '[project]/app/layout': layoutCss, [BUILTIN]: [] });
    const before = readFileSync(manifestFile('(signed-in)/page_client-reference-manifest.js'), 'utf8');
    const out = await run();
    expect(out.stdout).toContain('left out of 0 manifest(s)');
    expect(readFileSync(manifestFile('(signed-in)/page_client-reference-manifest.js'), 'utf8')).toBe(before);

    writeManifest('login/page_client-reference-manifest.js', '/login/page', { [BUILTIN]: layoutCss });
    expect((await run()).stdout).toContain('left out of 1 manifest(s)');
    expect((await run()).stdout).toContain('left out of 0 manifest(s)');
    expect(load('login/page_client-reference-manifest.js', '/login/page').entryCSSFiles[BUILTIN]).toEqual([]);
  });
});

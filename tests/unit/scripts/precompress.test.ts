import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

// scripts/precompress.mjs (a post-build step): the build's static text files compressed once, at
// Brotli 11 and gzip 9; scripts/compress.mjs's precompressedFiles: the lookup the server answers
// them from, which only ever reads names the build wrote.

type Pre = typeof import('../../../scripts/precompress.mjs');
type Compress = typeof import('../../../scripts/compress.mjs');
let pre: Pre;
let compress: Compress;
beforeAll(async () => {
  pre = await import('../../../scripts/precompress.mjs');
  compress = await import('../../../scripts/compress.mjs');
});

const SCRIPT = Array.from({ length: 300 }, (_, i) => `export const verdict${i} = "Genuine product ${i} — असली";`).join('\n');
let dist: string;
beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  const put = (rel: string, body: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dist, 'static', rel)), { recursive: true });
    writeFileSync(path.join(dist, 'static', rel), body);
  };
  put('chunks/app.js', SCRIPT);
  put('chunks/[root-of-the-server]/page.js', SCRIPT.replace(/Genuine/g, 'Claimed'));
  put('css/app.css', `.verdict{color:green}\n`.repeat(100));
  put('chunks/tiny.js', 'export {};');
  put('media/font.woff2', Buffer.alloc(8192, 9));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const out = (rel: string) => path.join(dist, 'precompressed', rel);

describe('precompressStatic', () => {
  it('writes Brotli and gzip forms of every text file of 1 kB or more, each decoding to the file', () => {
    const done = pre.precompressStatic(dist);
    expect(done.files).toBe(3);
    for (const rel of ['chunks/app.js', 'chunks/[root-of-the-server]/page.js', 'css/app.css']) {
      const file = readFileSync(path.join(dist, 'static', rel));
      expect(zlib.brotliDecompressSync(readFileSync(out(`${rel}.br`)))).toEqual(file);
      expect(zlib.gunzipSync(readFileSync(out(`${rel}.gz`)))).toEqual(file);
    }
    // At the highest quality: never larger than what the server's per-answer Brotli (5) sends.
    const q5 = zlib.brotliCompressSync(Buffer.from(SCRIPT), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    expect(readFileSync(out('chunks/app.js.br')).length).toBeLessThanOrEqual(q5.length);
    expect(done.brotli).toBeLessThan(done.bytes / 5);
  });

  it('leaves out short files and formats compressed already', () => {
    pre.precompressStatic(dist);
    for (const rel of ['chunks/tiny.js', 'media/font.woff2']) {
      expect(existsSync(out(`${rel}.br`))).toBe(false);
      expect(existsSync(out(`${rel}.gz`))).toBe(false);
    }
  });

  it('replaces what an earlier run wrote: a file gone from the build loses its compressed forms', () => {
    pre.precompressStatic(dist);
    rmSync(path.join(dist, 'static', 'css', 'app.css'));
    writeFileSync(path.join(dist, 'static', 'chunks', 'app.js'), SCRIPT.replace(/Genuine/g, 'Suspect'));
    pre.precompressStatic(dist);
    expect(existsSync(out('css/app.css.br'))).toBe(false);
    expect(zlib.brotliDecompressSync(readFileSync(out('chunks/app.js.br'))).toString()).toContain('Suspect product 7');
  });
});

describe('precompressedFiles', () => {
  it('answers the compressed form of a static file by its address, with or without a query', () => {
    pre.precompressStatic(dist);
    const lookup = compress.precompressedFiles(dist);
    expect(lookup('/_next/static/chunks/app.js', 'br')).toEqual(readFileSync(out('chunks/app.js.br')));
    expect(lookup('/_next/static/chunks/app.js?dpl=7', 'gzip')).toEqual(readFileSync(out('chunks/app.js.gz')));
    // A name with brackets, as Turbopack writes them, asked for percent-encoded.
    expect(lookup('/_next/static/chunks/%5Broot-of-the-server%5D/page.js', 'br')).toEqual(readFileSync(out('chunks/[root-of-the-server]/page.js.br')));
  });

  it('answers nothing for an address the build did not compress, one outside the static files, or one that climbs out', () => {
    pre.precompressStatic(dist);
    writeFileSync(path.join(dist, 'secret.txt.br'), 'not to be served');
    const lookup = compress.precompressedFiles(dist);
    for (const url of [
      '/_next/static/chunks/tiny.js',
      '/_next/static/media/font.woff2',
      '/_next/static/chunks/missing.js',
      '/chunks/app.js',
      '/_next/static/../secret.txt',
      '/_next/static/..%2F..%2Fsecret.txt',
      '/_next/static/chunks/app.js%00',
      '/_next/static/chunks/%E0%A4%A',
      '/_next/static/chunks/app.js.br',
      undefined,
    ]) {
      expect([url, lookup(url, 'br')]).toEqual([url, undefined]);
    }
  });

  it('answers nothing for a build made before the step (no precompressed folder)', () => {
    const lookup = compress.precompressedFiles(dist);
    expect(lookup('/_next/static/chunks/app.js', 'br')).toBeUndefined();
  });
});

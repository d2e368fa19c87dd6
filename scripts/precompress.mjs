// @ts-check
// The build's static scripts and stylesheets (/_next/static/), compressed once when the build is
// made, at Brotli's and gzip's highest levels (a post-build step, scripts/post-build.mjs), and
// served as they are by the production server (scripts/compress.mjs). Compressed per answer, as
// every other answer is, they cost the server Brotli at quality 5 for each page load of every
// shopper (the largest script, React and Next's runtime, is 229 kB); at quality 11 they are also
// about 10% smaller (all of them 594 kB against 537 kB, 28 Nov), bytes a phone on slow 4G waits
// for. Quality 11 takes about 2 s for the whole build, once, where a page load could not afford it.
//
// Written to <dist>/precompressed/<path under static>.br and .gz, beside Next's static folder
// rather than in it, so Next never serves them under a name of their own.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PRECOMPRESSED_DIR, THRESHOLD } from './compress.mjs';
import { filesUnder } from './lib.mjs';

/** The static files worth compressing, by name: scripts, stylesheets, JSON, SVG and text. */
const TEXT_FILE = /\.(?:js|mjs|css|json|svg|txt)$/i;

/**
 * Writes the Brotli and gzip forms of every text file of at least THRESHOLD bytes under
 * `<dist>/static`, replacing any from an earlier run; answers how many files and their bytes.
 * @type {typeof import('./precompress.d.mts').precompressStatic}
 */
export function precompressStatic(dist) {
  const from = path.join(dist, 'static');
  const to = path.join(dist, PRECOMPRESSED_DIR);
  rmSync(to, { recursive: true, force: true });
  const done = { files: 0, bytes: 0, brotli: 0 };
  for (const rel of filesUnder(from)) {
    if (!TEXT_FILE.test(rel)) continue;
    const body = readFileSync(path.join(from, rel));
    if (body.length < THRESHOLD) continue;
    const out = path.join(to, rel);
    mkdirSync(path.dirname(out), { recursive: true });
    const br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    writeFileSync(`${out}.br`, br);
    writeFileSync(`${out}.gz`, zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }));
    done.files++;
    done.bytes += body.length;
    done.brotli += br.length;
  }
  return done;
}

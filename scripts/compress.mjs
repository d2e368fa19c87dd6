// @ts-check
// The production server's compression (scripts/start.mjs): Brotli where the browser takes it,
// else gzip, for text answers of 1 kB and more. The launcher compresses answers itself because it
// rewrites a page's HTML first (scripts/paint-first.mjs), and Next.js's own compression is a
// private module that offers gzip only. Brotli keeps a window of megabytes where gzip keeps 32 kB,
// so the stylesheet that a page's HTML carries twice (inline for the first paint, and again in
// the RSC payload further on) is sent about once: a Hindi sign-in page is 21.4 kB gzipped and
// 14.8 kB in Brotli (docs/decisions.md, "The server's own compression").

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { filesUnder } from './lib.mjs';

/** Answers shorter than this, when their length is known before they are sent, go as they are. */
export const THRESHOLD = 1024;

/**
 * Brotli's quality: 5 is within 12% of the slowest (11) on the app's pages and costs about what
 * gzip's default does (2–5 ms for an 85 kB page); 11 would take half a second a page.
 */
const BROTLI_QUALITY = 5;

/** The media types worth compressing: text, JSON, JavaScript, XML, SVG, WebAssembly. */
const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:json|javascript|x-javascript|ecmascript|xml|wasm|manifest\+json|[\w.-]+\+(?:json|xml))|image\/svg\+xml)/i;
/** Server-sent events are read as they come, so they are never held in a compressor. */
const EVENT_STREAM = /^\s*text\/event-stream/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * The encoding to answer in for an Accept-Encoding header: 'br' when it is accepted at least as
 * much as gzip, else 'gzip' when accepted, else undefined (the answer goes as it is). A weight of
 * 0 refuses an encoding; `*` stands for any not named.
 * @param {string | string[] | undefined} header
 * @returns {'br' | 'gzip' | undefined}
 */
export function chooseEncoding(header) {
  if (!header) return undefined;
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.split(';');
    const token = name.trim().toLowerCase();
    if (!token || weights.has(token)) continue;
    let weight = 1;
    for (const param of params) {
      const m = /^\s*q\s*=(.*)$/i.exec(param);
      if (m) weight = /^\s*[0-9.]+\s*$/.test(m[1] ?? '') ? Number(m[1]) : 0; // a weight that is no number refuses
    }
    weights.set(token, Number.isFinite(weight) && weight > 0 ? Math.min(weight, 1) : 0);
  }
  const any = weights.get('*') ?? 0;
  const br = weights.get('br') ?? any;
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? any;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : undefined;
}

/**
 * @typedef {string | import('node:http').OutgoingHttpHeaders | import('node:http').OutgoingHttpHeader[] | undefined} HeadArgument
 *   what a `writeHead` call may carry after its status (a status message, headers)
 * @typedef {(error?: Error | null) => void} WriteCallback
 */

/**
 * The name under which a `writeHead` headers object holds `name` (any case), if it does (also
 * used by scripts/paint-first.mjs).
 * @param {HeadArgument} headers
 * @param {string} name in lower case
 */
export function headerKey(headers, name) {
  if (!headers || typeof headers !== 'object' || Array.isArray(headers)) return undefined;
  return Object.keys(headers).find((key) => key.toLowerCase() === name);
}

/**
 * @param {string | NodeJS.ArrayBufferView} chunk
 * @param {BufferEncoding | undefined} encoding
 */
export const toBuffer = (chunk, encoding) => (Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));

/** Where Next.js serves the build's static files from (`<dist>/static`). */
const STATIC_PREFIX = '/_next/static/';
/** The folder of a build that holds its static files compressed (scripts/precompress.mjs). */
export const PRECOMPRESSED_DIR = 'precompressed';

/**
 * The build's static files compressed when it was made (scripts/precompress.mjs, in
 * `<dist>/precompressed`): a lookup from a request's path and the encoding chosen to the bytes to
 * send, or undefined. Only names the build wrote are looked up: no part of a request's path
 * reaches the file system. Each file is read once, when first asked for, and kept (about 1 MB for
 * the whole build in both encodings).
 * @type {typeof import('./compress.d.mts').precompressedFiles}
 */
export function precompressedFiles(dist) {
  const dir = path.join(dist, PRECOMPRESSED_DIR);
  /** Each file the build compressed, by its path under `static`. */
  const known = new Set(existsSync(dir) ? filesUnder(dir).filter((f) => f.endsWith('.br')).map((f) => f.slice(0, -3)) : []);
  /** @type {Map<string, Buffer>} */
  const kept = new Map();
  return (url, encoding) => {
    if (!url?.startsWith(STATIC_PREFIX)) return undefined;
    let rel = url.slice(STATIC_PREFIX.length).split('?')[0] ?? '';
    try {
      rel = decodeURIComponent(rel);
    } catch {
      return undefined;
    }
    if (!known.has(rel)) return undefined;
    const name = `${rel}.${encoding === 'br' ? 'br' : 'gz'}`;
    let bytes = kept.get(name);
    if (!bytes) {
      bytes = readFileSync(path.join(dir, name));
      kept.set(name, bytes);
    }
    return bytes;
  };
}

/**
 * Makes `res` (a Node.js ServerResponse, before anything is written to it) compress its body when
 * it is worth it. Decided once, when the headers go out: compressed are answers of a text type,
 * not already encoded, not marked `Cache-Control: no-transform`, not partial, with a body (not
 * HEAD, 204 or 304) of unknown length or at least `THRESHOLD` bytes, to a client that accepts
 * Brotli or gzip. Every answer of a text type says `Vary: Accept-Encoding`. A compressed answer
 * loses its Content-Length; `res.flush()` sends what has been written so far (Next.js calls it
 * after each chunk of a streamed page); backpressure is passed on both ways, and the compressor is
 * freed when the client goes away. Headers given to `writeHead` as a flat array are not read: such
 * an answer is decided by `res.getHeader` alone, and never compressed. With `precompressed`
 * (precompressedFiles), a whole static file (status 200) that the build compressed is sent in
 * that form, with its length: the body Next.js writes is dropped unread.
 * @type {typeof import('./compress.d.mts').compressAnswer}
 */
export function compressAnswer(req, res, precompressed) {
  const { writeHead, write, end } = res;
  /** @type {zlib.BrotliCompress | zlib.Gzip | null | undefined} undefined until the headers are decided, null when passed through */
  let stream;
  /** The build's compressed form of the static file being answered, sent instead of its body. */
  /** @type {Buffer | undefined} */
  let ready;
  let ended = false;

  /**
   * @param {number} status
   * @param {HeadArgument} headers
   */
  const decide = (status, headers) => {
    if (stream !== undefined) return;
    stream = null;
    if (Array.isArray(headers)) return;
    if (typeof headers === 'string') headers = undefined; // a status message, never headers
    const get = (/** @type {string} */ name) => {
      const key = headerKey(headers, name);
      const value = key && headers ? /** @type {Record<string, unknown>} */ (headers)[key] : res.getHeader(name);
      return value == null ? '' : Array.isArray(value) ? value.join(', ') : String(value);
    };
    const set = (/** @type {string} */ name, /** @type {string} */ value) => {
      const key = headerKey(headers, name);
      if (key && headers) /** @type {Record<string, unknown>} */ (headers)[key] = value;
      else res.setHeader(name, value);
    };
    const type = get('content-type');
    if (!COMPRESSIBLE.test(type) || EVENT_STREAM.test(type)) return;
    const vary = get('vary');
    if (!vary.split(',').some((v) => ['*', 'accept-encoding'].includes(v.trim().toLowerCase()))) set('vary', vary.trim() ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (req.method === 'HEAD' || status < 200 || status === 204 || status === 206 || status === 304) return;
    const contentEncoding = get('content-encoding').trim();
    if ((contentEncoding && contentEncoding.toLowerCase() !== 'identity') || get('content-range') || NO_TRANSFORM.test(get('cache-control'))) return;
    const declared = get('content-length').trim();
    const length = declared ? Number(declared) : undefined;
    if (length !== undefined && !(length >= THRESHOLD)) return;
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (!encoding) return;

    const lengthKey = headerKey(headers, 'content-length');
    if (lengthKey && headers) delete (/** @type {Record<string, unknown>} */ (headers))[lengthKey];
    res.removeHeader('content-length');
    set('content-encoding', encoding);
    ready = status === 200 ? precompressed?.(req.url, encoding) : undefined;
    if (ready) {
      set('content-length', String(ready.length));
      return;
    }
    const compressor =
      encoding === 'br'
        ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, ...(length ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length } : {}) } })
        : zlib.createGzip();
    stream = compressor;
    compressor.on('data', (/** @type {Buffer} */ chunk) => {
      if (!Reflect.apply(write, res, [chunk])) compressor.pause();
    });
    // The socket drained: take the compressor's output again. The compressor drained: tell the
    // writer (Next.js waits for the answer's 'drain' after a write that returned false).
    res.on('drain', () => compressor.resume());
    compressor.on('drain', () => res.emit('drain'));
    compressor.on('end', () => Reflect.apply(end, res, []));
    compressor.on('error', (err) => res.destroy(err));
    // A client that goes away mid-answer leaves the compressor's memory to be freed.
    res.once('close', () => {
      if (!res.writableFinished) compressor.destroy();
    });
  };

  /**
   * @this {import('node:http').ServerResponse}
   * @param {number} statusCode
   * @param {HeadArgument[]} rest
   * @returns {import('node:http').ServerResponse}
   */
  res.writeHead = function (statusCode, ...rest) {
    decide(statusCode, typeof rest[0] === 'object' ? rest[0] : rest[1]);
    return Reflect.apply(writeHead, this, [statusCode, ...rest]);
  };

  /**
   * @this {import('node:http').ServerResponse}
   * @param {string | NodeJS.ArrayBufferView} chunk
   * @param {BufferEncoding | WriteCallback} [encoding]
   * @param {WriteCallback} [callback]
   * @returns {boolean}
   */
  res.write = function (chunk, encoding, callback) {
    if (!this.headersSent) decide(this.statusCode, undefined);
    if (ready) {
      // The file's own bytes: the compressed form goes at the end instead.
      const done = typeof encoding === 'function' ? encoding : callback;
      if (done) process.nextTick(done);
      return true;
    }
    if (!stream || ended) return Reflect.apply(write, this, arguments);
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    return stream.write(toBuffer(chunk, encoding), callback);
  };

  /**
   * @this {import('node:http').ServerResponse}
   * @param {string | NodeJS.ArrayBufferView | WriteCallback | null} [chunk]
   * @param {BufferEncoding | WriteCallback} [encoding]
   * @param {WriteCallback} [callback]
   * @returns {import('node:http').ServerResponse}
   */
  res.end = function (chunk, encoding, callback) {
    if (!this.headersSent && stream === undefined) {
      // A body given whole: its length decides, as a declared one would.
      if (chunk != null && typeof chunk !== 'function' && !this.hasHeader('content-length') && !this.hasHeader('transfer-encoding')) {
        this.setHeader('content-length', toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined).length);
      }
      decide(this.statusCode, undefined);
    }
    if (ready && !ended) {
      ended = true;
      const done = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : callback;
      return Reflect.apply(end, this, done ? [ready, done] : [ready]);
    }
    if (!stream || ended) return Reflect.apply(end, this, arguments);
    if (typeof chunk === 'function') [callback, chunk, encoding] = [chunk, undefined, undefined];
    else if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    ended = true;
    if (callback) this.once('finish', () => callback?.());
    if (chunk != null) stream.end(toBuffer(chunk, encoding));
    else stream.end();
    return this;
  };

  /** Sends what has been compressed so far (Next.js calls it after each chunk of a streamed page). */
  Object.defineProperty(res, 'flush', {
    configurable: true,
    writable: true,
    value: () => {
      if (!stream || stream.destroyed) return;
      if (stream instanceof zlib.Gzip) stream.flush(zlib.constants.Z_SYNC_FLUSH);
      else stream.flush(zlib.constants.BROTLI_OPERATION_FLUSH);
    },
  });
}

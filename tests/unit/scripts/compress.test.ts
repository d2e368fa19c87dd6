import { createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

// scripts/compress.mjs: the production server's compression (Brotli, else gzip), over real HTTP:
// which answers it compresses and how it says so, a streamed page flushed as it goes, Next.js's
// way of waiting for 'drain', callbacks, and a client that goes away mid-answer.

type Module = typeof import('../../../scripts/compress.mjs');
let mod: Module;
beforeAll(async () => {
  mod = await import('../../../scripts/compress.mjs');
});

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'], // Chromium
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['BR;q=1.0, GZIP', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate, gzip;q=0.5', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'], // gzip preferred by the client
    ['br;q=0, gzip', 'gzip'], // Brotli refused
    ['br, gzip;q=0', 'br'],
    ['*', 'br'],
    ['*;q=0.5, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
    [undefined, undefined],
    ['gzip;q=abc', undefined], // a weight that is no number refuses
    [' , ;q=1, gzip ; q = 0.8 ', 'gzip'],
  ])('%p → %p', (header, expected) => {
    expect(mod.chooseEncoding(header)).toBe(expected);
  });
});

const TEXT = Array.from({ length: 400 }, (_, i) => `<p class="verdict">Genuine product ${i} — असली ✓</p>`).join('\n');

type Route = (res: http.ServerResponse, req: http.IncomingMessage) => void | Promise<void>;

async function serve(routes: Record<string, Route>, precompressed?: Parameters<Module['compressAnswer']>[2]) {
  const errors: unknown[] = [];
  const server = http.createServer((req, res) => {
    mod.compressAnswer(req, res, precompressed);
    Promise.resolve(routes[(req.url ?? '').split('?')[0]!]!(res, req)).catch((err) => {
      errors.push(err);
      res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    errors,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const body = Buffer.concat(parts);
        const enc = res.headers['content-encoding'];
        const text = (enc === 'br' ? zlib.brotliDecompressSync(body) : enc === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const CHROMIUM = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('compressAnswer', () => {
  let srv: Awaited<ReturnType<typeof serve>>;
  const done: Record<string, string[]> = {};
  beforeAll(async () => {
    srv = await serve({
      '/html': (res) => {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.write(TEXT.slice(0, 1000));
        res.end(TEXT.slice(1000));
      },
      // Headers given to writeHead, a length among them, and a Vary of its own.
      '/head-object': (res) => {
        res.writeHead(200, 'OK', { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(JSON.stringify({ t: TEXT })), Vary: 'Origin' });
        res.end(JSON.stringify({ t: TEXT }));
      },
      '/small': (res) => {
        res.setHeader('content-type', 'text/plain');
        res.end('Genuine');
      },
      '/small-declared': (res) => {
        res.writeHead(200, { 'content-type': 'text/css', 'content-length': 7 });
        res.end('a{b:c}\n');
      },
      '/png': (res) => {
        res.setHeader('content-type', 'image/png');
        res.end(Buffer.alloc(4096, 7));
      },
      '/svg': (res) => {
        res.setHeader('content-type', 'image/svg+xml');
        res.end(`<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(600)}</svg>`);
      },
      '/encoded': (res) => {
        res.setHeader('content-type', 'text/plain');
        res.setHeader('content-encoding', 'gzip');
        res.end(zlib.gzipSync(TEXT));
      },
      '/no-transform': (res) => {
        res.setHeader('content-type', 'text/html');
        res.setHeader('cache-control', 'public, no-transform');
        res.end(TEXT);
      },
      '/events': (res) => {
        res.setHeader('content-type', 'text/event-stream');
        res.end(`data: ${TEXT}\n\n`);
      },
      '/not-modified': (res) => {
        res.setHeader('content-type', 'text/html');
        res.writeHead(304);
        res.end();
      },
      '/partial': (res) => {
        res.writeHead(206, { 'content-type': 'application/javascript', 'content-range': `bytes 0-1999/${TEXT.length}` });
        res.end(TEXT.slice(0, 2000));
      },
      '/vary-star': (res) => {
        res.setHeader('content-type', 'text/plain');
        res.setHeader('vary', '*');
        res.end(TEXT);
      },
      '/callbacks': (res) => {
        const seen = (done['/callbacks'] = [] as string[]);
        res.setHeader('content-type', 'text/plain');
        res.write(TEXT, () => seen.push('write'));
        res.write(Buffer.from(' tail'), 'utf8', () => seen.push('write with encoding'));
        res.end(() => seen.push('end'));
      },
      '/empty': (res) => {
        res.setHeader('content-type', 'text/html');
        res.write('');
        res.end();
      },
    });
  });
  afterAll(() => srv.close());

  it('sends a text answer in Brotli to a browser that takes it, without its length, varying by Accept-Encoding', async () => {
    const r = await get(srv.base, '/html', CHROMIUM);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-length']).toBeUndefined();
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.text).toBe(TEXT);
    expect(r.body.length).toBeLessThan(Buffer.byteLength(TEXT) / 10);
  });

  it('sends gzip to a client that takes only gzip, and the text as it is to one that takes neither', async () => {
    const gz = await get(srv.base, '/html', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(TEXT);
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }] as Record<string, string>[]) {
      const plain = await get(srv.base, '/html', headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding'); // a cache must still tell the answers apart
      expect(plain.body.toString('utf8')).toBe(TEXT);
    }
  });

  it('reads headers given to writeHead: drops their length, adds to their Vary', async () => {
    const r = await get(srv.base, '/head-object', CHROMIUM);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-length']).toBeUndefined();
    expect(r.headers.vary).toBe('Origin, Accept-Encoding');
    expect(JSON.parse(r.text)).toEqual({ t: TEXT });
  });

  it('leaves a short answer as it is, whether its length was declared or given with end()', async () => {
    const small = await get(srv.base, '/small', CHROMIUM);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-length']).toBe('7');
    expect(small.text).toBe('Genuine');
    const declared = await get(srv.base, '/small-declared', CHROMIUM);
    expect(declared.headers['content-encoding']).toBeUndefined();
    expect(declared.text).toBe('a{b:c}\n');
  });

  it('compresses SVG but not an image format that is compressed already', async () => {
    const svg = await get(srv.base, '/svg', CHROMIUM);
    expect(svg.headers['content-encoding']).toBe('br');
    expect(svg.text).toContain('<g/><g/>');
    const png = await get(srv.base, '/png', CHROMIUM);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.body.equals(Buffer.alloc(4096, 7))).toBe(true);
  });

  it('passes through an answer already encoded, marked no-transform, of server-sent events, or partial', async () => {
    const encoded = await get(srv.base, '/encoded', CHROMIUM);
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.text).toBe(TEXT); // encoded once, by its writer
    const kept = await get(srv.base, '/no-transform', CHROMIUM);
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.body.toString('utf8')).toBe(TEXT);
    const events = await get(srv.base, '/events', CHROMIUM);
    expect(events.headers['content-encoding']).toBeUndefined();
    const partial = await get(srv.base, '/partial', CHROMIUM);
    expect(partial.status).toBe(206);
    expect(partial.headers['content-encoding']).toBeUndefined();
    expect(partial.body.toString('utf8')).toBe(TEXT.slice(0, 2000));
  });

  it('sends no body to HEAD or with a 304, and no content-encoding either', async () => {
    const head = await get(srv.base, '/html', CHROMIUM, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
    const nm = await get(srv.base, '/not-modified', CHROMIUM);
    expect(nm.status).toBe(304);
    expect(nm.headers['content-encoding']).toBeUndefined();
    expect(nm.headers.vary).toBe('Accept-Encoding'); // as the full answer's
  });

  it('keeps a Vary of *', async () => {
    const r = await get(srv.base, '/vary-star', CHROMIUM);
    expect(r.headers.vary).toBe('*');
    expect(r.text).toBe(TEXT);
  });

  it("runs write's and end's callbacks on a compressed answer", async () => {
    const r = await get(srv.base, '/callbacks', CHROMIUM);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.text).toBe(`${TEXT} tail`);
    expect(done['/callbacks']!.sort()).toEqual(['end', 'write', 'write with encoding']);
  });

  it('compresses an answer whose body is empty into a valid empty stream', async () => {
    const r = await get(srv.base, '/empty', CHROMIUM);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.text).toBe('');
  });
});

describe("the build's static files, compressed when it was made (scripts/precompress.mjs)", () => {
  const SCRIPT = Array.from({ length: 300 }, (_, i) => `export const verdict${i} = "Genuine product ${i} — असली";`).join('\n');
  let dist: string;
  let srv: Awaited<ReturnType<typeof serve>>;
  const file = () => path.join(dist, 'static', 'chunks', 'app.js');
  const compressed = (encoding: 'br' | 'gz') => readFileSync(path.join(dist, 'precompressed', 'chunks', `app.js.${encoding}`));
  /** A static file as Next.js serves one: its type, length, caching, streamed from the disk; 206 for a range. */
  const staticFile =
    (name: string): Route =>
    (res, req) => {
      const full = path.join(dist, 'static', 'chunks', name);
      const size = statSync(full).size;
      if (req.headers['x-test-gone']) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        return void res.end(`Not found: ${SCRIPT}`);
      }
      res.setHeader('content-type', 'application/javascript; charset=UTF-8');
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      if (req.headers.range) {
        res.writeHead(206, { 'content-range': `bytes 0-99/${size}`, 'content-length': 100 });
        createReadStream(full, { start: 0, end: 99 }).pipe(res);
        return;
      }
      res.setHeader('content-length', size);
      if (req.method === 'HEAD') return void res.end();
      createReadStream(full, { highWaterMark: 4096 }).pipe(res);
    };
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'compress-static-'));
    mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true });
    writeFileSync(file(), SCRIPT);
    const pre = await import('../../../scripts/precompress.mjs');
    pre.precompressStatic(dist);
    writeFileSync(path.join(dist, 'static', 'chunks', 'later.js'), SCRIPT.replace(/Genuine/g, 'Claimed')); // not compressed by the build
    srv = await serve(
      {
        '/_next/static/chunks/app.js': staticFile('app.js'),
        '/_next/static/chunks/later.js': staticFile('later.js'),
      },
      mod.precompressedFiles(dist),
    );
  });
  afterAll(async () => {
    await srv.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the Brotli form the build wrote, with its length, instead of compressing the file again', async () => {
    const r = await get(srv.base, '/_next/static/chunks/app.js?dpl=1', CHROMIUM);
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-length']).toBe(String(compressed('br').length));
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.body).toEqual(compressed('br'));
    expect(r.text).toBe(SCRIPT);
    expect(srv.errors).toEqual([]);
  });

  it('sends the gzip form to a client that takes only gzip, and the file as it is to one that takes neither', async () => {
    const gz = await get(srv.base, '/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toEqual(compressed('gz'));
    const plain = await get(srv.base, '/_next/static/chunks/app.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(SCRIPT)));
    expect(plain.text).toBe(SCRIPT);
  });

  it('leaves a range, a HEAD and an answer that is not the file (a 404) as they were; compresses a file the build did not', async () => {
    const partial = await get(srv.base, '/_next/static/chunks/app.js', { ...CHROMIUM, range: 'bytes=0-99' });
    expect([partial.status, partial.headers['content-encoding']]).toEqual([206, undefined]);
    expect(partial.body).toEqual(Buffer.from(SCRIPT).subarray(0, 100));
    const head = await get(srv.base, '/_next/static/chunks/app.js', CHROMIUM, 'HEAD');
    expect([head.status, head.headers['content-encoding'], head.body.length]).toEqual([200, undefined, 0]);
    const gone = await get(srv.base, '/_next/static/chunks/app.js', { ...CHROMIUM, 'x-test-gone': '1' });
    expect([gone.status, gone.headers['content-encoding'], gone.text]).toEqual([404, 'br', `Not found: ${SCRIPT}`]);
    const later = await get(srv.base, '/_next/static/chunks/later.js', CHROMIUM);
    expect(later.headers['content-encoding']).toBe('br');
    expect(later.headers['content-length']).toBeUndefined(); // compressed as it went
    expect(later.text).toBe(SCRIPT.replace(/Genuine/g, 'Claimed'));
    expect(srv.errors).toEqual([]);
  });
});

describe('a streamed answer', () => {
  it.each(['br', 'gzip'])('in %s, sends each flushed part before the next is written', async (encoding) => {
    // The server writes its second part only once the client has decoded the first: without
    // flush() the compressor would hold the first part, and this test would wait forever.
    let firstSeen!: () => void;
    const seen = new Promise<void>((r) => (firstSeen = r));
    const first = `<!DOCTYPE html><html><body><h1>Genuine</h1>${'<i>x</i>'.repeat(200)}`;
    const rest = `${'<p>verified</p>'.repeat(200)}</body></html>`;
    const srv = await serve({
      '/stream': async (res) => {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.flushHeaders(); // as Next.js does before its first chunk
        res.write(first);
        (res as unknown as { flush: () => void }).flush();
        await seen;
        res.write(rest);
        (res as unknown as { flush: () => void }).flush();
        res.end();
      },
    });
    try {
      const text = await new Promise<string>((resolve, reject) => {
        const req = http.request(`${srv.base}/stream`, { headers: { 'accept-encoding': encoding }, agent: false }, (res) => {
          expect(res.headers['content-encoding']).toBe(encoding);
          const decoder = encoding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip();
          let out = '';
          decoder.on('data', (c: Buffer) => {
            out += c.toString('utf8');
            if (out === first) firstSeen();
          });
          decoder.on('end', () => resolve(out));
          decoder.on('error', reject);
          res.pipe(decoder);
        });
        req.on('error', reject);
        req.end();
      });
      expect(text).toBe(first + rest);
      expect(srv.errors).toEqual([]);
    } finally {
      await srv.close();
    }
  });

  it("tells a writer waiting for 'drain' when the compressor takes more, as Next.js waits, and every byte arrives", async () => {
    // 4 MB that compresses poorly (hex of a pseudo-random sequence), written in 64 kB parts: each
    // part fills the compressor past its 16 kB mark, so write() says wait.
    let seed = 42;
    const part = () => {
      let s = '';
      while (s.length < 65_536) {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        s += seed.toString(16);
      }
      return s.slice(0, 65_536);
    };
    const parts = Array.from({ length: 64 }, part);
    let waited = 0;
    const srv = await serve({
      '/big': async (res) => {
        res.setHeader('content-type', 'application/javascript');
        for (const p of parts) {
          if (!res.write(p)) {
            waited += 1;
            await new Promise<void>((resolve) => res.once('drain', () => resolve()));
          }
        }
        res.end();
      },
    });
    try {
      const r = await get(srv.base, '/big', { 'accept-encoding': 'br' });
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.text.length).toBe(parts.join('').length);
      expect(r.text === parts.join('')).toBe(true);
      expect(waited).toBeGreaterThan(0);
      expect(srv.errors).toEqual([]);
    } finally {
      await srv.close();
    }
  });

  it('ends cleanly when the client goes away mid-answer: the writer hears close, nothing throws', async () => {
    let closed!: () => void;
    const gone = new Promise<void>((r) => (closed = r));
    let finished!: () => void;
    const handled = new Promise<void>((r) => (finished = r));
    const srv = await serve({
      '/abandoned': async (res) => {
        res.setHeader('content-type', 'text/html');
        res.on('close', () => closed());
        res.write(TEXT);
        (res as unknown as { flush: () => void }).flush();
        await gone;
        // What a renderer still finishing would do: write, flush and end into a closed answer.
        res.write(TEXT);
        (res as unknown as { flush: () => void }).flush();
        res.end();
        finished();
      },
    });
    try {
      const req = http.request(`${srv.base}/abandoned`, { headers: { 'accept-encoding': 'br' }, agent: false }, (res) => {
        res.once('data', () => req.destroy()); // the first flushed part came: go away
      });
      req.on('error', () => undefined);
      req.end();
      await handled;
      expect(srv.errors).toEqual([]);
    } finally {
      await srv.close();
    }
  });
});

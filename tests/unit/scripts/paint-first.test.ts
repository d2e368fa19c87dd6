import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

// scripts/paint-first.mjs: the production server rewrites an HTML answer's first-load scripts
// (and script preloads) into inert markers and one loader that adds them after the first paint
// (docs/decisions.md, "Framework patches": "Scripts after the first paint"). Here: the rewriting, on a page cut into
// chunks at every place, and the server wiring (compression after the rewriting, other answers
// untouched) over real HTTP.

type Module = typeof import('../../../scripts/paint-first.mjs');
let mod: Module;
beforeAll(async () => {
  mod = await import('../../../scripts/paint-first.mjs');
});

const NONCE = 'bm9uY2U9PQ';
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="/_next/static/chunks/main.js"/>`,
  `<script src="/_next/static/chunks/a.js" async="" nonce="${NONCE}"></script>`,
  `<script src="/_next/static/chunks/b.js?v=1&amp;x=2" async="" nonce="${NONCE}"></script>`,
  `<link rel="icon" href="/favicon.svg"/>`,
  `<link rel="preload" as="image" href="/_next/static/media/x.png"/>`,
  `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}"></script>`,
  `<script src="https://elsewhere.example/x.js" async="" nonce="${NONCE}"></script>`,
  `<script src="/_next/static/chunks/typed.js" type="module" async="" nonce="${NONCE}"></script>`,
  '</head><body><h1>Genuine — ✓ 真品</h1>',
  `<script nonce="${NONCE}">self.__next_f=self.__next_f||[];self.__next_f.push([0,"\\u003cscript src=\\"/_next/static/x.js\\" async=\\"\\"\\u003e"])</script>`,
  `<script src="/_next/static/chunks/main.js" nonce="${NONCE}" async=""></script>`,
  '</body></html>',
].join('');

const rewrite = (chunks: string[]) => {
  const holder = new mod.ScriptHolder();
  return { out: chunks.map((c) => holder.push(c)).join('') + holder.end(), holder };
};

describe('ScriptHolder', () => {
  it("holds the build's async scripts and script preloads behind one loader, and leaves everything else as written", () => {
    const { out, holder } = rewrite([page]);
    expect(holder.held).toBe(4);
    // One loader, with the page's nonce, where the first held tag was.
    expect(out.split(mod.LOADER_SOURCE)).toHaveLength(2);
    expect(out).toContain(`<head><meta charSet="utf-8"/><script nonce="${NONCE}">${mod.LOADER_SOURCE}</script><link rel="x-held-preload" href="/_next/static/chunks/main.js"/>`);
    expect(out).toContain('<link rel="x-held-script" href="/_next/static/chunks/a.js"/>');
    expect(out).toContain('<link rel="x-held-script" href="/_next/static/chunks/b.js?v=1&amp;x=2"/>'); // as written, not escaped twice
    expect(out).toContain('<link rel="x-held-script" href="/_next/static/chunks/main.js"/></body>');
    // No script of the build is left for the browser to fetch before the loader asks for it.
    expect(out).not.toMatch(/<script[^>]*src="\/_next\/static\/chunks\/(a|b|main)\.js/);
    expect(out).not.toMatch(/<link rel="preload" as="script"/);
    // Left alone: the polyfills (never run by a current browser), another origin's script, a
    // module script, other preloads and links, inline scripts (and what their text contains).
    for (const kept of [
      '<link rel="icon" href="/favicon.svg"/>',
      '<link rel="preload" as="image" href="/_next/static/media/x.png"/>',
      `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}"></script>`,
      `<script src="https://elsewhere.example/x.js" async="" nonce="${NONCE}"></script>`,
      `<script src="/_next/static/chunks/typed.js" type="module" async="" nonce="${NONCE}"></script>`,
      '<h1>Genuine — ✓ 真品</h1>',
      '\\u003cscript src=\\"/_next/static/x.js\\" async=\\"\\"\\u003e',
    ])
      expect(out).toContain(kept);
  });

  it('gives the same page whatever the chunks it arrives in (cut at every place)', () => {
    const whole = rewrite([page]).out;
    for (let cut = 1; cut < page.length; cut++) {
      const { out } = rewrite([page.slice(0, cut), page.slice(cut)]);
      if (out !== whole) throw new Error(`a cut at ${cut} (${JSON.stringify(page.slice(cut - 10, cut + 10))}) changed the page`);
    }
    // And one character at a time.
    expect(rewrite([...page]).out).toBe(whole);
  });

  it('passes a page with nothing to hold through unchanged, without a loader', () => {
    const plain = '<!DOCTYPE html><html><head><script nonce="n">1</script></head><body><p>a &lt;script&gt;</p></body></html>';
    const { out, holder } = rewrite([plain.slice(0, 30), plain.slice(30)]);
    expect(out).toBe(plain);
    expect(holder.held).toBe(0);
  });

  it('sends the text before an unfinished tag at once, and the rest when it ends', () => {
    const holder = new mod.ScriptHolder();
    expect(holder.push('<p>one</p><scr')).toBe('<p>one</p>');
    expect(holder.push('ipt src="/_next/static/chunks/a.js" async="">')).toBe('');
    expect(holder.push('</script><p>two')).toBe(`<script>${mod.LOADER_SOURCE}</script><link rel="x-held-script" href="/_next/static/chunks/a.js"/><p>two`);
    expect(holder.push('</p><link rel="x')).toBe('</p>');
    expect(holder.end()).toBe('<link rel="x'); // an answer cut short ends as it was
  });
});

describe("the build's stylesheet, inline once (ScriptHolder's stylesheet, buildStylesheets)", () => {
  const CSS = 'body{color:#111}.v::before{content:"✓ 真"}';
  const latin1 = (text: string) => Buffer.from(text).toString('latin1');
  const sheets: Record<string, string> = { '/_next/static/chunks/app.css': latin1(CSS) };
  const styled = [
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
    `<link rel="stylesheet" href="/_next/static/chunks/app.css" nonce="${NONCE}" data-precedence="next"/>`,
    `<link rel="stylesheet" href="/_next/static/chunks/gone.css" data-precedence="next"/>`,
    '<link rel="stylesheet" href="/theme.css"/>',
    `<link rel="stylesheet" href="/_next/static/chunks/app.css" media="print" data-precedence="next"/>`,
    `<script src="/_next/static/chunks/a.js" async="" nonce="${NONCE}"></script>`,
    '</head><body><p class="v">Genuine</p></body></html>',
  ].join('');
  const inline = (chunks: string[]) => {
    const holder = new mod.ScriptHolder((href) => sheets[href]);
    return Buffer.from(chunks.map((c) => holder.push(latin1(c))).join('') + holder.end(), 'latin1').toString('utf8');
  };

  it("writes the build's stylesheet in the head where React linked it, its link kept disabled for React, and leaves any other link as it was", () => {
    const out = inline([styled]);
    expect(out).toContain(
      `<meta charSet="utf-8"/><style nonce="${NONCE}" data-precedence="next">${CSS}</style><link rel="stylesheet" href="/_next/static/chunks/app.css" nonce="${NONCE}" data-precedence="next" disabled=""/>`,
    );
    expect(out.split(CSS)).toHaveLength(2); // once
    // A stylesheet the build does not hold, another site's or the app's own public file, and a link
    // with attributes the rewriting would drop (media) keep their links, enabled.
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/gone.css" data-precedence="next"/>');
    expect(out).toContain('<link rel="stylesheet" href="/theme.css"/>');
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/app.css" media="print" data-precedence="next"/>');
    expect(out).toContain('<link rel="x-held-script" href="/_next/static/chunks/a.js"/>'); // the scripts still held
  });

  it('gives the same page whatever the chunks it arrives in (cut at every place), and without a stylesheet source links as before', () => {
    const whole = inline([styled]);
    for (let cut = 1; cut < styled.length; cut++) {
      const out = inline([styled.slice(0, cut), styled.slice(cut)]);
      if (out !== whole) throw new Error(`a cut at ${cut} (${JSON.stringify(styled.slice(cut - 10, cut + 10))}) changed the page`);
    }
    const holder = new mod.ScriptHolder();
    expect(holder.push(styled) + holder.end()).toContain(`<link rel="stylesheet" href="/_next/static/chunks/app.css" nonce="${NONCE}" data-precedence="next"/>`);
  });

  it("reads each of the build's stylesheets from its static folder, byte for byte, only those it can write inline, and nothing outside it", () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'paint-first-css-'));
    try {
      mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true });
      writeFileSync(path.join(dist, 'static', 'chunks', 'app.css'), CSS);
      writeFileSync(path.join(dist, 'secret.css'), 'secret{}');
      writeFileSync(path.join(dist, 'static', 'chunks', 'ends.css'), 'a{}</style><script>alert(1)</script>');
      writeFileSync(path.join(dist, 'static', 'chunks', 'font.css'), '@font-face{src:url(../media/f.woff2)}');
      writeFileSync(path.join(dist, 'static', 'chunks', 'quoted.css'), "a{background:url( 'x.png')}");
      const absolute = "a{background:url(/x.png),url('https://e.example/y.png'),url(data:image/gif;base64,R0),url(#f)}";
      writeFileSync(path.join(dist, 'static', 'chunks', 'absolute.css'), absolute);
      const read = mod.buildStylesheets(dist);
      expect(Buffer.from(read('/_next/static/chunks/app.css')!, 'latin1').toString('utf8')).toBe(CSS);
      // Addresses from the root, of another site, data: and fragments resolve the same inline.
      expect(read('/_next/static/chunks/absolute.css')).toBe(absolute);
      // Text that would end the style element, or a file named relative to the stylesheet, stays linked.
      for (const href of ['/_next/static/chunks/ends.css', '/_next/static/chunks/font.css', '/_next/static/chunks/quoted.css']) expect(read(href)).toBeUndefined();
      for (const href of ['/_next/static/chunks/missing.css', '/_next/static/../secret.css', '/_next/static/chunks/../../secret.css', '/_next/static/chunks/a.js', '/elsewhere/app.css'])
        expect(read(href)).toBeUndefined();
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("drops the Link header's preloads of the build's stylesheets it writes inline only", () => {
    const read = (href: string) => sheets[href];
    expect(mod.withoutStylesheetPreloads('</_next/static/chunks/app.css>; rel=preload; as="style"; nonce="n"', read)).toBe('');
    expect(mod.withoutStylesheetPreloads('</_next/static/chunks/app.css>; rel=preload; as="style", </_next/static/media/f.woff2>; rel=preload; as="font"; crossorigin=""', read)).toBe(
      '</_next/static/media/f.woff2>; rel=preload; as="font"; crossorigin=""',
    );
    // Not the build's, or not one the reader gives (missing, or kept as a link): its preload stays.
    for (const kept of ['</theme.css>; rel=preload; as="style"', '</_next/static/chunks/gone.css>; rel=preload; as="style"'])
      expect(mod.withoutStylesheetPreloads(kept, read)).toBe(kept);
  });
});

describe('the server wiring (holdScriptsUntilPaint after the compression, scripts/compress.mjs)', () => {
  let compressAnswer: typeof import('../../../scripts/compress.mjs').compressAnswer;
  let server: http.Server;
  let base: string;
  const routes: Record<string, (res: http.ServerResponse) => void> = {
    // A streamed page, cut in the middle of a script tag and of a multi-byte character.
    '/page': (res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      const bytes = Buffer.from(page);
      const cuts = [40, bytes.indexOf('async=') + 2, bytes.indexOf('真') + 1, bytes.length];
      let from = 0;
      for (const to of cuts.slice(0, -1)) {
        res.write(bytes.subarray(from, to));
        from = to;
      }
      res.end(bytes.subarray(from));
    },
    // A whole page with its length set, through writeHead's headers.
    '/fixed': (res) => {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(page) });
      res.end(page);
    },
    '/script': (res) => {
      res.setHeader('content-type', 'application/javascript');
      res.end(page + page);
    },
    // An HTML answer its writer marked not to be transformed.
    '/no-transform': (res) => {
      res.setHeader('content-type', 'text/html');
      res.setHeader('cache-control', 'private, no-transform');
      res.end(page);
    },
    // write(chunk, callback) on an answer that is not HTML: the callback still runs.
    '/callback': (res) => {
      res.setHeader('content-type', 'text/plain');
      res.write('first ', () => res.end('second'));
    },
  };

  beforeAll(async () => {
    ({ compressAnswer } = await import('../../../scripts/compress.mjs'));
    server = http.createServer((req, res) => {
      compressAnswer(req, res);
      mod.holdScriptsUntilPaint(req, res);
      routes[req.url ?? '']!(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on('error', reject);
      req.end();
    });

  const expected = () => rewrite([page]).out;

  it('rewrites a streamed HTML answer before gzip compresses it, every byte of the rest kept', async () => {
    const r = await get('/page', { 'accept-encoding': 'gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(r.body).toString('utf8')).toBe(expected());
    const br = await get('/page', { 'accept-encoding': 'gzip, deflate, br, zstd' }); // as Chromium asks
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(expected());
  });

  it('rewrites an uncompressed answer, and drops a Content-Length set through writeHead', async () => {
    const r = await get('/fixed');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['content-length']).toBeUndefined();
    expect(r.body.toString('utf8')).toBe(expected());
  });

  it('passes an answer that is not HTML, or marked no-transform, byte for byte', async () => {
    const js = await get('/script', { 'accept-encoding': 'gzip' });
    expect(js.headers['content-type']).toBe('application/javascript');
    expect(js.headers['content-encoding']).toBe('gzip'); // over the middleware's 1 kB threshold
    expect(zlib.gunzipSync(js.body).toString('utf8')).toBe(page + page);
    const kept = await get('/no-transform', { 'accept-encoding': 'gzip' });
    expect(kept.headers['content-encoding']).toBeUndefined(); // the middleware respects it too
    expect(kept.body.toString('utf8')).toBe(page);
  });

  it('answers HEAD for an HTML page without the unrewritten length', async () => {
    const head = await get('/fixed', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/html');
    expect(head.headers['content-length']).toBeUndefined();
  });

  it("keeps a write's callback on an answer it passes through", async () => {
    const r = await get('/callback');
    expect(r.body.toString('utf8')).toBe('first second');
  });

  it("with the build's stylesheets: an HTML answer's Link header loses its preloads of them, set either way; another answer keeps its own", async () => {
    const preloads = '</_next/static/chunks/app.css>; rel=preload; as="style", </_next/static/media/f.woff2>; rel=preload; as="font"';
    const styledServer = http.createServer((req, res) => {
      mod.holdScriptsUntilPaint(req, res, () => 'p{}');
      if (req.url === '/set') {
        res.setHeader('content-type', 'text/html');
        res.setHeader('link', preloads);
        res.end('<p>a</p>');
      } else if (req.url === '/head') {
        res.writeHead(200, { 'Content-Type': 'text/html', Link: '</_next/static/chunks/app.css>; rel=preload; as="style"' });
        res.end('<p>a</p>');
      } else {
        res.writeHead(200, { 'content-type': 'text/css', link: preloads });
        res.end('p{}');
      }
    });
    await new Promise<void>((resolve) => styledServer.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(styledServer.address() as AddressInfo).port}`;
    try {
      const headers = async (p: string) => (await fetch(`${at}${p}`)).headers;
      expect((await headers('/set')).get('link')).toBe('</_next/static/media/f.woff2>; rel=preload; as="font"');
      expect((await headers('/head')).get('link')).toBeNull();
      expect((await headers('/css')).get('link')).toBe(preloads);
    } finally {
      await new Promise<void>((resolve) => styledServer.close(() => resolve()));
    }
  });
});

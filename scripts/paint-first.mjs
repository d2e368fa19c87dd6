// @ts-check
// The verdict painted before any script is fetched (docs/decisions.md, "Framework patches").
//
// Next.js asks for a page's first-load scripts from the head, `async` (and preloads its bootstrap
// script): on a fast connection they arrive and run before the browser has drawn its first frame,
// and on a slow one their download shares the line with the rest of the HTML, the verdict's part
// of it. The server (scripts/start.mjs) rewrites each of those script tags and script preloads in
// an HTML answer into an inert marker (`<link rel="x-held-script">`, `<link rel="x-held-preload">`,
// which a browser ignores), and puts one small inline script (with the page's nonce) in place of
// the first: once the browser reports its first contentful paint, that script adds the held
// scripts to the page, async as Next.js had them, and the preloads; hydration follows. The same
// rewriting writes the build's stylesheet inline where React linked it (ScriptHolder's
// `stylesheet`) and drops its preload from the Link header. Nothing else in the page changes; an
// answer that is not HTML passes untouched.
//
// Its exports are typed by scripts/paint-first.d.mts (what the unit tests see): each one here is
// checked against that declaration.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { headerKey, toBuffer } from './compress.mjs';

/** @typedef {import('./paint-first.d.mts').ScriptHolder} DeclaredScriptHolder */
/**
 * An argument of `writeHead` after the status code: a status message, or the headers (an object,
 * or a flat array of names and values).
 * @typedef {string | import('node:http').OutgoingHttpHeaders | import('node:http').OutgoingHttpHeader[] | undefined} HeadArgument
 */
/** @typedef {(error?: Error | null) => void} WriteCallback */

/**
 * The loader: fetches and runs the held scripts once the first paint is reported (see the file's head).
 * @type {typeof import('./paint-first.d.mts').LOADER_SOURCE}
 */
export const LOADER_SOURCE = [
  '(function(){var d=document,n=d.currentScript&&d.currentScript.nonce,done=0;',
  // Adds what is held in the page now (the head's, then the body's): the preloads, then the scripts.
  // Only the build's own files: a marker naming anything else is not the server's and is left alone.
  'function add(rel,make){var ls=d.querySelectorAll(\'link[rel="x-held-\'+rel+\'"]\');for(var i=0;i<ls.length;i++){var l=ls[i],h=l.getAttribute("href");if(!h||h.indexOf("/_next/static/")!==0)continue;var e=make(h);l.rel="x-loaded-"+rel;if(n)e.nonce=n;d.head.appendChild(e)}}',
  'function run(){add("preload",function(h){var e=d.createElement("link");e.rel="preload";e.as="script";e.fetchPriority="low";e.href=h;return e});',
  'add("script",function(h){var e=d.createElement("script");e.src=h;e.async=true;return e})}',
  'function go(){if(done)return;done=1;run();if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",run)}',
  // Ten frames after the load event: for a browser without paint timing, and a page that paints nothing.
  'function later(){var k=10;(function f(){if(--k<0)go();else requestAnimationFrame(f)})()}',
  // A page nobody sees (a tab in the background, prerendering) has no first paint to wait for.
  'if(d.visibilityState!=="visible"){go();return}',
  // The first contentful paint (a first paint of the background alone may come before it).
  'try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true})}catch(e){}',
  'if(d.readyState==="complete")later();else addEventListener("load",later)',
  '})()',
].join('');

const SCRIPT_TAG = /<script\b([^>]*)><\/script>|<link\b([^>]*?)\/?>/g;
const ATTRIBUTE = /([a-zA-Z-]+)(?:="([^"]*)")?/g;

/**
 * The attributes of a tag's attribute text, names in lower case.
 * @param {string} text
 */
function attributesOf(text) {
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const m of text.matchAll(ATTRIBUTE)) out.set(m[1].toLowerCase(), m[2] ?? '');
  return out;
}

/**
 * Whether a script tag is one of the app's own first-load scripts Next.js asks for async: a
 * classic script of the build's static files, async, with nothing else (a type, integrity, a
 * module switch, an id) the loader would not carry over.
 * @param {Map<string, string>} attrs
 */
function isHeldScript(attrs) {
  if (!attrs.has('async') || !attrs.get('src')?.startsWith('/_next/static/')) return false;
  for (const name of attrs.keys()) if (!['src', 'async', 'nonce'].includes(name)) return false;
  return true;
}

/**
 * Whether a link is a preload of one of the build's scripts (nothing else the loader would drop).
 * @param {Map<string, string>} attrs
 */
function isHeldPreload(attrs) {
  if (attrs.get('rel') !== 'preload' || attrs.get('as') !== 'script' || !attrs.get('href')?.startsWith('/_next/static/')) return false;
  for (const name of attrs.keys()) if (!['rel', 'as', 'href', 'nonce', 'fetchpriority'].includes(name)) return false;
  return true;
}

/**
 * Whether a link is the build's own stylesheet as React writes it for Next.js (`precedence`): the
 * one the server writes inline in its place (ScriptHolder, `stylesheet`).
 * @param {Map<string, string>} attrs
 */
function isBuildStylesheet(attrs) {
  if (attrs.get('rel') !== 'stylesheet' || !attrs.has('data-precedence') || !/^\/_next\/static\/[\w/.-]+\.css$/.test(attrs.get('href') ?? '')) return false;
  for (const name of attrs.keys()) if (!['rel', 'href', 'nonce', 'data-precedence'].includes(name)) return false;
  return true;
}

/**
 * Rewrites an HTML answer as it streams (text in Latin-1, one character per byte, so a multi-byte
 * character split between two chunks passes through untouched). `push` answers what can be sent
 * now; a tag that a chunk ends inside is kept until the next chunk (or `end`) completes it.
 * @implements {DeclaredScriptHolder}
 */
export class ScriptHolder {
  /**
   * @param {(href: string) => string | undefined} [stylesheet] the text of one of the build's
   * stylesheets (`/_next/static/….css`) in Latin-1, one character per byte as the answer's text,
   * ready to write inline (buildStylesheets); undefined when it is not one, or must stay linked. A page's stylesheet is then written inline in the head where
   * React linked it (the first paint waits for no second request), and once: Next.js's own
   * `inlineCss` also put it in the page's RSC payload, a second copy of 25 kB in every HTML answer
   * for the server to render and compress. The link stays, `disabled` (a browser does not fetch
   * it), for React: it finds the stylesheet in the page, takes it as loaded, and neither loads nor
   * preloads it again after hydration.
   */
  constructor(stylesheet) {
    this.stylesheet = stylesheet;
  }
  carry = '';
  loaderPlaced = false;
  /** @type {Set<string>} */
  seen = new Set();
  /** How many scripts and script preloads were held so far. */
  held = 0;

  /**
   * The text of `chunk` that can be sent now, rewritten.
   * @param {string} chunk
   */
  push(chunk) {
    let text = this.carry + chunk;
    // Keep back an unfinished tag, and a script element whose end tag has not arrived yet.
    let keepFrom = text.length;
    const lastOpen = text.lastIndexOf('<');
    if (lastOpen >= 0 && text.indexOf('>', lastOpen) < 0) keepFrom = lastOpen;
    const lastScript = text.lastIndexOf('<script');
    if (lastScript >= 0 && text.indexOf('</script>', lastScript) < 0) keepFrom = Math.min(keepFrom, lastScript);
    this.carry = text.slice(keepFrom);
    text = text.slice(0, keepFrom);
    return this.rewrite(text);
  }

  /** What is left at the end of the answer. */
  end() {
    const text = this.carry;
    this.carry = '';
    return this.rewrite(text);
  }

  /** @param {string} text */
  rewrite(text) {
    if (!text.includes('<script') && !text.includes('<link')) return text;
    return text.replace(SCRIPT_TAG, (/** @type {string} */ tag, /** @type {string | undefined} */ scriptAttributes, /** @type {string | undefined} */ linkAttributes) => {
      const attrs = attributesOf(scriptAttributes ?? linkAttributes ?? ''); // one of the two matched
      if (linkAttributes !== undefined && this.stylesheet && isBuildStylesheet(attrs)) {
        const href = attrs.get('href') ?? '';
        const css = this.stylesheet(href);
        if (css === undefined) return tag;
        const nonce = attrs.has('nonce') ? ` nonce="${attrs.get('nonce')}"` : '';
        const precedence = ` data-precedence="${attrs.get('data-precedence')}"`;
        return `<style${nonce}${precedence}>${css}</style><link rel="stylesheet" href="${href}"${nonce}${precedence} disabled=""/>`;
      }
      const kind = scriptAttributes !== undefined ? (isHeldScript(attrs) ? 'script' : undefined) : isHeldPreload(attrs) ? 'preload' : undefined;
      if (!kind) return tag;
      const href = kind === 'script' ? attrs.get('src') : attrs.get('href');
      // The same file twice (Next.js preloads its bootstrap script in the head and asks for it at
      // the end of the body): held once of each kind, so it runs once.
      if (this.seen.has(`${kind} ${href}`)) return '';
      this.seen.add(`${kind} ${href}`);
      this.held += 1;
      // Attribute values are copied as they were written (escaped already, and free of quotes).
      const marker = `<link rel="x-held-${kind}" href="${href}"/>`;
      if (this.loaderPlaced) return marker;
      this.loaderPlaced = true;
      const nonce = attrs.has('nonce') ? ` nonce="${attrs.get('nonce')}"` : '';
      return `<script${nonce}>${LOADER_SOURCE}</script>${marker}`;
    });
  }
}

/**
 * The header's value, case-insensitively, from a `writeHead` headers object (headers given as a
 * flat array are not read: such an answer is decided by `res.getHeader` alone).
 * @param {HeadArgument} headers
 * @param {string} name in lower case
 */
function headerIn(headers, name) {
  const key = headerKey(headers, name);
  return key && headers ? /** @type {Record<string, unknown>} */ (headers)[key] : undefined;
}

/**
 * @param {HeadArgument} headers
 * @param {string} name in lower case
 */
function dropHeaderIn(headers, name) {
  const key = headerKey(headers, name);
  if (key && headers) delete (/** @type {Record<string, unknown>} */ (headers))[key];
}

/**
 * The build's stylesheets by address (`/_next/static/….css`), read from the build folder `dist`
 * and checked once each, as ScriptHolder takes them: Latin-1 text, one character per byte;
 * undefined for an address that is not a stylesheet of the build, and for one that cannot be
 * written inline as it is (text that would end the style element, or a relative `url(…)`, which
 * inline would resolve against the page rather than the file): it keeps its link.
 * @type {typeof import('./paint-first.d.mts').buildStylesheets}
 */
export function buildStylesheets(dist) {
  /** @type {Map<string, string | undefined>} */
  const read = new Map();
  return (href) => {
    if (read.has(href)) return read.get(href);
    const file = /^\/_next\/static\/([\w/.-]+\.css)$/.exec(href)?.[1];
    let text;
    if (file && !file.split('/').some((part) => part === '..' || part === '.' || part === '')) {
      try {
        text = readFileSync(path.join(dist, 'static', file)).toString('latin1');
        if (/<\/style/i.test(text) || /url\((?!\s*['"]?(?:[a-z][a-z0-9+.-]*:|\/|#))/i.test(text)) text = undefined;
      } catch {
        text = undefined; // not in this build: the page keeps its link
      }
    }
    if (read.size < 64) read.set(href, text); // a build has a handful
    return text;
  };
}

/**
 * A Link header's value without its preloads of the build's stylesheets that `stylesheet` gives
 * and that can be written inline (ScriptHolder writes them in the page instead); the other entries
 * as they were.
 * @type {typeof import('./paint-first.d.mts').withoutStylesheetPreloads}
 */
export function withoutStylesheetPreloads(value, stylesheet) {
  return value
    .split(/,(?=\s*<)/)
    .filter((entry) => {
      const href = /^\s*<(\/_next\/static\/[^>]+\.css)>/.exec(entry)?.[1];
      const preload = href && /;\s*rel="?preload"?\s*(;|$)/i.test(entry) && /;\s*as="?style"?\s*(;|$)/i.test(entry);
      return !(preload && stylesheet(href) !== undefined);
    })
    .join(',')
    .trim();
}

/**
 * Makes `res` (a Node.js ServerResponse, before anything is written to it) hold the first-load
 * scripts of an HTML answer until the first paint. Decided once, when the headers go out: an
 * answer of another type, already encoded, or marked `Cache-Control: no-transform` is passed
 * through as it was written (arguments and all). An HTML answer loses its Content-Length (it is
 * rewritten and streamed; a HEAD answer too, whose length would be the unrewritten page's).
 * The originals are called through Reflect.apply: they are overloaded, and are passed their
 * arguments as they came, which `.call` and `.apply` cannot type.
 * @type {typeof import('./paint-first.d.mts').holdScriptsUntilPaint}
 */
export function holdScriptsUntilPaint(req, res, stylesheet) {
  const { writeHead, write, end } = res;
  /** @type {ScriptHolder | null | undefined} undefined until the headers are decided */
  let holder;
  const header = (/** @type {HeadArgument} */ headers, /** @type {string} */ name) => String(headerIn(headers, name) ?? res.getHeader(name) ?? '');
  /** @param {HeadArgument} [headers] */
  const decide = (headers) => {
    if (holder !== undefined) return;
    const html =
      /^text\/html\b/i.test(header(headers, 'content-type')) &&
      !header(headers, 'content-encoding') &&
      !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(header(headers, 'cache-control'));
    holder = html && req.method !== 'HEAD' ? new ScriptHolder(stylesheet) : null;
    if (html) {
      res.removeHeader('content-length');
      dropHeaderIn(headers, 'content-length');
    }
    if (html && stylesheet) {
      // The stylesheet comes inline: a preload of it would fetch it all the same.
      const inHead = headerIn(headers, 'link');
      const link = inHead ?? res.getHeader('link');
      if (link !== undefined) {
        const kept = withoutStylesheetPreloads(Array.isArray(link) ? link.join(', ') : String(link), stylesheet);
        if (inHead !== undefined) {
          if (kept) /** @type {Record<string, unknown>} */ (headers)[/** @type {string} */ (headerKey(headers, 'link'))] = kept;
          else dropHeaderIn(headers, 'link');
        }
        if (res.hasHeader('link')) {
          if (kept) res.setHeader('link', kept);
          else res.removeHeader('link');
        }
      }
    }
  };
  /**
   * @this {import('node:http').ServerResponse}
   * @param {number} statusCode
   * @param {HeadArgument[]} rest
   * @returns {import('node:http').ServerResponse}
   */
  res.writeHead = function (statusCode, ...rest) {
    decide(typeof rest[0] === 'object' ? rest[0] : rest[1]);
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
    if (!res.headersSent) decide();
    if (!holder) return Reflect.apply(write, this, arguments);
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    const out = holder.push(toBuffer(chunk, encoding).toString('latin1'));
    if (out) return Reflect.apply(write, this, [Buffer.from(out, 'latin1'), callback]);
    if (callback) process.nextTick(callback);
    return true;
  };
  /**
   * @this {import('node:http').ServerResponse}
   * @param {string | NodeJS.ArrayBufferView | WriteCallback | null} [chunk]
   * @param {BufferEncoding | WriteCallback} [encoding]
   * @param {WriteCallback} [callback]
   * @returns {import('node:http').ServerResponse}
   */
  res.end = function (chunk, encoding, callback) {
    if (!res.headersSent) decide();
    if (!holder) return Reflect.apply(end, this, arguments);
    if (typeof chunk === 'function') [callback, chunk, encoding] = [chunk, undefined, undefined];
    else if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    const text = (chunk == null ? '' : holder.push(toBuffer(chunk, encoding).toString('latin1'))) + holder.end();
    Reflect.apply(end, this, [text ? Buffer.from(text, 'latin1') : undefined, callback]);
    return this;
  };
}

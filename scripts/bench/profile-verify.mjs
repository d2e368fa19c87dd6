#!/usr/bin/env node
// @ts-check
// Where the verify page's server CPU goes (docs/benchmarks.md, "The verify page against the
// floor"): starts a server of a build folder on its own data folder (as ab.mjs does), loads the
// verify page of a demo code as the bench does (32 connections, a new shopper from 10.0.0.0/8 each
// request) for 5 s, then profiles the server's main thread through the inspector for SECONDS more
// under the same load (start-up and warm-up left out). Prints each thread's CPU a request (/proc)
// and the main thread's self time by part, the bundled chunks read through their source maps.
//   node_modules/.bin/node scripts/bench/profile-verify.mjs DIST [SECONDS] [OUT.cpuprofile]
// Ports BENCH_PORT + 10 (the server) and + 11 (its inspector). The profiler samples wall time:
// on a busy machine a thread preempted inside a call is counted there (a crypto job's `run`).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const { sourceFingerprint } = /** @type {typeof import('../lib.mjs')} */ (await import(path.join(root, 'scripts/lib.mjs')));
const { MALLOC_ENV } = /** @type {typeof import('../runtime.mjs')} */ (await import(path.join(root, 'scripts/runtime.mjs')));
const [dist = '.next', secs = '15', out = path.join(os.tmpdir(), `verify-${Date.now()}.cpuprofile`)] = process.argv.slice(2);
const port = Number(process.env.BENCH_PORT ?? 3917) + 10;
const inspectPort = port + 1;

/**
 * @param {string} url
 * @returns {Promise<number | undefined>} the answer's status
 */
const get = (url) => new Promise((res, rej) => http.get(url, (x) => { x.resume(); x.on('end', () => res(x.statusCode)); }).on('error', rej));
const addr = () => `10.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}.${1 + ((Math.random() * 254) | 0)}`;
/**
 * @param {string} url
 * @param {number} ms
 */
async function load(url, ms) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  let n = 0, errors = 0;
  const end = performance.now() + ms;
  const one = () => /** @type {Promise<void>} */ (new Promise((resolve) => {
    const req = http.get(url, { agent, headers: { 'x-forwarded-for': addr() } }, (res) => { res.resume(); res.on('end', () => { if (res.statusCode !== 200) errors++; n++; resolve(); }); });
    req.on('error', () => (errors++, resolve()));
  }));
  await Promise.all(Array.from({ length: 32 }, async () => { while (performance.now() < end) await one(); }));
  agent.destroy();
  return { n, errors };
}
/**
 * CPU ms of each thread of `pid` by its name (/proc/PID/task).
 * @param {number | undefined} pid
 * @returns {Map<string, number>} "TID NAME" → CPU ms
 */
function threads(pid) {
  /** @type {Map<string, number>} */
  const m = new Map();
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const st = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      m.set(`${t} ${st.slice(st.indexOf('(') + 1, st.lastIndexOf(')'))}`, ((Number(f[11]) + Number(f[12])) * 1000) / 100);
    } catch {}
  }
  return m;
}

writeFileSync(path.join(root, dist, 'source-fingerprint'), sourceFingerprint()); // taken as built (ab.mjs)
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'verify-profile-'));
const child = spawn(path.join(root, 'node_modules/.bin/node'), [`--inspect=127.0.0.1:${inspectPort}`, path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...MALLOC_ENV, ...process.env, NEXT_DIST_DIR: dist, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: '', WEB_CONCURRENCY: '', TRUST_PROXY: '1', SCAN_RATE_LIMIT_PER_MINUTE: '' },
  stdio: ['ignore', 'ignore', 'ignore'],
});
/** @typedef {import('node:inspector').Profiler.Profile & { samples: number[]; timeDeltas: number[] }} Profile the samples are in every profile Profiler.stop answers */
/** @type {Profile} */
let profile;
try {
  for (;;) { if (child.exitCode !== null) throw new Error('the server exited'); if (await get(`http://localhost:${port}/login`).then((s) => s === 200, () => false)) break; await new Promise((r) => setTimeout(r, 100)); }
  /** @type {{ codes?: { level: number; state: string; qrId: string }[]; genuine?: { overt?: string }; genuineOvert?: string } | undefined} DATA_DIR/demo-codes.json, in the shapes the demo seed has written it (as ab.mjs) */
  const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-codes.json'), 'utf8'));
  const qrId = demo?.codes?.find((c) => c.level === 6 && c.state === 'unclaimed')?.qrId ?? demo?.genuine?.overt ?? demo?.genuineOvert;
  const url = `http://localhost:${port}/info/verify/${qrId}`;
  /** @type {{ webSocketDebuggerUrl: string }[]} the inspector's targets: the server's main thread */
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((r) => ws.addEventListener('open', r, { once: true }));
  let id = 0;
  /** @type {Map<number, (result: unknown) => void>} */
  const pending = new Map();
  ws.addEventListener('message', (e) => { /** @type {{ id: number; result?: unknown }} a reply to `send` (an event has no id and finds nothing pending) */ const m = JSON.parse(String(e.data)); pending.get(m.id)?.(m.result); pending.delete(m.id); });
  /**
   * A Chrome DevTools Protocol command to the server's inspector.
   * @param {string} method
   * @param {Record<string, unknown>} [params]
   * @returns {Promise<unknown>} its result
   */
  const send = (method, params = {}) => new Promise((r) => { pending.set(++id, r); ws.send(JSON.stringify({ id, method, params })); });
  await load(url, 5000);
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 500 });
  console.log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} at the start`);
  const before = threads(child.pid);
  await send('Profiler.start');
  const r = await load(url, Number(secs) * 1000);
  profile = /** @type {{ profile: Profile }} */ (await send('Profiler.stop')).profile;
  const after = threads(child.pid);
  ws.close();
  writeFileSync(out, JSON.stringify(profile));
  /** @type {Map<string, number>} */
  const byName = new Map();
  for (const [k, v] of after) { const name = k.slice(k.indexOf(' ') + 1); byName.set(name, (byName.get(name) ?? 0) + v - (before.get(k) ?? 0)); }
  const all = [...byName.values()].reduce((a, b) => a + b, 0);
  console.log(`${r.n} requests, ${r.errors} errors in ${secs} s; server CPU ${(all / r.n).toFixed(2)} ms a request: ${[...byName].filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / r.n).toFixed(2)}`).join(', ')}`);
  console.log(`profile: ${out}; load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} at the end`);
} finally {
  child.kill('SIGTERM');
  await /** @type {Promise<void>} */ (new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r))));
  rmSync(dataDir, { recursive: true, force: true });
}

// Each sample to one part, by its stack: the first rule that matches.
/** @type {Map<number, number>} */
const time = new Map(); // node id → sampled microseconds
profile.samples.forEach((s, i) => time.set(s, (time.get(s) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...time.values()].reduce((a, b) => a + b, 0);
/** @type {Map<string, SourceMap | null>} */
const maps = new Map(); // a bundled chunk → its source map (null: none)
/** @param {string} f */
const mapOf = (f) => {
  if (!maps.has(f)) { /** @type {SourceMap | null} */ let sm = null; try { sm = existsSync(`${f}.map`) ? new SourceMap(JSON.parse(readFileSync(`${f}.map`, 'utf8'))) : null; } catch {} maps.set(f, sm); }
  return maps.get(f);
};
/** @type {Map<number, number>} */
const parent = new Map(); // node id → its caller's
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
/** @typedef {{ f: string; fn: string }} Where a profile node's file (src:PATH through the chunk's source map) and function */
/** @type {Map<number, Where>} */
const where = new Map();
for (const n of profile.nodes) {
  const { url, functionName, lineNumber, columnNumber } = n.callFrame;
  let f = url.replace(/^file:\/\//, '').replace(root + path.sep, '');
  if (/^\.next[^/]*\/server\//.test(f)) {
    const e = /** @type {Partial<import('node:module').SourceMapping> | undefined} findEntry answers {} where the map has no entry */ (mapOf(path.join(root, f))?.findEntry(lineNumber, columnNumber));
    if (e?.originalSource) f = 'src:' + e.originalSource.replace(/^turbopack:\/\/+/, '').replace(/^\[project\]\//, '').replace(/^(\.\.\/)+/, '');
  }
  where.set(n.id, { f, fn: functionName });
}
/** @typedef {[string, (stack: Where[]) => boolean]} Part a part and its rule, on a sample's stack (its own frame first) */
/** @type {Part[]} */
const PARTS = [
  ['idle', (s) => s[0].fn === '(idle)'],
  ['garbage collector', (s) => s[0].fn === '(garbage collector)'],
  ['(program): V8 outside JavaScript', (s) => s[0].fn === '(program)'],
  ['the device id\'s MAC (Web Crypto HMAC: the middleware issues, the API checks)', (s) => s.some((x) => /device-id\.ts/.test(x.f))],
  ['messages to the database\'s thread', (s) => s.some((x) => /pglite-thread\.ts/.test(x.f))],
  ['the middleware in the Edge sandbox (the rest of it)', (s) => s.some((x) => /middleware\.ts|edge-runtime|server\/web\/adapter|server\/web\/sandbox/.test(x.f))],
  ['scripts/paint-first.mjs rewriting the HTML (and compression)', (s) => s.some((x) => /paint-first\.mjs|compression/.test(x.f))],
  ['React server rendering and the RSC payload (Next\'s app renderer)', (s) => /app-page-turbo\.runtime/.test(s[0].f)],
  ['hono, zod, drizzle', (s) => /node_modules\/(hono|@hono|zod|drizzle-orm)/.test(s[0].f)],
  ['the app\'s server code (lib, components, app, scripts)', (s) => /^src:(lib|components|app|messages)\//.test(s[0].f) || /^scripts\//.test(s[0].f)],
  ['Next\'s server (routing, metadata, tracing, request handling)', (s) => /node_modules\/(next|src)\/|^src:.*next|\[turbopack\]|opentelemetry/.test(s[0].f)],
  ['Node: HTTP, streams, buffers, URL, other built-ins', () => true],
];
/** @type {Map<string, number>} */
const parts = new Map(PARTS.map(([k]) => [k, 0]));
for (const [nodeId, t] of time) {
  /** @type {Where[]} */
  const stack = [];
  for (let x = /** @type {number | undefined} */ (nodeId); x !== undefined; x = parent.get(x)) stack.push(/** @type {Where} every node has one */ (where.get(x)));
  const [k] = /** @type {Part} the last rule takes every stack */ (PARTS.find(([, rule]) => rule(stack)));
  parts.set(k, /** @type {number} every part starts at 0 */ (parts.get(k)) + t);
}
console.log(`\nmain thread, self time (${(total / 1e6).toFixed(1)} s sampled)`);
for (const [k, v] of [...parts].sort((a, b) => b[1] - a[1])) console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
console.log(`\nby file or function: node scripts/cpu-profile-top.mjs ${out}`);

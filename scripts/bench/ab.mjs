#!/usr/bin/env node
// @ts-check
// Interleaved A/B of the verify page's server CPU per request (docs/benchmarks.md, "Method"):
// one server per build folder, each on a data folder of its own seeded the same way, loaded in
// turn (the bench's 32 connections, a new shopper per request) for
// ROUNDS rounds of SECONDS each, the order reversed every round so the shared machine's drifts
// fall on all. Reports each server's CPU time per request (all its threads, /proc), req/s and p99.
//   node_modules/.bin/node scripts/bench/ab.mjs ROUNDS SECONDS DIST[:ENV=1][@/path] [ROOT|DIST[:ENV=1][@/path]] …
// DIST is a build folder of this tree (NEXT_DIST_DIR=DIST npx next build); ROOT|DIST one of
// another copy of the tree (the code before a change). The build folders are taken as built from
// their tree's current sources (their source-fingerprint is rewritten, so start.mjs does not
// rebuild them). FLOOR=1 adds the framework's floor (scripts/bench-floor); PUBLIC=1 sends public
// addresses (the address place is looked up, as in the bench's risk rows). Ports BENCH_PORT + 10 and up
// (the floor's BENCH_PORT + 19, or FLOOR_PORT).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
/** @typedef {typeof import('../lib.mjs')} LibModule scripts/lib.mjs, of this tree or of another copy of it */
const { sourceFingerprint } = /** @type {LibModule} */ (await import(path.join(root, 'scripts/lib.mjs')));
const { MALLOC_ENV } = /** @type {typeof import('../runtime.mjs')} */ (await import(path.join(root, 'scripts/runtime.mjs'))); // as npm start runs the server
const [rounds, secs, ...dists] = process.argv.slice(2);
const CLK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/** @param {number | undefined} rootPid */
function treeCpuMs(rootPid) {
  /** @type {Map<number, { ppid: number; ticks: number }>} */
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try { const t = readFileSync(`/proc/${name}/stat`, 'utf8'); const f = t.slice(t.lastIndexOf(')') + 2).split(' '); stats.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) }); } catch {}
  }
  /** @param {number} pid */
  const inTree = (pid) => { for (let p = pid, h = 0; p > 1 && h < 64; p = stats.get(p)?.ppid ?? 0, h++) if (p === rootPid) return true; return false; };
  let ticks = 0; for (const [pid, st] of stats) if (inTree(pid)) ticks += st.ticks;
  return ticks * 1000 / CLK;
}
/**
 * @param {string} url
 * @param {import('node:http').OutgoingHttpHeaders} [headers]
 * @returns {Promise<{ status: number | undefined; body: Buffer }>}
 */
const get = (url, headers = {}) => new Promise((res, rej) => { const r = http.get(url, { headers }, (x) => { const c = /** @type {Buffer[]} */ ([]); x.on('data', (d) => c.push(d)); x.on('end', () => res({ status: x.statusCode, body: Buffer.concat(c) })); }); r.on('error', rej); });
const PUB = ['49.36', '182.64', '117.200', '223.176', '49.204', '223.191', '27.60'];
const addr = process.env.PUBLIC ? () => `${PUB[(Math.random() * PUB.length) | 0]}.${(Math.random() * 256) | 0}.${1 + ((Math.random() * 254) | 0)}` : () => `10.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}.${1 + ((Math.random() * 254) | 0)}`;
/**
 * @param {string} url
 * @param {number} ms
 */
async function load(url, ms) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 }); const lat = /** @type {number[]} */ ([]); let errors = 0; const end = performance.now() + ms;
  const one = () => /** @type {Promise<void>} */ (new Promise((resolve) => { const t = performance.now(); const req = http.get(url, { agent, headers: { 'x-forwarded-for': addr() } }, (res) => { res.resume(); res.on('end', () => { if (res.statusCode !== 200) errors++; lat.push(performance.now() - t); resolve(); }); }); req.on('error', () => (errors++, resolve())); }));
  const t0 = performance.now(); await Promise.all(Array.from({ length: 32 }, async () => { while (performance.now() < end) await one(); }));
  const s = (performance.now() - t0) / 1000; agent.destroy(); lat.sort((a, b) => a - b);
  return { rps: lat.length / s, p99: lat[Math.floor(0.99 * lat.length)], n: lat.length, errors };
}
const fp = sourceFingerprint();
/** @typedef {{ rps: number; cpu: number; p99: number; errors: number }} Round one round's figures of a server (cpu: ms a request) */
/** @type {{ d: string; child: import('node:child_process').ChildProcess; dataDir: string; url: string; cpu: number; n: number; runs: Round[] }[]} */
const servers = [];
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3917) + 10;
let port = BASE_PORT;
for (const spec of dists) {
  const [served, page] = spec.split('@'); // DIST…@/path: load that page ({qrId}: the demo code) instead of the verify page
  const [where, envPair] = served.split(':');
  const [srvRoot, d] = where.includes('|') ? where.split('|') : [root, where];
  const [envName, ...envValue] = envPair ? envPair.split('=') : [];
  const extra = envName ? { [envName]: envValue.join('=') } : {}; // the value may hold '=' (NODE_OPTIONS=--flag=value)
  writeFileSync(path.join(srvRoot, d, 'source-fingerprint'), srvRoot === root ? fp : /** @type {LibModule} */ (await import(path.join(srvRoot, 'scripts/lib.mjs'))).sourceFingerprint()); // same sources as far as start.mjs is concerned
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'verify-ab-'));
  const p = port++;
  const child = spawn(path.join(srvRoot, 'node_modules/.bin/node'), [path.join(srvRoot, 'scripts/start.mjs')], { cwd: srvRoot, env: { ...MALLOC_ENV, ...process.env, NEXT_DIST_DIR: d, PORT: String(p), DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: '', WEB_CONCURRENCY: '', TRUST_PROXY: '1', SCAN_RATE_LIMIT_PER_MINUTE: '', ...extra }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) { if (child.exitCode !== null) throw new Error('exited ' + d); if (await get(`http://localhost:${p}/login`).then((r) => r.status === 200, () => false)) break; await new Promise((r) => setTimeout(r, 100)); }
  /** @type {{ codes?: { level: number; state: string; qrId: string }[]; genuine?: { overt?: string }; genuineOvert?: string } | undefined} DATA_DIR/demo-codes.json, in the shapes the demo seed has written it */
  const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-codes.json'), 'utf8'));
  const qrId = demo?.codes?.find((c) => c.level === 6 && c.state === 'unclaimed')?.qrId ?? demo?.genuine?.overt ?? demo?.genuineOvert;
  const target = page ?? '/info/verify/{qrId}';
  if (target.includes('{qrId}') && !qrId) throw new Error(`${spec}: no unclaimed demo code in ${path.join(dataDir, 'demo-codes.json')} for {qrId}`);
  servers.push({ d: spec, child, dataDir, url: `http://localhost:${p}${target.replace('{qrId}', qrId ?? '')}`, cpu: 0, n: 0, runs: [] });
}
if (process.env.FLOOR) {
  const p = Number(process.env.FLOOR_PORT || BASE_PORT + 9);
  const child = spawn(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'scripts/bench-floor/server.mjs')], { cwd: root, env: { ...MALLOC_ENV, ...process.env, NEXT_DIST_DIR: '', PORT: String(p) }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) { if (await get(`http://localhost:${p}/`).then((r) => r.status === 200, () => false)) break; await new Promise((r) => setTimeout(r, 100)); }
  servers.push({ d: 'floor', child, dataDir: mkdtempSync(path.join(os.tmpdir(), 'verify-ab-')), url: `http://localhost:${p}/`, cpu: 0, n: 0, runs: [] });
}
try {
  for (const s of servers) await load(s.url, 3000);
  for (let r = 0; r < Number(rounds); r++) {
    const order = r % 2 ? [...servers].reverse() : servers;
    for (const s of order) { const b = treeCpuMs(s.child.pid); const x = await load(s.url, Number(secs) * 1000); const c = treeCpuMs(s.child.pid) - b; s.cpu += c; s.n += x.n; s.runs.push({ rps: x.rps, cpu: c / x.n, p99: x.p99, errors: x.errors }); }
  }
  for (const s of servers) console.log(`${s.d}: cpu/req ${(s.cpu / s.n).toFixed(2)} ms, pooled ${(s.n / s.runs.length / Number(secs)).toFixed(0)} req/s, p99s ${s.runs.map((r) => r.p99.toFixed(0)).join(',')}; rounds ${s.runs.map((r) => `${r.cpu.toFixed(2)}ms/${r.rps.toFixed(0)}rps${r.errors ? '/E' + r.errors : ''}`).join(' ')}`);
  console.log('load', os.loadavg()[0].toFixed(2));
} finally {
  for (const s of servers) { s.child.kill('SIGTERM'); await /** @type {Promise<void>} */ (new Promise((r) => s.child.exitCode !== null ? r() : s.child.once('exit', r))); rmSync(s.dataDir, { recursive: true, force: true }); }
}

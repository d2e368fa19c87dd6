#!/usr/bin/env node
// @ts-check
// npm run bench [-- --write] [-- --postgres] [-- --only upload]: speed and size of a production
// build with the embedded database. Measures: gzipped first-load JavaScript of pages, time from
// start (already built) to the first 200, idle memory of the server, requests per second with
// p50/p99 latency at 32 concurrent connections on loopback, a 20 MB upload (scripts/bench/upload.mjs),
// and Lighthouse on the verify page (scripts/lighthouse.mjs).
// --postgres also measures 1 and 2 server processes (WEB_CONCURRENCY) and the hot code (scripts/bench/hot-code.mjs) on the PostgreSQL database
// at BENCH_DATABASE_URL, which it empties first (its name must contain "bench").
// --only upload runs only the upload measurement; --only risk only the verify page with and without
// the risk assessment (riskRows below); --only postgres only the 1 and 2 processes on PostgreSQL; --only hot-code
// scans of one unit against many, straight into PostgreSQL (scripts/bench/hot-code.mjs); --only console the console's reads on a brand at scale
// (scripts/bench/console.mjs), recorded under *Console*. --write records the figures in docs/benchmarks.md.
import { MALLOC_ENV } from './runtime.mjs'; // first: re-runs this command under Node 24+ when the system Node is older
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { root } from './lib.mjs';
import { ensureBuild } from './ensure-build.mjs';
import { benchUpload, benchUploadOnly } from './bench/upload.mjs';
import { benchConsole } from './bench/console.mjs';
import { benchHotCode } from './bench/hot-code.mjs';
import { CHROMIUM, lighthouseBudgets, lighthouseMedian, lighthouseVerdict } from './lighthouse.mjs';

const WRITE = process.argv.includes('--write');
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const POSTGRES = process.argv.includes('--postgres');
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
const CONNECTIONS = 32;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const base = `http://localhost:${PORT}`;
const budgets = { firstLoadKb: 144, readyMs: 5000, idleMb: 400 };
const IDLE_MS = 30_000;

/** @typedef {import('./bench/bench.d.mts').Row} Row */
/** @typedef {import('node:child_process').ChildProcess} ChildProcess */
/** @typedef {{ status: number | undefined; headers: import('node:http').IncomingHttpHeaders; body: Buffer }} Answer */
/**
 * @typedef {{ rps: number; p50: number; p99: number; errors: number; requests: number; secs: number; lat?: number[] }} LoadResult
 * one load's figures (`lat`, its sorted latencies, when asked to keep them)
 */

function ensureBuilt() {
  try {
    ensureBuild(path.join(root, '.next')); // when the sources changed (scripts/ensure-build.mjs)
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}

/**
 * @param {string} url
 * @param {import('node:http').OutgoingHttpHeaders} [headers]
 * @returns {Promise<Answer>}
 */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

/** @type {import('./bench/bench.d.mts').BenchServer['startServer']} */
async function startServer(dataDir, extraEnv = {}) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    // Shoppers scan from many phones: each request names its own address in X-Forwarded-For
    // (trusted here, as behind a proxy), so the scan rate limit stays at its default and counts
    // them as it would in a shop, rather than as one address's flood.
    env: { ...MALLOC_ENV, ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: '', WEB_CONCURRENCY: '', TRUST_PROXY: '1', SCAN_RATE_LIMIT_PER_MINUTE: '', ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      const r = await get(`${base}/login`);
      if (r.status === 200) return { child, readyMs: performance.now() - t0 };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Started on another port (the A/B comparison runs two servers side by side).
 * @param {number} port
 * @param {string} dataDir
 * @param {Record<string, string>} [extraEnv]
 * @returns {Promise<ChildProcess>}
 */
async function startServerOn(port, dataDir, extraEnv = {}) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...MALLOC_ENV, ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: '', WEB_CONCURRENCY: '', TRUST_PROXY: '1', SCAN_RATE_LIMIT_PER_MINUTE: '', ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on port ${port} exited during start`);
    const up = await get(`http://localhost:${port}/login`).then((r) => r.status === 200, () => false);
    if (up) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** @type {import('./bench/bench.d.mts').BenchServer['stop']} */
const stop = (child) => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM'))));

/** @param {number | undefined} pid */
function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * Gzipped size of the JavaScript a page loads on first visit (its script tags, and the scripts held until its first paint).
 * @param {string} pathname
 */
async function firstLoadKb(pathname) {
  const page = await get(base + pathname);
  if (page.status !== 200) throw new Error(`${pathname} answered ${page.status}`);
  const html = page.body.toString('utf8');
  // Scripts marked noModule (Next's legacy polyfills) are skipped by every modern browser.
  const tags = [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]).filter((t) => !/\bnomodule\b/i.test(t));
  const srcs = [...new Set(tags.map((t) => /\bsrc="([^"]+\.js[^"]*)"/.exec(t)?.[1] ?? '').filter(Boolean))];
  // The scripts the production server holds until the first paint (scripts/paint-first.mjs).
  for (const m of html.matchAll(/<link rel="x-held-script" href="([^"]+)"/g)) if (!srcs.includes(m[1])) srcs.push(m[1]);
  if (srcs.length === 0) throw new Error(`${pathname}: no script found in its HTML (has the page's markup changed?)`);
  let total = 0;
  for (const src of srcs) total += gzipSync((await get(new URL(src, base).href)).body).length;
  return { kb: total / 1024, scripts: srcs.length };
}

/** A client address from 10.0.0.0/8: one per request, as many phones would be. */
const anAddress = () => `10.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}`;

/**
 * A public client address in blocks the shipped DB-IP table places in Indian cities (the
 * simulation's gateways' /16s), one per request: each scan then has an address place to look up.
 */
const PUBLIC_BLOCKS = ['49.36', '182.64', '117.200', '223.176', '49.204', '223.191', '27.60'];
const aPublicAddress = () => `${PUBLIC_BLOCKS[(Math.random() * PUBLIC_BLOCKS.length) | 0]}.${(Math.random() * 256) | 0}.${1 + ((Math.random() * 254) | 0)}`;

/**
 * Closed-loop load: CONNECTIONS keep-alive clients for DURATION_MS (or `ms`).
 * @param {string} pathname
 * @param {Record<string, string>} [headers]
 * @param {string} [origin]
 * @param {{ ms?: number; address?: () => string; keepLatencies?: boolean }} [options]
 * @returns {Promise<LoadResult>}
 */
async function load(pathname, headers = {}, origin = base, { ms = DURATION_MS, address = anAddress, keepLatencies = false } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  /** @type {number[]} */
  const lat = [];
  let errors = 0;
  const end = performance.now() + ms;
  const one = () =>
    /** @type {Promise<void>} */ (new Promise((resolve) => {
      const t = performance.now();
      const req = http.get(origin + pathname, { agent, headers: { 'x-forwarded-for': address(), ...headers } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors++;
          lat.push(performance.now() - t);
          resolve();
        });
      });
      req.on('error', () => (errors++, resolve()));
    }));
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < end) await one();
  }));
  const secs = (performance.now() - t0) / 1000;
  agent.destroy();
  lat.sort((a, b) => a - b);
  /** @param {number} p */
  const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? NaN;
  return { rps: lat.length / secs, p50: q(0.5), p99: q(0.99), errors, requests: lat.length, secs, ...(keepLatencies ? { lat } : {}) };
}

/**
 * Several loads of one target as one: requests over their summed time, percentiles of all latencies.
 * @param {LoadResult[]} runs loads that kept their latencies
 */
function pooled(runs) {
  const lat = runs.flatMap((r) => r.lat ?? []).sort((a, b) => a - b);
  const secs = runs.reduce((n, r) => n + r.secs, 0);
  /** @param {number} p */
  const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? NaN;
  return { rps: lat.length / secs, p50: q(0.5), p99: q(0.99), errors: runs.reduce((n, r) => n + r.errors, 0), requests: lat.length, each: runs.map((r) => r.rps) };
}

/** Clock ticks per second of /proc's CPU times. */
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/**
 * CPU time (user + system, ms) used so far by a process and all its descendants (the launcher
 * re-runs the server under Node 24; the embedded database runs in a thread of the server). Read
 * from /proc; a process that ends meanwhile is skipped.
 * @param {number | undefined} rootPid
 */
function treeCpuMs(rootPid) {
  /** @type {Map<number, { ppid: number; ticks: number }>} */
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      /* ended */
    }
  }
  /** @param {number} pid */
  const inTree = (pid) => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = stats.get(p)?.ppid ?? 0, hops++) if (p === rootPid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, st] of stats) if (inTree(pid)) ticks += st.ticks;
  return (ticks * 1000) / CLK_TCK;
}

const RISK_ROUNDS = Number(process.env.BENCH_RISK_ROUNDS ?? 10);
const RISK_ROUND_MS = Number(process.env.BENCH_RISK_SECONDS ?? 4) * 1000;

/**
 * The risk assessment's cost (issue 11: the verify page within 10% of its throughput without it).
 * Two servers of the same build run side by side, each on a data folder of its own seeded the
 * same way: one as served, one with BENCH_SKIP_RISK=1 (scans served as before the assessment: no
 * sessions read, no rules, no address place, no session kept). Their loads are interleaved
 * (with, without, without, with, …) in RISK_ROUNDS rounds of RISK_ROUND_MS each (10 of 4 s),
 * so the shared machine's drifts fall on both; only one is loaded at a time. Reported: each
 * side's pooled throughput and latencies, and the median of the rounds' own ratios (each round
 * loads both back to back), the figure least moved by a burst of other work. Every request is a new shopper (the
 * middleware gives it a device id) from a public address the shipped table places, so each scan
 * of the assessed server reads the unit's recent sessions, looks its address up, runs the rules
 * and keeps one more session of a unit that grows by one per request.
 */
/** @returns {Promise<Row[]>} */
async function riskRows() {
  const dirs = [mkdtempSync(path.join(os.tmpdir(), 'bench-risk-')), mkdtempSync(path.join(os.tmpdir(), 'bench-norisk-'))];
  const ports = [PORT + 2, PORT + 3];
  /** @type {ChildProcess[]} */
  const children = [];
  try {
    children.push(await startServerOn(ports[0], dirs[0]));
    children.push(await startServerOn(ports[1], dirs[1], { BENCH_SKIP_RISK: '1' }));
    const targets = dirs.map((d, i) => ({ origin: `http://localhost:${ports[i]}`, path: `/info/verify/${demoQrId(d)}` }));
    const opts = { address: aPublicAddress, keepLatencies: true, ms: RISK_ROUND_MS };
    // The assessed answer carries the risk panel; the other must not (else the switch did nothing).
    const [withPage, withoutPage] = await Promise.all(targets.map((t) => get(t.origin + t.path, { 'x-forwarded-for': aPublicAddress() })));
    // By the panel's markup, not its words: every page's data carries its language's whole catalogue.
    if (!/data-testid="risk"/.test(withPage.body.toString('utf8'))) throw new Error('the assessed verify page shows no risk');
    if (/data-testid="risk"/.test(withoutPage.body.toString('utf8'))) throw new Error('BENCH_SKIP_RISK did not turn the risk off');
    for (const t of targets) await load(t.path, {}, t.origin, { ...opts, ms: 3000 }); // warm-up
    /** @type {LoadResult[][]} */
    const runs = [[], []];
    // The servers' own CPU time per request: what the shared machine's other work moves least.
    const cpu = [0, 0];
    for (let r = 0; r < RISK_ROUNDS; r++) {
      for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) {
        const before = treeCpuMs(children[i].pid);
        runs[i].push(await load(targets[i].path, {}, targets[i].origin, opts));
        cpu[i] += treeCpuMs(children[i].pid) - before;
      }
    }
    const [withRisk, without] = runs.map(pooled);
    const [cpuWith, cpuWithout] = [cpu[0] / withRisk.requests, cpu[1] / without.requests];
    const ratio = withRisk.rps / without.rps;
    const paired = runs[0].map((r, k) => r.rps / runs[1][k].rps).sort((a, b) => a - b);
    const median = paired.length % 2 ? paired[(paired.length - 1) / 2] : (paired[paired.length / 2 - 1] + paired[paired.length / 2]) / 2;
    /** @param {{ each: number[] }} r */
    const each = (r) => r.each.map((x) => fmt(x, 0)).join(', ');
    const label = `verify page \`/info/verify/{qrId}\`, ${CONNECTIONS} connections, ${RISK_ROUNDS} interleaved rounds of ${RISK_ROUND_MS / 1000} s`;
    return [
      [`${label}: with the risk assessment`, `${fmt(withRisk.rps, 0)} req/s (rounds ${each(withRisk)}); p50 ${fmt(withRisk.p50)} ms, p99 ${fmt(withRisk.p99)} ms; ${withRisk.errors} errors / ${withRisk.requests}; server CPU ${fmt(cpuWith, 2)} ms a request`, '', ''],
      [`${label}: without it (BENCH_SKIP_RISK=1)`, `${fmt(without.rps, 0)} req/s (rounds ${each(without)}); p50 ${fmt(without.p50)} ms, p99 ${fmt(without.p99)} ms; ${without.errors} errors / ${without.requests}; server CPU ${fmt(cpuWithout, 2)} ms a request`, '', ''],
      // Issue 27: the assessment adds at most 1 ms of server CPU to a verify page.
      [`server CPU the risk assessment adds to a verify page`, `${fmt(cpuWith - cpuWithout, 2)} ms a request (${fmt(cpuWith, 2)} ms against ${fmt(cpuWithout, 2)} ms)`, '≤ 1 ms', cpuWith - cpuWithout <= 1 ? 'ok' : 'OVER'],
      [`server CPU time a request, with the risk assessment against without it`, `${fmt((100 * cpuWith) / cpuWithout, 1)}% (${fmt(cpuWith, 2)} ms against ${fmt(cpuWithout, 2)} ms): the throughput of a busy server goes as its inverse, ${fmt((100 * cpuWithout) / cpuWith, 1)}%`, '≥ 90% (inverse)', cpuWithout / cpuWith >= 0.9 ? 'ok' : 'UNDER'],
      [
        `verify page with the risk assessment against without it`,
        `${fmt(100 * ratio, 1)}% of its throughput pooled, median of the rounds' ratios ${fmt(100 * median, 1)}% (from ${fmt(100 * paired[0], 0)}% to ${fmt(100 * paired[paired.length - 1], 0)}%); p99 ${fmt(withRisk.p99)} ms against ${fmt(without.p99)} ms`,
        '≥ 90%',
        ratio >= 0.9 && median >= 0.9 ? 'ok' : 'UNDER',
      ],
    ];
  } finally {
    for (const c of children) await stop(c);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

/**
 * @param {number} n
 * @param {number} [d] decimals
 */
const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');

/**
 * @typedef {{ codes?: { level: number; state: string; qrId: string }[]; genuine?: { overt?: string }; genuineOvert?: string }} DemoCodes
 * DATA_DIR/demo-codes.json, in the shapes the demo seed has written it
 */

/**
 * The demo seed's unclaimed overt code (lib/operator/demo-catalog.ts writes DATA_DIR/demo-codes.json).
 * @param {string} dataDir
 * @returns {string | undefined}
 */
function demoQrId(dataDir) {
  const file = path.join(dataDir, 'demo-codes.json');
  /** @type {DemoCodes | undefined} */
  const demo = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  return demo?.codes?.find((c) => c.level === 6 && c.state === 'unclaimed')?.qrId ?? demo?.genuine?.overt ?? demo?.genuineOvert ?? undefined;
}

/**
 * @param {string} label
 * @param {string} p the path loaded
 * @param {string | undefined} qrId
 * @param {{ rps: number; p50: number; p99: number; errors: number; requests: number }} r
 * @param {string} [extra]
 * @param {number} [cpuMs]
 * @returns {Row}
 */
const loadRow = (label, p, qrId, r, extra = '', cpuMs = undefined) => [
  `${label} \`${p.replace(qrId ?? '#', '{qrId}')}\`, ${CONNECTIONS} connections`,
  `${fmt(r.rps, 0)} req/s${extra}; p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms; ${r.errors} errors / ${r.requests}${cpuMs === undefined ? '' : `; server CPU ${fmt(cpuMs, 2)} ms a request`}`,
  '',
  '',
];

/**
 * The framework's floor: an empty dynamic Next page with a bare root layout and no middleware
 * (scripts/bench-floor), served the same way on the next port, under the same load.
 */
async function floorLoad() {
  const port = PORT + 1;
  const child = spawn(process.execPath, [path.join(root, 'scripts/bench-floor/server.mjs')], {
    cwd: root,
    env: { ...MALLOC_ENV, ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('the floor server exited during start');
      const up = await get(`http://localhost:${port}/`).then((r) => r.status === 200, () => false);
      if (up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await load('/', {}, `http://localhost:${port}`); // warm-up
    const before = treeCpuMs(child.pid);
    const r = await load('/', {}, `http://localhost:${port}`);
    return { ...r, cpuMs: (treeCpuMs(child.pid) - before) / r.requests };
  } finally {
    await stop(child);
  }
}

/**
 * Unscanned unit codes for Lighthouse: a batch of fresh codes made through the running server's
 * operator channel (the command line, `generate-codes`), so each Lighthouse run opens a code's
 * first scan, as a shopper's first look is, not the load test's code scanned thousands of times
 * (a new visitor then, but on a code with a scan history).
 * @param {string} dataDir the running server's data folder
 * @param {number} count
 * @returns {string[]} the verify pages' addresses (fewer when the command fails: then the caller reuses)
 */
function freshVerifyUrls(dataDir, count) {
  const brand = (/** @type {string[]} */ ...args) =>
    spawnSync(process.execPath, ['--conditions=react-server', '--no-warnings', path.join(root, 'scripts/brand.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' },
      encoding: 'utf8',
    });
  const source = 'DEMO-SERUM-01'; // the demo seed's batch (lib/operator/demo-catalog.ts)
  const g = brand('generate-codes', '--slug', 'demo', '--batch', source, '--count', String(count));
  if (g.status !== 0) return [];
  const listed = brand('list-codes', '--slug', 'demo', '--batch', source, '--limit', '500');
  const seen = new Set(); // demo-codes.json's codes are the seed's; a new code is not among them
  const demoFile = path.join(dataDir, 'demo-codes.json');
  if (existsSync(demoFile)) for (const c of /** @type {DemoCodes} */ (JSON.parse(readFileSync(demoFile, 'utf8'))).codes ?? []) seen.add(c.qrId);
  return listed.stdout
    .split('\n')
    .filter((l) => /\blevel=6\b/.test(l) && /\bstate=unclaimed\b/.test(l))
    .map((l) => /qrId=(\S+)/.exec(l)?.[1])
    .filter((q) => q !== undefined && !seen.has(q))
    .slice(0, count)
    .map((q) => `${base}/info/verify/${q}`);
}

/**
 * Lighthouse rows for the verify page: the median of 3 runs against its budgets, each run on a
 * code's first scan (a fresh code per run) when fresh codes could be made.
 * @param {string} qrId the load test's code (scanned thousands of times): used when no fresh code could be made
 * @param {string} dataDir the running server's data folder
 * @returns {Promise<Row[]>}
 */
async function lighthouseRows(qrId, dataDir) {
  const b = lighthouseBudgets;
  if (!existsSync(CHROMIUM)) return [[`Lighthouse, verify page`, `not measured: no Chromium at ${CHROMIUM}`, '', '']];
  const fresh = freshVerifyUrls(dataDir, 9);
  const scanned = `${base}/info/verify/${qrId}`;
  const urls = (/** @type {number} */ from) => (fresh.length >= from + 3 ? fresh.slice(from, from + 3) : [scanned]);
  if (fresh.length < 9) console.error(`[bench] Lighthouse: ${fresh.length} fresh codes made (9 wanted); runs without one open the load test's code`);
  let r;
  try {
    r = await lighthouseMedian(urls(0), 3);
  } catch (err) {
    // A failed trace (Lighthouse's NO_NAVSTART, seen here under load) loses one row, not the run.
    return [[`Lighthouse, verify page`, `not measured: ${firstLine(err)}`, '', 'MISSED']];
  }
  // lighthouseMedian answers undefined without Chromium (checked above; gone meanwhile, the same row).
  if (!r) return [[`Lighthouse, verify page`, `not measured: no Chromium at ${CHROMIUM}`, '', '']];
  const ok = lighthouseVerdict(r);
  /** @param {boolean} v */
  const mark = (v) => (v ? 'ok' : 'MISSED');
  const first = fresh.length >= 9 ? ', each run a fresh code\'s first scan' : '';
  const label = `Lighthouse, verify page (mobile, simulated slow 4G, 4× CPU slowdown; median of 3${first})`;
  const rows = [
    [`${label}: performance`, `${r.score} (runs ${r.runs.map((x) => x.score).join(', ')})`, `≥ ${b.score}`, mark(ok.score)],
    [`${label}: largest contentful paint`, `${fmt(r.lcpMs / 1000, 2)} s (runs ${r.runs.map((x) => fmt(x.lcpMs / 1000, 2)).join(', ')})`, `≤ ${b.lcpMs / 1000} s`, mark(ok.lcpMs)],
    [`${label}: cumulative layout shift`, fmt(r.cls, 3), `≤ ${b.cls}`, mark(ok.cls)],
    [`${label}: total blocking time`, `${fmt(r.tbtMs, 0)} ms`, `≤ ${b.tbtMs} ms`, mark(ok.tbtMs)],
  ];
  // The same page in Hindi (a phone set to Hindi: its text and its script's font), against the same budgets.
  try {
    const h = await lighthouseMedian(urls(3), 3, 'simulate', 'hi-IN,hi');
    if (!h) throw new Error(`no Chromium at ${CHROMIUM}`); // lighthouseMedian's undefined
    const hindi = `Lighthouse, verify page in Hindi (mobile, simulated slow 4G, 4× CPU slowdown; median of 3${first})`;
    const okH = lighthouseVerdict(h);
    rows.push([`${hindi}: performance`, `${h.score} (runs ${h.runs.map((x) => x.score).join(', ')})`, `≥ ${b.score}`, mark(okH.score)]);
    rows.push([`${hindi}: largest contentful paint`, `${fmt(h.lcpMs / 1000, 2)} s`, `≤ ${b.lcpMs / 1000} s`, mark(okH.lcpMs)]);
    rows.push([`${hindi}: cumulative layout shift`, fmt(h.cls, 3), `≤ ${b.cls}`, mark(okH.cls)]);
    rows.push([`${hindi}: total blocking time`, `${fmt(h.tbtMs, 0)} ms`, `≤ ${b.tbtMs} ms`, mark(okH.tbtMs)]);
  } catch (err) {
    rows.push([`Lighthouse, verify page in Hindi`, `not measured: ${firstLine(err)}`, '', 'MISSED']);
  }
  // The same page with the network and CPU really slowed while it loads (no estimate): what a
  // phone on slow 4G sees, for reading the simulated figures beside (docs/benchmarks.md).
  try {
    const a = await lighthouseMedian(urls(6), 3, 'devtools');
    if (!a) throw new Error(`no Chromium at ${CHROMIUM}`); // lighthouseMedian's undefined
    const applied = `Lighthouse, verify page (mobile, applied slow 4G and 4× CPU slowdown; median of 3${first})`;
    rows.push([`${applied}: first / largest contentful paint`, `${fmt(a.fcpMs / 1000, 2)} s / ${fmt(a.lcpMs / 1000, 2)} s`, '', '']);
    rows.push([`${applied}: total blocking time`, `${fmt(a.tbtMs, 0)} ms`, '', '']);
  } catch (err) {
    rows.push([`Lighthouse, verify page, applied throttling`, `not measured: ${firstLine(err)}`, '', '']);
  }
  return rows;
}

/**
 * The first line of a thrown error's message (what a table row can hold).
 * @param {unknown} err
 */
function firstLine(err) {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0];
}

/** @type {string | undefined} the PostgreSQL server's version, once resetBenchDatabase has reached it */
let pgServerVersion;

/** The `pg` package, loaded as the app's server loads it (CommonJS). */
const loadPg = () => /** @type {typeof import('pg')} */ (createRequire(import.meta.url)('pg'));

/**
 * Empties the bench database (it must be one: its name says so), so each server seeds it anew.
 * @returns {Promise<void>}
 */
async function resetBenchDatabase() {
  const name = new URL(BENCH_DATABASE_URL).pathname.slice(1);
  if (!/bench/i.test(name)) throw new Error(`BENCH_DATABASE_URL must name a database for the bench (its name containing "bench"): it is emptied. Got "${name}".`);
  const { Client } = loadPg();
  const client = new Client({ connectionString: BENCH_DATABASE_URL });
  try {
    await client.connect();
  } catch (e) {
    if (!(e instanceof Error) || /** @type {{ code?: string }} */ (e).code !== '3D000') throw e; // pg's errors carry the server's SQLSTATE
    // The database does not exist yet (a fresh machine): create it from the server's maintenance database.
    const admin = new URL(BENCH_DATABASE_URL);
    admin.pathname = '/postgres';
    const maint = new Client({ connectionString: admin.toString() });
    await maint.connect();
    try {
      await maint.query(`create database "${name.replace(/"/g, '""')}"`);
    } finally {
      await maint.end();
    }
    return resetBenchDatabase();
  }
  try {
    await client.query('drop schema if exists public cascade; create schema public;');
    pgServerVersion = (await client.query("select current_setting('server_version') as v")).rows[0].v;
  } finally {
    await client.end();
  }
}

/** 1 and 2 server processes on PostgreSQL, one after the other on the same data. */
async function postgresRows() {
  /** @type {Row[]} */
  const rows = [];
  for (const processes of [1, 2]) {
    await resetBenchDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
    try {
      // On PostgreSQL the demo brand is off unless asked for (lib/edge/env.ts): the bench asks.
      const { child } = await startServer(dataDir, { DATABASE_URL: BENCH_DATABASE_URL, WEB_CONCURRENCY: String(processes), DEMO_BRAND: 'on' });
      try {
        const qrId = demoQrId(dataDir);
        if (!qrId) throw new Error('the PostgreSQL server seeded no demo code (DATA_DIR/demo-codes.json): nothing to measure');
        await load('/api/client/clone-info'); // warm-up
        const label = `PostgreSQL, ${processes} process${processes > 1 ? 'es' : ''}:`;
        for (const [p, what] of [['/api/client/clone-info', 'clone-info API'], [`/info/verify/${qrId}`, 'verify page'], [`/api/verify/info/${qrId}`, 'verify API (info)']]) {
          rows.push(loadRow(`${label} ${what}`, p, qrId, await load(p)));
        }
      } finally {
        await stop(child);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}

/**
 * Rewrites the part of docs/benchmarks.md between the markers `<!-- NAME:start -->` … `<!-- NAME:end -->`.
 * @param {string} name
 * @param {string} text
 */
function writeSection(name, text) {
  const file = path.join(root, 'docs/benchmarks.md');
  const [start, end] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  const current = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n${start}\n${end}\n`;
  const a = current.indexOf(start);
  const b = current.indexOf(end);
  if (a < 0 || b < a) throw new Error(`docs/benchmarks.md lacks the ${start} … ${end} markers`);
  writeFileSync(file, `${current.slice(0, a + start.length)}\n${text}${current.slice(b)}`);
  console.log(`written to ${path.relative(root, file)} (${name})`);
}

/** npm run bench -- --only console [--write] */
async function consoleOnly() {
  const rows = await benchConsole({ ensureBuilt, startServer, stop, base });
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}`;
  const table = ['| measure | result | target | |', '|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  const report = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine} (load average ${os.loadavg()[0].toFixed(1)} at the end), the embedded database, one request at a time.\n\n${table}\n`;
  console.log('\n' + report);
  if (WRITE) writeSection('bench-console', report);
}

async function main() {
  // A mistyped part is refused before anything is built or started.
  if (ONLY && !['upload', 'risk', 'postgres', 'hot-code', 'console'].includes(ONLY)) throw new Error(`--only: "upload", "risk", "postgres", "hot-code" or "console", not "${ONLY}"`);
  if (ONLY === 'upload') return benchUploadOnly({ ensureBuilt, startServer, stop, base });
  if (ONLY === 'console') return consoleOnly();
  ensureBuilt();
  if (ONLY === 'risk') return riskOnly();
  if (ONLY === 'postgres') return postgresOnly();
  if (ONLY === 'hot-code') return hotCodeOnly();
  // Reach the PostgreSQL database before minutes of measuring, not after.
  if (POSTGRES) await resetBenchDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  /** @type {Row[]} */
  const rows = [];
  try {
    // First start on an empty data folder (migrations + seed), then a restart that reuses it.
    const first = await startServer(dataDir);
    const freshMs = first.readyMs;
    await stop(first.child);
    const { child, readyMs } = await startServer(dataDir);
    try {
      const qrId = demoQrId(dataDir);

      // Every customer page a visitor reaches without signing in (the signed-in ones share their shell).
      const pages = [['/login', 'sign-in page'], ['/signup', 'sign-up page'], ['/otp-verify', 'one-time-code page'], ['/forget-password', 'password reset page'], ['/terms-of-use', 'anonymous page'], ['/info', 'code look-up page'], ['/verify-by-batchnumber', 'batch look-up page']];
      if (qrId) pages.push([`/info/verify/${qrId}`, 'verify page (anonymous)']);
      for (const [p, label] of pages) {
        const r = await firstLoadKb(p);
        rows.push([`first-load JS, ${label} \`${p.replace(qrId ?? '#', '{qrId}')}\``, `${fmt(r.kb)} kB gzipped (${r.scripts} scripts)`, `≤ ${budgets.firstLoadKb} kB`, r.kb <= budgets.firstLoadKb ? 'ok' : 'OVER']);
      }
      rows.push(['start to first 200 (built, empty data folder: migrate + seed)', `${fmt(freshMs, 0)} ms`, `≤ ${budgets.readyMs} ms`, freshMs <= budgets.readyMs ? 'ok' : 'OVER']);
      rows.push(['start to first 200 (built, existing data)', `${fmt(readyMs, 0)} ms`, `≤ ${budgets.readyMs} ms`, readyMs <= budgets.readyMs ? 'ok' : 'OVER']);

      // Warm up, then read memory once the server has been idle for IDLE_MS: V8 keeps the heap it
      // grew under load for several seconds, then its memory reducer gives it back.
      await load('/api/client/clone-info');
      const busy = rssMb(child.pid);
      await new Promise((r) => setTimeout(r, IDLE_MS));
      const idle = rssMb(child.pid);
      rows.push([`idle memory of the server (RSS, ${IDLE_MS / 1000} s after the warm-up load)`, `${fmt(idle, 0)} MB (${fmt(busy, 0)} MB right after the load)`, `≤ ${budgets.idleMb} MB`, idle <= budgets.idleMb ? 'ok' : 'OVER']);

      const targets = [['/api/client/clone-info', 'clone-info API']];
      targets.push(['/favicon.svg', 'static file (ceiling)']);
      if (qrId) {
        targets.push([`/info/verify/${qrId}`, 'verify page (anonymous, server-rendered)']);
        targets.push([`/api/verify/info/${qrId}`, 'verify API (info)']);
      }
      /** @type {number | undefined} */
      let ceiling;
      /** @type {(LoadResult & { cpuMs: number }) | undefined} */
      let verifyPage;
      for (const [p, label] of targets) {
        // The server's own CPU time (all its threads) per request: on a shared machine it moves
        // less than req/s, which falls with whatever else runs (docs/benchmarks.md).
        const before = treeCpuMs(child.pid);
        const r = await load(p);
        const cpuMs = (treeCpuMs(child.pid) - before) / r.requests;
        if (label.startsWith('static')) ceiling = r.rps;
        if (label.startsWith('verify page')) verifyPage = { ...r, cpuMs };
        const share = ceiling && !label.startsWith('static') ? ` (${fmt((100 * r.rps) / ceiling, 0)}% of static)` : '';
        rows.push(loadRow(label, p, qrId, r, share, cpuMs));
      }
      const floor = await floorLoad();
      rows.push(loadRow('empty dynamic Next page (the framework\'s floor: bare layout, no middleware)', '/', qrId, floor, '', floor.cpuMs));
      if (verifyPage) {
        const share = (100 * verifyPage.rps) / floor.rps;
        rows.push([`verify page against the empty dynamic page`, `${fmt(share, 0)}% of its throughput; p99 ${fmt(verifyPage.p99)} ms against ${fmt(floor.p99)} ms`, '≥ 60%', share >= 60 ? 'ok' : 'UNDER']);
        // The same comparison in the servers' CPU per request: the throughput a busy server can
        // reach goes as its inverse, and the shared machine's other work moves it least.
        const cpuShare = (100 * floor.cpuMs) / verifyPage.cpuMs;
        rows.push([`server CPU time a request, verify page against the empty dynamic page`, `${fmt(verifyPage.cpuMs, 2)} ms against ${fmt(floor.cpuMs, 2)} ms: ${fmt(verifyPage.cpuMs / floor.cpuMs, 1)}× the floor's, so at most ${fmt(cpuShare, 0)}% of its throughput when the server is the limit`, '≥ 60% (inverse)', cpuShare >= 60 ? 'ok' : 'UNDER']);
      }
      if (qrId) rows.push(...(await lighthouseRows(qrId, dataDir)));
      rows.push(...(await benchUpload({ base, dataDir })));
    } finally {
      await stop(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  rows.push(...(await riskRows()));
  const pgRows = POSTGRES ? await postgresRows() : [];
  const hotReport = POSTGRES ? await hotCodeReport() : undefined;

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}`;
  const table = ['| measure | result | budget | |', '|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  const report = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine} (\`uptime\` load ${os.loadavg()[0].toFixed(1)} at the end), load ${DURATION_MS / 1000} s per target, client and server on the same machine.\n\n${table}\n`;
  console.log('\n' + report);
  const pgReport = postgresReport(pgRows);
  if (POSTGRES) console.log('\n' + pgReport);
  if (hotReport) console.log('\n' + hotReport);
  if (WRITE) {
    // Only the parts between the markers are rewritten; the reading of the figures around them stays.
    writeSection('bench', report);
    if (POSTGRES) writeSection('bench-postgres', pgReport);
    if (hotReport) writeSection('bench-hot-code', hotReport);
  }
}

const machineLine = () => `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}`;

/**
 * The PostgreSQL rows as the section between their markers records them.
 * @param {Row[]} pgRows
 */
function postgresReport(pgRows) {
  const pgTable = ['| measure | result |', '|---|---|', ...pgRows.map((r) => `| ${r[0]} | ${r[1]} |`)].join('\n');
  return `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineLine()} (\`uptime\` load ${os.loadavg()[0].toFixed(1)} at the end), load ${DURATION_MS / 1000} s per target, PostgreSQL ${pgServerVersion} on the same machine, a pool of ${process.env.DATABASE_POOL_SIZE || 10} connections per process.\n\n${pgTable}\n`;
}

/** --only postgres: 1 and 2 processes on PostgreSQL alone; --write records them under their markers. */
async function postgresOnly() {
  await resetBenchDatabase();
  const pgReport = postgresReport(await postgresRows());
  console.log('\n' + pgReport);
  if (WRITE) writeSection('bench-postgres', pgReport);
}

/** --only hot-code: scans of one unit against many, straight into PostgreSQL (scripts/bench/hot-code.mjs). */
async function hotCodeOnly() {
  const report = await hotCodeReport();
  console.log('\n' + report);
  if (WRITE) writeSection('bench-hot-code', report);
}

async function hotCodeReport() {
  const rows = await benchHotCode({
    url: BENCH_DATABASE_URL,
    prepare: async () => {
      await resetBenchDatabase();
      // The app's own migrations, triggers and demo brand, then the server is out of the way.
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-hot-'));
      try {
        const { child } = await startServer(dataDir, { DATABASE_URL: BENCH_DATABASE_URL, DEMO_BRAND: 'on' });
        await stop(child);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      const { Client } = loadPg();
      const client = new Client({ connectionString: BENCH_DATABASE_URL });
      await client.connect();
      try {
        const { rows: found } = await client.query(`select client_id from client_domains where domain = 'localhost'`);
        if (!found[0]) throw new Error('the bench database has no demo brand');
        return found[0].client_id;
      } finally {
        await client.end();
      }
    },
  });
  const table = ['| measure | result |', '|---|---|', ...rows.map((r) => `| ${r[0]} | ${r[1]} |`)].join('\n');
  return `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineLine()} (\`uptime\` load ${os.loadavg()[0].toFixed(1)} at the end), PostgreSQL ${pgServerVersion} on the same machine, the client in one Node process.\n\n${table}\n`;
}

/** --only risk: the A/B of the risk assessment alone, printed (the full run records the same rows in its own block). */
async function riskOnly() {
  const rows = await riskRows();
  const table = ['| measure | result | budget | |', '|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  const report = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineLine()} (\`uptime\` load ${os.loadavg()[0].toFixed(1)} at the end), client and both servers on the same machine.\n\n${table}\n`;
  console.log('\n' + report);
  if (WRITE) console.log('(--only risk is not recorded: the full run records these rows with the rest)');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

// @ts-check
// The console part of `npm run bench` (alone: `npm run bench -- --only console [--write]`): one
// brand at scale (scripts/seed-scale.mjs: 100,000 codes, 1,000,000 scans over a year) in a data
// folder kept between runs (BENCH_CONSOLE_DATA_DIR, default $TMPDIR/bench-console-data: seeding
// is done once), a staff member invited on the command line who signs in through the console API
// (password, authenticator code), then one request at a time, as a person clicks: p50 and p95 of
// the overview, the codes search and the complaints inbox on the embedded database; the table
// kit's sorted and filtered lists (codes, red flags, complaints) and its CSV exports, the whole
// codes list once (rows, seconds, the server's memory after).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { root } from '../lib.mjs';

const CONSOLE_HOST = 'console.localhost';
const SLUG = 'scale';
const REQUESTS = Number(process.env.BENCH_CONSOLE_REQUESTS ?? 60);
export const CONSOLE_TARGET_MS = 300;

/** @typedef {import('./bench.d.mts').Row} Row */
/** @typedef {Map<string, string>} CookieJar a cookie's name to its value */
/**
 * @typedef {{ status: number | undefined; body: unknown; text: string; ms: number }} ConsoleAnswer
 * an answer of the console API: its JSON (undefined when it is not JSON), its text and how long it took
 */

/**
 * Runs a script of the project to its end; its output.
 * @param {string[]} args
 * @param {Record<string, string>} env
 */
function node(args, env) {
  const r = spawnSync(process.execPath, ['--conditions=react-server', '--no-warnings', ...args], { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed:\n${r.stderr || r.stdout}`);
  return r.stdout;
}

/**
 * One request to the console host; cookies from `jar`, answers' cookies back into it.
 * @param {string} base
 * @param {CookieJar} jar
 * @param {string} method
 * @param {string} p
 * @param {unknown} [body] sent as JSON
 * @returns {Promise<ConsoleAnswer>}
 */
function request(base, jar, method, p, body) {
  const url = new URL(p, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  /** @type {import('node:http').OutgoingHttpHeaders} */
  const headers = { host: CONSOLE_HOST, accept: 'application/json' };
  if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  if (method !== 'GET') {
    headers.origin = `http://${CONSOLE_HOST}`;
    headers['x-csrf'] = jar.get('console_csrf') ?? '1';
  }
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair] = line.split(';');
          const i = pair.indexOf('=');
          jar.set(pair.slice(0, i), pair.slice(i + 1));
        }
        const text = Buffer.concat(chunks).toString('utf8');
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode, body: json, text, ms: performance.now() - t0 });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Invites a manager on the command line (no server holds the folder yet): the link's token. A
 * manager, not an analyst: the codes CSV is for the roles that print only (docs/console.md).
 * @param {string} dataDir
 */
function invite(dataDir) {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const out = node(['scripts/brand.mjs', 'invite-staff', '--slug', SLUG, '--email', email, '--role', 'manager', '--json'], { DATA_DIR: dataDir });
  // The command prints the outbox's line about the e-mail, then the JSON answer with the link.
  const token = /"link":\s*"[^"]*\/invitation\/([^"]+)"/.exec(out)?.[1];
  if (!token) throw new Error(`invite-staff printed no invitation link:\n${out}`);
  return { email, token: decodeURIComponent(token) };
}

/**
 * Accepts the invitation, enrols an authenticator and gives its code: a signed-in cookie jar.
 * @param {string} base
 * @param {string} token
 * @returns {Promise<CookieJar>}
 */
async function signIn(base, token) {
  /** @type {CookieJar} */
  const jar = new Map();
  /**
   * The answer's JSON, or an Error naming the step that was refused.
   * @param {ConsoleAnswer} r
   * @param {string} what
   */
  const must = (r, what) => {
    if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text}`);
    return r.body;
  };
  must(await request(base, jar, 'POST', '/api/console/invitations/accept', { token, name: 'Bench Analyst', password: `bench passphrase ${randomBytes(6).toString('hex')}` }), 'accept invitation');
  // The enrolment's answer (totpEnrolmentSchema, lib/schemas/console.ts): the authenticator's secret in base 32.
  const { secret } = /** @type {{ secret: string }} */ (must(await request(base, jar, 'POST', '/api/console/totp/enrol'), 'enrol'));
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
  must(await request(base, jar, 'POST', '/api/console/totp/confirm', { code }), 'confirm authenticator');
  return jar;
}

/**
 * The resident memory of a process in MB, from /proc (Linux; undefined elsewhere).
 * @param {number | undefined} pid
 */
function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {number[]} sorted
 * @param {number} p a percentile, 0 to 100
 */
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * The CPU time (user + system, all threads: the embedded database runs in a worker thread) the
 * process has used, in ms, from /proc (Linux; undefined elsewhere). Steadier than latencies on a
 * shared machine: waiting for a core does not count.
 * @param {number | undefined} pid
 */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return undefined;
  }
}

/**
 * p50/p95 of REQUESTS calls, one at a time, after 5 warm-up calls; `paths` are used in turn; the server's CPU time per call.
 * @param {string} base
 * @param {CookieJar} jar
 * @param {string[]} paths
 * @param {number | undefined} pid
 */
async function measure(base, jar, paths, pid) {
  const first = (await request(base, jar, 'GET', paths[0])).ms; // the overview counts its range's missing days here
  for (let i = 1; i < 5; i++) await request(base, jar, 'GET', paths[i % paths.length]);
  const cpu0 = cpuMs(pid);
  /** @type {number[]} */
  const ms = [];
  let errors = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const r = await request(base, jar, 'GET', paths[i % paths.length]);
    if (r.status !== 200) errors++;
    ms.push(r.ms);
  }
  const cpu1 = cpuMs(pid);
  ms.sort((a, b) => a - b);
  return { first, p50: pct(ms, 50), p95: pct(ms, 95), errors, n: REQUESTS, cpu: cpu0 === undefined || cpu1 === undefined ? undefined : (cpu1 - cpu0) / REQUESTS };
}

/**
 * `npm run bench -- --only console`: the rows of the console's table, on a server of its own.
 * @param {import('./bench.d.mts').BenchServer} server
 * @returns {Promise<Row[]>}
 */
export async function benchConsole({ ensureBuilt, startServer, stop, base }) {
  ensureBuilt();
  const dataDir = process.env.BENCH_CONSOLE_DATA_DIR || path.join(os.tmpdir(), 'bench-console-data');
  const t0 = performance.now();
  const seeded = node(['scripts/seed-scale.mjs', '--slug', SLUG], { DATA_DIR: dataDir }).trim();
  const seedS = (performance.now() - t0) / 1000;
  const { token } = invite(dataDir);
  const { child } = await startServer(dataDir);
  /** @type {Row[]} */
  const rows = [[`scale brand (${dataDir})`, `${seeded} (${seedS.toFixed(1)} s with start-up)`, '', '']];
  try {
    const jar = await signIn(base, token);
    const api = `/api/console/brands/${SLUG}`;
    /** @param {number} msAgo */
    const day = (msAgo) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
    /** @type {[string, string[]][]} a measure's label and the paths it asks in turn */
    const targets = [
      ['overview, last 30 days (default)', [`${api}/overview`]],
      ['overview, 30 days of one product', [`${api}/overview?product=${SLUG}-pr-3`, `${api}/overview?product=${SLUG}-pr-7`]],
      ['overview, 90 days', [`${api}/overview?from=${day(89 * 864e5)}`]],
      ['codes search, pages of all codes', [`${api}/codes`, `${api}/codes?after=${SLUG}-co-50000`, `${api}/codes?after=${SLUG}-co-99000`]],
      ['codes search, a batch number and a qrId', [`${api}/codes?q=SB-0042`, `${api}/codes?q=sb-0007&after=${SLUG}-co-13100`]],
    ];
    // The table kit (issue 32): sorted and filtered pages with their count, red flags, and the CSV of a batch.
    targets.push(
      ['codes list, sorted by created (keyset pages, count)', [`${api}/codes?sort=-created`, `${api}/codes?sort=created&status=active`, `${api}/codes?sort=qrId&kind=overt`]],
      ['codes list, filtered by batch and days', [`${api}/codes?batch=SB-0042&sort=-created`, `${api}/codes?from=${day(200 * 864e5)}&to=${day(100 * 864e5)}`]],
      ['red flags, sorted and filtered', [`${api}/red-flags?status=all&sort=-created`, `${api}/red-flags?status=all&sort=status&from=${day(89 * 864e5)}`]],
      ['codes CSV of one batch (streamed)', [`${api}/codes.csv?batch=SB-0042`]],
    );
    const probe = await request(base, jar, 'GET', `${api}/complaints`);
    if (probe.status === 200) {
      targets.push(['complaints inbox', [`${api}/complaints`, `${api}/complaints?status=open`]]);
      targets.push(['complaints inbox, sorted and filtered', [`${api}/complaints?sort=priority&status=notclosed`, `${api}/complaints?sort=-updated&from=${day(89 * 864e5)}`]]);
    }
    else rows.push(['complaints inbox `GET /api/console/brands/{brand}/complaints`', `not measured: answered ${probe.status} (the endpoint is not in this build)`, '', '']);
    for (const [label, paths] of targets) {
      const r = await measure(base, jar, paths, child.pid);
      const cpu = r.cpu === undefined ? '' : `; server CPU ${r.cpu.toFixed(1)} ms per request`;
      rows.push([`${label} \`${paths[0].replace(api, '/api/console/brands/{brand}')}\``, `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms${cpu}; ${r.errors} errors / ${r.n} (first call ${r.first.toFixed(0)} ms)`, `p95 < ${CONSOLE_TARGET_MS} ms`, r.errors ? 'ERRORS' : r.p95 < CONSOLE_TARGET_MS ? 'ok' : 'OVER']);
    }
    // Every code as one CSV, once (a manager: hidden codes included): streamed by keyset pages (the 100,000 rows under 10 s).
    const all = await request(base, jar, 'GET', `${api}/codes.csv`);
    const lines = all.text.split('\r\n').filter(Boolean).length - 1;
    rows.push([`codes CSV, every code \`/api/console/brands/{brand}/codes.csv\``, `${lines} rows in ${(all.ms / 1000).toFixed(1)} s (status ${all.status}); server RSS ${rssMb(child.pid) ?? '?'} MB after`, '< 10 s', all.status === 200 && all.ms < 10_000 ? 'ok' : 'OVER']);
  } finally {
    await stop(child);
  }
  return rows;
}

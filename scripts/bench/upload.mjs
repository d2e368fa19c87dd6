// @ts-check
// The large-upload part of `npm run bench` (alone: `npm run bench -- --only upload`): a 20 MB
// video attached to a complaint at the demo brand, streamed in and read back, while another
// brand's clone-info is asked again and again. Before uploads went to the file store, such an
// upload held the embedded database, and so every brand's requests, for seconds.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { root } from '../lib.mjs';

const MB = 1024 * 1024;
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 20);
const DEMO = 'localhost';
const OTHER_SLUG = 'bench-other';
const OTHER = `${OTHER_SLUG}.localhost`;

/** @typedef {import('./bench.d.mts').Row} Row */

/**
 * One request to the server at `base`, for the brand at `host`; a body is sent whole (a Buffer)
 * or streamed (chunks, waiting for the socket to drain).
 * @param {string} base
 * @param {{ method?: string; path: string; host: string; headers?: import('node:http').OutgoingHttpHeaders; body?: Buffer | AsyncIterable<Buffer> }} request
 * @returns {Promise<{ status: number | undefined; headers: import('node:http').IncomingHttpHeaders; body: Buffer }>}
 */
function send(base, { method = 'GET', path: p, host, headers = {}, body }) {
  const url = new URL(p, base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers: { host, ...headers } }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    if (!body) return req.end();
    if (Buffer.isBuffer(body)) return req.end(body);
    (async () => {
      for await (const chunk of body) if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      req.end();
    })().catch(reject);
  });
}

/**
 * A confirmed customer (sign-up, then the code the outbox in `dataDir` received), with an access token.
 * @param {string} base
 * @param {string} host
 * @param {string} dataDir
 * @returns {Promise<string>}
 */
async function signedIn(base, host, dataDir) {
  const contact = `bench-${randomBytes(6).toString('hex')}@example.com`;
  const json = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };
  const body = { channel: 'email', contact, password: 'bench upload password 42', userName: 'Bench' };
  const signup = await send(base, { method: 'POST', path: '/api/auth/customer/web/signup', host, headers: json, body: Buffer.from(JSON.stringify(body)) });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${signup.body}`);
  /** @type {{ to: string; purpose: string; code?: string }[]} the outbox's lines, as the app writes them */
  const sent = readFileSync(path.join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const code = sent.filter((e) => e.to === contact && e.purpose === 'SIGNUP').pop()?.code;
  if (!code) throw new Error(`no sign-up code for ${contact} in the outbox`);
  const confirmed = await send(base, { method: 'POST', path: '/api/auth/customer/web/signup', host, headers: json, body: Buffer.from(JSON.stringify({ ...body, otp: code })) });
  if (confirmed.status !== 201) throw new Error(`sign-up confirmation failed: ${confirmed.status} ${confirmed.body}`);
  const cookie = (confirmed.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const t = await send(base, { path: '/api/auth/customer/web/generate-access-token', host, headers: { cookie } });
  if (t.status !== 200) throw new Error(`access token failed: ${t.status} ${t.body}`);
  // The token route's answer: { accessToken } (JSON.parse answers it untyped).
  return /** @type {{ accessToken: string }} */ (JSON.parse(t.body.toString('utf8'))).accessToken;
}

/**
 * A multipart body with an MP4-looking file of `size` bytes, sent in 256 kB chunks.
 * @param {number} size
 */
function complaintBody(size) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  /**
   * @param {string} name
   * @param {string} value
   */
  const field = (name, value) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('category', 'Other') + field('priority', 'Low') + field('description', 'A long video of the product, for the benchmark.') +
      `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 7);
  Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1').copy(chunk);
  async function* parts() {
    yield head;
    for (let sent = 0; sent < size; sent += chunk.length) yield sent + chunk.length <= size ? chunk : chunk.subarray(0, size - sent);
    yield tail;
  }
  return { body: parts(), length: head.length + size + tail.length, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Another brand's clone-info, once: how long it took (ms).
 * @param {string} base
 */
async function cloneInfo(base) {
  const t0 = performance.now();
  const r = await send(base, { path: '/api/client/clone-info', host: OTHER });
  if (r.status !== 200) throw new Error(`clone-info of ${OTHER}: ${r.status}`);
  return performance.now() - t0;
}

/**
 * @param {number[]} xs
 * @param {number} p a percentile, 0 to 100
 */
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
/**
 * @param {number} n
 * @param {number} [d] decimals
 */
const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');

/**
 * Rows for the bench table, measured on the running server at `base` whose data is in `dataDir`.
 * @param {{ base: string; dataDir: string }} server
 * @returns {Promise<Row[]>}
 */
export async function benchUpload({ base, dataDir }) {
  const created = spawnSync(process.execPath, ['--conditions=react-server', '--no-warnings', path.join(root, 'scripts/brand.mjs'), 'create', '--slug', OTHER_SLUG, '--name', 'Bench Other', '--domains', OTHER], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (created.status !== 0 && !/already|exists|taken/i.test(created.stderr + created.stdout)) throw new Error(`creating ${OTHER_SLUG}: ${created.stderr || created.stdout}`);
  const token = await signedIn(base, DEMO, dataDir);

  const idle = [];
  for (let i = 0; i < 40; i++) idle.push(await cloneInfo(base));

  const size = UPLOAD_MB * MB;
  const form = complaintBody(size);
  let done = false;
  const t0 = performance.now();
  const upload = send(base, {
    method: 'POST',
    path: '/api/customer/complaints',
    host: DEMO,
    headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'fetch', 'content-type': form.contentType, 'content-length': String(form.length) },
    body: form.body,
  }).finally(() => (done = true));
  const during = [];
  while (!done) during.push(await cloneInfo(base));
  const res = await upload;
  const uploadMs = performance.now() - t0;
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.body}`);
  // The complaint as created, with its stored attachments (JSON.parse answers it untyped).
  const fileId = /** @type {{ attachments: { fileId: string }[] }} */ (JSON.parse(res.body.toString('utf8'))).attachments[0].fileId;

  const t1 = performance.now();
  const back = await send(base, { path: `/api/customer/files/${fileId}`, host: DEMO, headers: { authorization: `Bearer ${token}` } });
  const downloadMs = performance.now() - t1;
  if (back.status !== 200 || back.body.length !== size) throw new Error(`download: ${back.status}, ${back.body.length} bytes`);

  /** @param {number} ms */
  const rate = (ms) => `${fmt(ms, 0)} ms (${fmt(UPLOAD_MB / (ms / 1000), 0)} MB/s)`;
  return [
    [`upload of a ${UPLOAD_MB} MB video (complaint attachment, streamed to the file store)`, rate(uploadMs), '', ''],
    [`download of it \`/api/customer/files/{id}\` (streamed)`, rate(downloadMs), '', ''],
    [`another brand's clone-info, idle (${idle.length} requests)`, `p50 ${fmt(pct(idle, 50))} ms, p99 ${fmt(pct(idle, 99))} ms, max ${fmt(Math.max(...idle))} ms`, '', ''],
    [`another brand's clone-info during the upload (${during.length} requests)`, `p50 ${fmt(pct(during, 50))} ms, p99 ${fmt(pct(during, 99))} ms, max ${fmt(Math.max(...during))} ms`, '', ''],
  ];
}

/**
 * `npm run bench -- --only upload`: a server of its own on an empty data folder, this part only.
 * @param {import('./bench.d.mts').BenchServer} server
 */
export async function benchUploadOnly({ ensureBuilt, startServer, stop, base }) {
  ensureBuilt();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
  try {
    const { child } = await startServer(dataDir);
    let rows;
    try {
      rows = await benchUpload({ base, dataDir });
    } finally {
      await stop(child);
    }
    console.log(['', '| measure | result |', '|---|---|', ...rows.map((r) => `| ${r[0]} | ${r[1]} |`)].join('\n'));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

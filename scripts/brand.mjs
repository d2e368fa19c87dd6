#!/usr/bin/env node
// @ts-check
// npm run brand -- <command> [--name value ...] [--json]
// The operator command line: brands, their configuration and (with later commands) catalogue
// and codes. Talks to the running server when one holds DATA_DIR (POST /api/operator/run on the
// server's operator socket, DATA_DIR/operator.sock, with the key in DATA_DIR/operator-key);
// otherwise opens DATA_DIR itself. Never both at once.
import './runtime.mjs'; // first: re-runs this command under Node 24+ when the system Node is older
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { loadAppModule } from './app-bundle.mjs';
import { dataDir, lockHolder, root } from './lib.mjs';

/** @typedef {import('./app-modules.d.mts').RunLocalModule} RunLocalModule */
/** @typedef {import('./app-modules.d.mts').SummariesModule} SummariesModule */

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const words = argv.filter((a) => a !== '--json');
const command = words[0];

/** @param {Record<string, string>} commands each command's one-line summary */
function usage(commands) {
  console.log('Usage: npm run brand -- <command> [--option value ...] [--json]\n');
  for (const [name, summary] of Object.entries(commands)) console.log(`  ${name.padEnd(22)} ${summary}`);
  console.log('\nOptions that name a JSON file: --config file.json. Lists: --domains a.com,b.com');
}

// Options that name a file: made absolute from where the operator typed the command (npm run
// changes the working directory to the project), so the server and this process agree on them.
const FILE_OPTIONS = new Set(['file', 'out', 'input', 'csv']);
const here = process.env.INIT_CWD || process.cwd();

/**
 * --key value pairs → args; numbers and booleans typed, --config read from its JSON file.
 * @param {string[]} list
 */
function parseArgs(list) {
  /** @type {Record<string, unknown>} */
  const args = {};
  for (let i = 0; i < list.length; i++) {
    const flag = list[i];
    if (!flag.startsWith('--')) throw new Error(`Unexpected argument: ${flag}`);
    const key = flag.slice(2).replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    const next = list[i + 1];
    const value = next === undefined || next.startsWith('--') ? 'true' : (i++, next);
    if (key === 'config') {
      const file = path.resolve(here, value);
      if (!existsSync(file)) throw new Error(`No such file: ${value}`);
      try {
        args.config = JSON.parse(readFileSync(file, 'utf8'));
      } catch (e) {
        throw new Error(`${value} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
      }
    } else if (FILE_OPTIONS.has(key)) args[key] = path.resolve(here, value);
    else if (key === 'domains') args.domains = value.split(',').map((d) => d.trim()).filter(Boolean);
    else if (/^-?\d+(\.\d+)?$/.test(value) && !/^0\d/.test(value)) args[key] = Number(value);
    else if (value === 'true' || value === 'false') args[key] = value === 'true';
    else args[key] = value;
  }
  return args;
}

/** @param {unknown} result */
function print(result) {
  if (json) return console.log(JSON.stringify(result, null, 2));
  if (Array.isArray(result)) {
    if (!result.length) return console.log('(none)');
    for (const row of result) console.log(Object.entries(row).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : typeof v === 'object' && v !== null ? JSON.stringify(v) : v}`).join('  '));
    return;
  }
  console.log(typeof result === 'string' ? result : JSON.stringify(result, null, 2));
}

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message, code = 'bad_request') {
  if (json) console.log(JSON.stringify({ errorMessage: message, code }));
  else console.error(`Error: ${message}`);
  process.exit(1);
}

const dir = dataDir();
process.env.DATA_DIR = dir;
process.env.BRAND_APP_ROOT = root; // where the embedded database's worker lives (lib/db/pglite-thread.ts)

/**
 * POST to the server's operator socket (the public port refuses /api/operator/*).
 * @param {string} socketPath
 * @param {string} key
 * @param {string} payload
 * @returns {Promise<{ status: number; text: string }>}
 */
function postOperator(socketPath, key, payload) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath,
        path: '/api/operator/run',
        method: 'POST',
        headers: { host: 'operator.invalid', 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'x-operator-key': key, 'x-requested-with': 'cli' },
      },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
async function viaServer(name, args) {
  /** @type {{ pid: number; operatorSocket?: string }} what scripts/start.mjs writes */
  const info = JSON.parse(readFileSync(path.join(dir, 'server.json'), 'utf8'));
  const key = readFileSync(path.join(dir, 'operator-key'), 'utf8').trim();
  const socketPath = info.operatorSocket ?? path.join(dir, 'operator.sock');
  const res = await postOperator(socketPath, key, JSON.stringify({ command: name, args })).catch((e) =>
    fail(`Cannot reach the running server (process ${info.pid}) on its operator socket ${socketPath}: ${e.message}`, 'internal'),
  );
  /** @type {{ errorMessage?: string; code?: string; result?: unknown }} */
  let body = {};
  try {
    body = JSON.parse(res.text);
  } catch {
    /* not JSON */
  }
  if (res.status < 200 || res.status > 299) fail(body.errorMessage ?? `Server answered ${res.status}`, body.code);
  return body.result;
}

/**
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
async function locally(name, args) {
  const { runLocal } = /** @type {RunLocalModule} */ (await loadAppModule('lib/operator/run-local.ts'));
  const out = await runLocal(name, args);
  if (!out.ok) fail(out.body.errorMessage, out.body.code);
  return out.result;
}

async function main() {
  let args;
  try {
    args = parseArgs(words.slice(1));
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  const serverPid = process.env.DATABASE_URL ? undefined : lockHolder(dir);
  const serverUp = serverPid !== undefined && existsSync(path.join(dir, 'server.json'));
  if (!command || command === 'help' || command === '--help') {
    const { commandSummaries } = /** @type {SummariesModule} */ (await loadAppModule('lib/operator/summaries.ts'));
    return usage(commandSummaries());
  }
  if (serverPid !== undefined && !serverUp) fail(`The data folder ${dir} is in use by process ${serverPid}, which is not an app server. Stop it first.`);
  print(serverUp ? await viaServer(command, args) : await locally(command, args));
}

main().catch((e) => fail(e.message ?? String(e), 'internal'));

#!/usr/bin/env node
// @ts-check
// npm test: type check, lint, unit tests, API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), the attack suite (tests/attack, same databases), Playwright
// end-to-end tests in Chromium against a production build, the first-load JavaScript budget of
// every page of that build (scripts/first-load-budget.mjs), then `npm audit` of the production
// dependencies. The type checks and lint run beside the unit tests (two cores), the rest in order.
// Stops at the first failing step; its closing lines give each step's seconds, the
// expect calls the jest tests ran (tests/support/count-assertions.ts) and the counts. Tests that
// use no database of the pass run in the first pass only (TEST_SECOND_PASS, tests/support/once.ts). Each step has
// a time limit (scripts/time-limit.mjs): a hang ends the run with the reason instead of running
// until CI gives up.
import './runtime.mjs'; // first: re-runs this command under Node 24+ when the system Node is older
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FULL_BROWSER, HEADLESS_SHELL } from './chromium.mjs';
import { root } from './lib.mjs';

const only = process.argv[2]; // optional: typecheck | lint | unit | api | attack | e2e | audit
const tmp = mkdtempSync(path.join(os.tmpdir(), 'brand-verify-test-'));
const counts = { passed: 0, failed: 0, skipped: 0 };
const started = performance.now();
/**
 * Each step's title, seconds and how busy the machine's cores were meanwhile (all processes, from
 * /proc/stat; undefined elsewhere), printed in the closing lines: a step well under 100% leaves
 * cores idle that another step could use. @type {[title: string, seconds: number, busy?: number][]}
 */
const durations = [];

/** The machine's busy and total CPU ticks so far (Linux), or undefined. */
function cpuTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const n = fields.map(Number);
    const idle = (n[3] ?? 0) + (n[4] ?? 0); // idle + iowait
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/**
 * The share of the machine's CPU used since `from` (0–100), or undefined.
 * @param {{ busy: number; total: number } | undefined} from
 */
function busySince(from) {
  const to = cpuTicks();
  if (!from || !to || to.total === from.total) return undefined;
  return (100 * (to.busy - from.busy)) / (to.total - from.total);
}
/** The expect calls the jest projects ran (tests/support/count-assertions.ts), per test. */
const assertionFile = path.join(tmp, 'assertions.tsv');
const bin = (/** @type {string} */ name) => path.join(root, 'node_modules', '.bin', name);

// Minutes each step may take on a loaded 2-core machine before it is stopped.
/** @type {Record<'typecheck' | 'lint' | 'unit' | 'api' | 'attack' | 'e2e', number>} */
const LIMIT_MINUTES = { typecheck: 10, lint: 10, unit: 15, api: 25, attack: 15, e2e: 45 };

/**
 * @param {string} title
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @param {number} [minutes]
 */
function run(title, cmd, args, env = {}, minutes = 20) {
  console.log(`\n== ${title}`);
  const limited = [path.join(root, 'scripts', 'time-limit.mjs'), String(minutes * 60), title, cmd, ...args];
  const t0 = performance.now();
  const ticks = cpuTicks();
  const r = spawnSync(process.execPath, limited, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  durations.push([title, (performance.now() - t0) / 1000, busySince(ticks)]);
  return r.status === 0;
}

/**
 * As run, without waiting: its output goes to a file, printed by the caller once the steps beside
 * it have ended (so two steps' lines never interleave).
 * @param {string} title
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @param {number} minutes
 * @param {string} log
 * @returns {Promise<boolean>}
 */
function runBeside(title, cmd, args, env, minutes, log) {
  const limited = [path.join(root, 'scripts', 'time-limit.mjs'), String(minutes * 60), title, cmd, ...args];
  const t0 = performance.now();
  const ticks = cpuTicks();
  const fd = openSync(log, 'a');
  const child = spawn(process.execPath, limited, { cwd: root, stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('error', () => resolve(false));
    child.on('exit', (code) => {
      closeSync(fd);
      durations.push([title, (performance.now() - t0) / 1000, busySince(ticks)]);
      resolve(code === 0);
    });
  });
}

/**
 * The jest workers of the projects that open a database: TEST_WORKERS, two by default, so two
 * files run side by side. Each worker process runs many files one after another, and the files
 * of one worker share its database: on PGlite one in-memory database thread, loaded once from the
 * template (tests/support/memory-db-thread.ts), on PostgreSQL a copy per worker made by the global
 * setup (tests/support/db-template.ts). A fresh process and database per file cost each file
 * about 3 s before its first test (29 Nov: the PGlite pass 519 s, against 208 s shared). Sharing
 * also keeps a process to one or two PGlite instances: V8 (Node 18 to 24) can abort a process
 * that creates and frees many WebAssembly instances of PGlite ("Check failed:
 * jit_page_->allocations_.erase(addr) == 1"). The api files that spawn processes of their own and
 * hold them to time limits (SOLO in jest.config.mjs: servers, the command line, start-up, a killed
 * worker) run after the others, one at a time, so no neighbouring file shares their cores on a
 * busy machine.
 */
const WORKERS = Math.max(1, Number(process.env.TEST_WORKERS) || 2);
/**
 * `--maxWorkers`, or for the files that spawn processes one worker that runs each file in a process
 * of its own (`solo`): jest replaces a worker whose memory passed `--workerIdleMemoryLimit` after a
 * file, and every file passes 1 MB. Those files make and drop PGlite instances on their main thread
 * (the template's tests), and V8 aborted the process that went on to the next file when its
 * collector freed their WebAssembly code (the check failure above, 29 Nov).
 * @param {'unit' | 'api' | 'attack'} project
 * @param {number | 'solo'} workers
 */
const workerArgs = (project, workers) =>
  project === 'unit' ? ['--runInBand'] : workers === 'solo' ? ['--maxWorkers=1', '--workerIdleMemoryLimit=1MB'] : [`--maxWorkers=${workers}`];

/**
 * @param {string} title
 * @param {'unit' | 'api' | 'attack'} project
 * @param {Record<string, string>} env
 * @param {string} file
 * @param {number | 'solo'} [workers]
 */
function jest(title, project, env, file, workers = WORKERS) {
  const ok = run(title, process.execPath, jestArgs(project, file, workers), { ASSERTION_COUNT_FILE: assertionFile, ...env }, LIMIT_MINUTES[project]);
  countJest(file);
  return ok;
}

/**
 * @param {'unit' | 'api' | 'attack'} project
 * @param {string} file
 * @param {number | 'solo'} [workers]
 */
const jestArgs = (project, file, workers = WORKERS) => ['--experimental-vm-modules', '--no-warnings', path.join(root, 'node_modules/jest/bin/jest.js'), '--selectProjects', project, ...workerArgs(project, workers), '--json', `--outputFile=${file}`];

/** @param {string} file a jest run's --json output */
function countJest(file) {
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    counts.passed += r.numPassedTests;
    counts.failed += r.numFailedTests;
    counts.skipped += r.numPendingTests;
  }
}

/**
 * The end-to-end tests' browsers (scripts/chromium.mjs): Debian's Chromium headless shell for most
 * tests and the full browser for a PDF shown in place, installed when missing and this is a root
 * shell with apt-get. Without the shell, every test runs in the full browser (slower). A
 * CHROMIUM_PATH that is set runs every test and must exist.
 */
function ensureChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return true;
    console.error(`\nCHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist.`);
    return false;
  }
  const missing = [[HEADLESS_SHELL, 'chromium-headless-shell'], [FULL_BROWSER, 'chromium']].filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg);
  if (missing.length && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing Debian's ${missing.join(' and ')} for the end-to-end tests…`);
    if (run('apt-get update', 'apt-get', ['update', '-qq'])) run(`apt-get install ${missing.join(' ')}`, 'apt-get', ['install', '-y', '-qq', ...missing]);
  }
  if (existsSync(FULL_BROWSER)) {
    if (!existsSync(HEADLESS_SHELL)) console.log(`Chromium's headless shell is missing; the end-to-end tests run in the full browser at ${FULL_BROWSER} (slower).`);
    return true;
  }
  console.error(`\nThe end-to-end tests need Debian's Chromium at ${FULL_BROWSER}, and run faster with its headless shell at ${HEADLESS_SHELL}.\nInstall them with:\n\n  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell\n\nor point CHROMIUM_PATH at a Chromium binary.`);
  return false;
}

/**
 * Debian tools the tests use besides Chromium: the API tests read an evidence report's PDF as text
 * (pdftotext), the end-to-end tests decode a printed PDF's codes as a phone would (pdftoppm, zbarimg).
 */
const TEST_TOOLS = [
  ['/usr/bin/pdftotext', 'poppler-utils'],
  ['/usr/bin/pdftoppm', 'poppler-utils'],
  ['/usr/bin/zbarimg', 'zbar-tools'],
];
function ensureTestTools() {
  const missing = [...new Set(TEST_TOOLS.filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg))];
  if (!missing.length) return true;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing Debian's ${missing.join(' ')} for the tests…`);
    if (run('apt-get update', 'apt-get', ['update', '-qq']) && run(`apt-get install ${missing.join(' ')}`, 'apt-get', ['install', '-y', '-qq', ...missing])) {
      if (TEST_TOOLS.every(([file]) => existsSync(file))) return true;
    }
  }
  console.error(`\nThe tests need ${missing.join(' and ')}. Install with:\n\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`);
  return false;
}

/** Tests that ran an expect and the expect calls, from the jest projects' counts. */
function assertionTotals() {
  if (!existsSync(assertionFile)) return undefined;
  const lines = readFileSync(assertionFile, 'utf8').split('\n').filter(Boolean);
  return { tests: lines.length, calls: lines.reduce((n, line) => n + Number(line.split('\t').pop()), 0) };
}

/** @param {boolean} ok */
function finish(ok) {
  earlyBuild?.stop(); // a run that failed before the end-to-end step leaves no build running
  const asserted = assertionTotals();
  rmSync(tmp, { recursive: true, force: true });
  console.log(`\nSeconds per step (the machine's ${os.cpus().length} cores' use meanwhile, by every process):`);
  for (const [title, seconds, busy] of durations) console.log(`  ${seconds.toFixed(0).padStart(5)}  ${title}${busy === undefined ? '' : ` (cores ${busy.toFixed(0)}% busy)`}`);
  console.log(`  ${((performance.now() - started) / 1000).toFixed(0).padStart(5)}  in all (wall time${only ? '' : '; the type checks and lint ran beside the unit tests'})`);
  if (asserted) console.log(`${asserted.calls} expect calls in ${asserted.tests} jest tests`);
  // The same seconds on one line, where a log that keeps only its last lines still has them.
  console.log(`seconds: ${durations.map(([title, seconds]) => `${title.replace(/ \(.*$/, '')} ${seconds.toFixed(0)}`).join(', ')}`);
  console.log(`\n${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
  process.exit(ok ? 0 : 1);
}

/**
 * The end-to-end tests' production build (scripts/ensure-build.mjs), made beside the steps before
 * them at the lowest CPU priority (`--nice`, inherited by the build's own workers): the API files
 * that spawn processes, run one at a time, leave about a third of the two cores idle, and the
 * build (about 45 s of CPU) takes that instead of holding up the end-to-end step; the steps' own
 * processes keep their priority. Only in a whole run; the end-to-end step waits for it, and its
 * server then finds the build made. Its output is printed there.
 * @type {{ done: Promise<boolean>; stop: () => void; log: string; started: number } | undefined}
 */
let earlyBuild;
function startEarlyBuild() {
  if (only || earlyBuild) return;
  const log = path.join(tmp, 'build.log');
  const fd = openSync(log, 'a');
  const dist = process.env.E2E_DIST_DIR || '.next';
  const args = [path.join(root, 'scripts', 'time-limit.mjs'), String(15 * 60), 'the production build', process.execPath, path.join(root, 'scripts', 'ensure-build.mjs'), '--dist', dist, '--nice'];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', fd, fd] });
  const done = new Promise((/** @type {(ok: boolean) => void} */ resolve) => {
    child.on('error', () => resolve(false));
    child.on('exit', (code) => {
      closeSync(fd);
      resolve(code === 0);
    });
  });
  earlyBuild = { done, log, started: Date.now(), stop: () => child.exitCode === null && child.kill('SIGTERM') };
}

/** Waits for the early build, prints its output and counts its time; false when it failed. */
async function awaitEarlyBuild() {
  if (!earlyBuild) return true;
  const waited = performance.now();
  const ok = await earlyBuild.done;
  console.log(`\n== the production build for the end-to-end tests (made beside the tests before, at low priority; waited ${((performance.now() - waited) / 1000).toFixed(0)} s for it here)`);
  if (existsSync(earlyBuild.log)) process.stdout.write(readFileSync(earlyBuild.log));
  // Its own time: until it last wrote to its log. (Its exit is heard only here: the steps before
  // it block this process's event loop while they run.)
  const seconds = existsSync(earlyBuild.log) ? Math.max(0, statSync(earlyBuild.log).mtimeMs - earlyBuild.started) / 1000 : 0;
  durations.push(['production build, beside the steps before (overlapping them, at low priority)', seconds, undefined]);
  earlyBuild = undefined;
  return ok;
}

/**
 * One database pass of the API tests: the files side by side, then the ones that spawn processes
 * (jest.config.mjs, SOLO) one at a time.
 * @param {string} where
 * @param {Record<string, string>} env
 * @param {string} name
 */
function apiPass(where, env, name) {
  if (!jest(`API tests ${where} (jest)`, 'api', { ...env, TEST_SOLO: 'skip' }, path.join(tmp, `${name}.json`))) return false;
  startEarlyBuild(); // the files below leave a core idle much of the time
  return jest(`API tests ${where} that spawn processes, one at a time (jest)`, 'api', { ...env, TEST_SOLO: 'only' }, path.join(tmp, `${name}-solo.json`), 'solo');
}

/** @type {[name: string, step: () => boolean | Promise<boolean>][]} */
const steps = [
  ['typecheck', () => run('type check (tsc)', bin('tsc'), ['--noEmit'], {}, LIMIT_MINUTES.typecheck)],
  // The launcher's scripts that start with // @ts-check: the post-build steps and framework patches.
  ['typecheck', () => run('type check of scripts/ (tsc, JSDoc)', bin('tsc'), ['-p', 'tsconfig.scripts.json'], {}, LIMIT_MINUTES.typecheck)],
  ['lint', () => run('lint (eslint)', bin('eslint'), ['--max-warnings', '0', '.'], {}, LIMIT_MINUTES.lint)],
  ['unit', () => jest('unit tests (jest)', 'unit', {}, path.join(tmp, 'unit.json'))],
  ['api', () => ensureTestTools() && apiPass('on embedded PGlite', { TEST_DATABASE_URL: '' }, 'api-pglite')],
  [
    'api',
    () =>
      process.env.TEST_DATABASE_URL
        ? apiPass('on PostgreSQL', { TEST_SECOND_PASS: '1' }, 'api-pg')
        : (console.log('\n== API tests on PostgreSQL: skipped (set TEST_DATABASE_URL to run them)'), true),
  ],
  ['attack', () => jest('attack suite on embedded PGlite (jest)', 'attack', { TEST_DATABASE_URL: '' }, path.join(tmp, 'attack-pglite.json'))],
  [
    'attack',
    () =>
      process.env.TEST_DATABASE_URL
        ? jest('attack suite on PostgreSQL (jest)', 'attack', { TEST_SECOND_PASS: '1' }, path.join(tmp, 'attack-pg.json'))
        : (console.log('\n== attack suite on PostgreSQL: skipped (set TEST_DATABASE_URL to run it)'), true),
  ],
  [
    'e2e',
    async () => {
      if (!(await awaitEarlyBuild()) || !ensureChromium() || !ensureTestTools()) return false;
      const file = path.join(tmp, 'e2e.json');
      const ok = run('end-to-end tests (Playwright, Chromium, production build)', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file }, LIMIT_MINUTES.e2e);
      if (existsSync(file)) {
        const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
        counts.passed += (s.expected ?? 0) + (s.flaky ?? 0);
        counts.failed += s.unexpected ?? 0;
        counts.skipped += s.skipped ?? 0;
      }
      return ok;
    },
  ],
  [
    'e2e',
    () => {
      // The build the end-to-end tests just served: every page's first-load JavaScript, from its manifests.
      const dist = path.resolve(root, process.env.E2E_DIST_DIR || '.next');
      const ok = run('first-load JavaScript budget (the end-to-end build)', process.execPath, [path.join(root, 'scripts', 'first-load-budget.mjs'), '--dist', dist], {}, 5);
      if (ok) counts.passed += 1;
      else counts.failed += 1;
      return ok;
    },
  ],
  ['audit', audit],
];

/**
 * No high or critical advisory in the production dependencies: any fails the run. Where the
 * registry's advisory service cannot be asked (some mirrors answer 405), the audit is reported as
 * not run, loudly, and counted as skipped rather than passed; it does not fail the run, since no
 * change to the project could make it pass there.
 */
function audit() {
  console.log('\n== npm audit --omit=dev --audit-level=high');
  const r = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { cwd: root, encoding: 'utf8', shell: process.platform === 'win32' });
  let report;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    report = undefined;
  }
  const found = report?.metadata?.vulnerabilities;
  if (!found) {
    const why = report?.message ?? report?.error?.summary ?? (r.stderr || '').trim().split('\n').pop() ?? `exit ${r.status}`;
    console.warn(`NOT RUN: npm audit could not ask the registry's advisory service (${why}).\nThis is a network or registry limit, not an advisory; run \`npm audit --omit=dev\` where the audit endpoint is reachable.`);
    counts.skipped += 1;
    return true;
  }
  const bad = (found.high ?? 0) + (found.critical ?? 0);
  console.log(`advisories: ${Object.entries(found).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (bad) {
    for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) if (['high', 'critical'].includes(v.severity)) console.error(`  ${v.severity}: ${name} (${v.range})`);
    return false;
  }
  return true;
}

/**
 * The first steps on two cores at once: the type checks and lint (one after another, each on one
 * core) beside the unit tests (one process), instead of all four in a row. Each keeps its time
 * limit; their output is printed after both have ended, the type checks' and lint's first.
 * @returns {Promise<boolean>}
 */
async function checksBesideUnit() {
  const checksLog = path.join(tmp, 'checks.log');
  const unitLog = path.join(tmp, 'unit.log');
  const unitFile = path.join(tmp, 'unit.json');
  console.log('\n== type check (tsc), type check of scripts/ (tsc, JSDoc) and lint (eslint), beside the unit tests (jest)');
  const t0 = performance.now();
  const checks = (async () =>
    (await runBeside('type check (tsc)', bin('tsc'), ['--noEmit'], {}, LIMIT_MINUTES.typecheck, checksLog)) &&
    (await runBeside('type check of scripts/ (tsc, JSDoc)', bin('tsc'), ['-p', 'tsconfig.scripts.json'], {}, LIMIT_MINUTES.typecheck, checksLog)) &&
    (await runBeside('lint (eslint)', bin('eslint'), ['--max-warnings', '0', '.'], {}, LIMIT_MINUTES.lint, checksLog)))();
  const unit = runBeside('unit tests (jest)', process.execPath, jestArgs('unit', unitFile), { ASSERTION_COUNT_FILE: assertionFile }, LIMIT_MINUTES.unit, unitLog);
  const [checksOk, unitOk] = await Promise.all([checks, unit]);
  countJest(unitFile);
  for (const [title, log] of [['type checks and lint', checksLog], ['unit tests', unitLog]]) {
    console.log(`\n== ${title}: output`);
    if (existsSync(log)) process.stdout.write(readFileSync(log));
  }
  console.log(`\n(type checks, lint and unit tests together: ${((performance.now() - t0) / 1000).toFixed(0)} s of wall time)`);
  return checksOk && unitOk;
}

const BESIDE = new Set(['typecheck', 'lint', 'unit']);
if (!only && !(await checksBesideUnit())) finish(false);
for (const [name, step] of steps) {
  if (only ? only !== name : BESIDE.has(name)) continue;
  if (!(await step())) finish(false);
}
finish(true);

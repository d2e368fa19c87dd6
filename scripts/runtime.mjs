// @ts-check
// The Node.js runtime the app runs on. Importing this module first makes a launcher run under
// Node 24 or later: on an older system Node it re-runs the same command under the runtime that
// `npm install` put in node_modules (the node-<platform>-<arch> package of the npm registry,
// which ships the binary in its tarball), and exits with that process's status. The module's
// top-level await holds back the body of the launcher that imports it (its other imports are
// loaded, so they must have no side effects). Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The oldest Node major the app supports (package.json "engines"). */
export const MIN_NODE_MAJOR = 24;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Node's binary from the platform package npm installed here, or undefined (another platform). */
export function bundledNode() {
  const bin = path.join(root, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  return existsSync(bin) ? bin : undefined;
}

const major = (/** @type {string} */ version) => Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);

/**
 * glibc's malloc settings for the app's processes (Linux; other C libraries ignore them). By
 * default glibc raises its mmap threshold each time a large block is freed (up to 32 MB), so the
 * large blocks that follow (Node's buffers, zlib's, the embedded database's) come from heaps that
 * it seldom gives back. Fixed thresholds keep every block over 128 kB in a mapping of its own,
 * returned when freed (docs/benchmarks.md, *Idle memory*: a first start's idle RSS 462 → 446 MB
 * with these alone, a restart after load 385 → 366 MB; no change in CPU per verify page).
 */
export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

/**
 * The malloc settings, unless the environment chose its own.
 * @param {NodeJS.ProcessEnv} env
 */
const withMallocEnv = (env) => (process.platform === 'linux' ? { ...MALLOC_ENV, ...env } : env);

/**
 * The numbers of the signals that end a launcher: a process a signal ended exits with 128 and the
 * signal's number, as a shell reports it.
 * @type {Partial<Record<NodeJS.Signals, number>>}
 */
const SIGNAL_NUMBERS = { SIGINT: 2, SIGHUP: 1, SIGKILL: 9, SIGTERM: 15 };

/**
 * Runs this command again as `bin` with `env`, and exits with its status.
 * @param {string} bin
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<never>}
 */
async function rerun(bin, env) {
  const child = spawn(bin, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  // A signal sent to this process alone is passed on; one sent to the whole process group (Ctrl-C
  // in a terminal) reaches the child directly as well, and the launchers take a repeat calmly.
  for (const sig of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(sig, () => child.exitCode === null && child.kill(sig));
  child.on('error', (err) => {
    console.error(`[brand-verify] cannot run ${bin}: ${err.message}`);
    process.exit(1);
  });
  const [code, signal] = await /** @type {Promise<[number | null, NodeJS.Signals | null]>} */ (new Promise((resolve) => child.on('exit', (c, s) => resolve([c, s]))));
  process.exit(code ?? 128 + ((signal && SIGNAL_NUMBERS[signal]) ?? 1));
}

async function ensureRuntime() {
  if (major(process.version) >= MIN_NODE_MAJOR) return;
  const bin = bundledNode();
  if (!bin) {
    console.error(
      `[brand-verify] Node ${MIN_NODE_MAJOR} or later is needed; this is Node ${process.version} on ${process.platform}-${process.arch}.\n` +
        `On Linux (x64, arm64) \`npm install\` brings Node ${MIN_NODE_MAJOR} along; here, install Node ${MIN_NODE_MAJOR} LTS (https://nodejs.org) and run the command again.`,
    );
    process.exit(1);
  }
  // Children of the new process (next build, jest, Playwright and its web server) find the same
  // runtime first on PATH, and inherit the malloc settings (so the server needs no second re-run).
  await rerun(bin, withMallocEnv({ ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ''}` }));
}

/**
 * For the server's launcher: glibc reads its malloc settings when the process starts, so a
 * server started without them (Node 24 already on the system, or a caller's own environment)
 * runs once more with them. The bench and tests that watch the server's own process pass
 * MALLOC_ENV themselves.
 */
export async function ensureServerMalloc() {
  if (process.platform !== 'linux' || Object.keys(MALLOC_ENV).every((k) => process.env[k] !== undefined)) return;
  await rerun(process.execPath, withMallocEnv(process.env));
}

await ensureRuntime();

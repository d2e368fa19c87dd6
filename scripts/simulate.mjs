#!/usr/bin/env node
// @ts-check
// npm run simulate [-- --small] [--seed N] [--ip-only-share 0.4] [--offer-share 0]
// The clone-detection simulation (docs/verification.md, "Simulation"): a population generated
// from a fixed seed on one brand, every scan sent through the real Brand API, in a fresh
// in-memory database of its own (nothing is written to DATA_DIR). Prints the report as JSON.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { root } from './lib.mjs';

const argv = process.argv.slice(2);
/**
 * The number after `flag`, when given; a value outside what `ok` accepts ends the command naming the flag.
 * @param {string} flag
 * @param {(value: number) => boolean} ok
 * @param {string} what the values `ok` accepts, in words
 */
function numberArg(flag, ok, what) {
  const at = argv.indexOf(flag);
  if (at < 0) return undefined;
  const value = Number(argv[at + 1]);
  if (argv[at + 1] === undefined || !ok(value)) {
    console.error(`${flag}: must be ${what}`);
    process.exit(2);
  }
  return value;
}
const isShare = (/** @type {number} */ v) => v >= 0 && v <= 1;
// Read before anything is loaded, so a mistyped value answers at once.
const seed = numberArg('--seed', Number.isSafeInteger, 'a whole number');
// The share of people who share no location and are placed by their carrier gateway's address.
const ipOnlyShare = numberArg('--ip-only-share', isShare, 'a number from 0 to 1');
// The share of those people who share their location when the verify page asks for it.
const offerShare = numberArg('--offer-share', isShare, 'a number from 0 to 1');

process.env.DATA_DIR = ':memory:';
delete process.env.DATABASE_URL;
process.env.SESSION_SECRET ||= randomBytes(32).toString('base64url');
process.env.SCAN_RATE_LIMIT_PER_MINUTE = '1000000'; // one address sends every simulated scan
process.env.LOG_LEVEL ||= 'silent';
process.env.BRAND_APP_ROOT = root;

const { require: tsRequire } = await import('tsx/cjs/api');
const sim = /** @type {import('./app-modules.d.mts').CloneSimulationModule} */ (tsRequire(path.join(root, 'lib/simulation/clone-simulation.ts'), import.meta.url));
const { closeDb } = /** @type {import('./app-modules.d.mts').DbClientModule} */ (tsRequire(path.join(root, 'lib/db/client.ts'), import.meta.url));
const options = { ...(argv.includes('--small') ? sim.SMALL_SIMULATION : sim.FULL_SIMULATION) };
if (seed !== undefined) options.seed = seed;
if (ipOnlyShare !== undefined) options.ipOnlyShare = ipOnlyShare;
if (offerShare !== undefined) options.offerShare = offerShare;
const started = Date.now();
try {
  const report = await sim.runCloneSimulation(options);
  console.log(JSON.stringify({ options, ...report, seconds: Math.round((Date.now() - started) / 1000) }, null, 2));
} finally {
  await closeDb();
}

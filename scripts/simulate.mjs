#!/usr/bin/env node
// npm run simulate [-- --small] [--seed N] [--ip-only-share 0.4] [--offer-share 0]
// The clone-detection simulation (docs/verification.md, "Simulation"): a population generated
// from a fixed seed on one brand, every scan sent through the real Brand API, in a fresh
// in-memory database of its own (nothing is written to DATA_DIR). Prints the report as JSON.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { root } from './lib.mjs';

const argv = process.argv.slice(2);
process.env.DATA_DIR = ':memory:';
delete process.env.DATABASE_URL;
process.env.SESSION_SECRET ||= randomBytes(32).toString('base64url');
process.env.SCAN_RATE_LIMIT_PER_MINUTE = '1000000'; // one address sends every simulated scan
process.env.LOG_LEVEL ||= 'silent';
process.env.BRAND_APP_ROOT = root;

const { require: tsRequire } = await import('tsx/cjs/api');
const sim = tsRequire(path.join(root, 'lib/simulation/clone-simulation.ts'), import.meta.url);
const { closeDb } = tsRequire(path.join(root, 'lib/db/client.ts'), import.meta.url);
const options = { ...(argv.includes('--small') ? sim.SMALL_SIMULATION : sim.FULL_SIMULATION) };
const seedAt = argv.indexOf('--seed');
if (seedAt >= 0) options.seed = Number(argv[seedAt + 1]);
// The share of people who share no location and are placed by their carrier gateway's address.
const shareAt = argv.indexOf('--ip-only-share');
if (shareAt >= 0) {
  const share = Number(argv[shareAt + 1]);
  if (!(share >= 0 && share <= 1)) throw new Error('--ip-only-share: must be a number from 0 to 1');
  options.ipOnlyShare = share;
}
// The share of those people who share their location when the verify page asks for it.
const offerAt = argv.indexOf('--offer-share');
if (offerAt >= 0) {
  const share = Number(argv[offerAt + 1]);
  if (!(share >= 0 && share <= 1)) throw new Error('--offer-share: must be a number from 0 to 1');
  options.offerShare = share;
}
const started = Date.now();
try {
  const report = await sim.runCloneSimulation(options);
  console.log(JSON.stringify({ options, ...report, seconds: Math.round((Date.now() - started) / 1000) }, null, 2));
} finally {
  await closeDb();
}

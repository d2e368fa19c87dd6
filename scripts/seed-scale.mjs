#!/usr/bin/env node
// @ts-check
// npm run seed:scale [-- --slug scale --codes 100000 --scans 1000000 --days 365]: one brand at
// scale (lib/db/seed-scale.ts) in DATA_DIR (default .data) or DATABASE_URL, for the console's
// benchmark. A brand with that slug already there is left as it is. Not while a server holds
// DATA_DIR (its lock refuses): stop the server first.
import './runtime.mjs'; // first: re-runs this command under Node 24+ when the system Node is older
import path from 'node:path';
import { root } from './lib.mjs';

/**
 * The value after `--<name>`: the slug as typed, the others as numbers.
 * @overload
 * @param {'slug'} name
 * @param {string} fallback
 * @returns {string}
 */
/**
 * @overload
 * @param {'codes' | 'scans' | 'days'} name
 * @param {number} fallback
 * @returns {number}
 */
/**
 * @param {string} name
 * @param {string | number} fallback
 * @returns {string | number}
 */
function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const v = process.argv[i + 1];
  if (v === undefined) throw new Error(`--${name} needs a value`);
  return name === 'slug' ? v : Number(v);
}

/**
 * Seeds (or finds) the scale brand in the database the environment names; closes it after.
 * @param {Partial<import('./app-modules.d.mts').SeedScaleOptions>} [opts]
 */
export async function runSeedScale(opts = {}) {
  const { require: tsRequire } = await import('tsx/cjs/api');
  const { seedScale } = /** @type {import('./app-modules.d.mts').SeedScaleModule} */ (tsRequire(path.join(root, 'lib/db/seed-scale.ts'), import.meta.url));
  const { closeDb } = /** @type {import('./app-modules.d.mts').DbClientModule} */ (tsRequire(path.join(root, 'lib/db/client.ts'), import.meta.url));
  const { ensureSessionSecret } = /** @type {import('./app-modules.d.mts').SecretsModule} */ (tsRequire(path.join(root, 'lib/secrets.ts'), import.meta.url));
  ensureSessionSecret();
  try {
    return await seedScale(opts);
  } finally {
    await closeDb();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const opts = { slug: option('slug', 'scale'), codes: option('codes', 100_000), scans: option('scans', 1_000_000), days: option('days', 365) };
  for (const [k, v] of Object.entries(opts)) if (k !== 'slug' && !(typeof v === 'number' && Number.isInteger(v) && v >= 0)) throw new Error(`--${k} must be a whole number`);
  const out = await runSeedScale(opts);
  console.log(
    out.created
      ? `Seeded brand ${out.slug} (${out.slug}.localhost): ${out.codes} codes, ${out.scans} scans in ${(out.ms / 1000).toFixed(1)} s`
      : `Brand ${out.slug} is already there: ${out.codes} codes, ${out.scans} scans`,
  );
}

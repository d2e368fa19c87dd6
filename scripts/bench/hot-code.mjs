// @ts-check
// The hot code on PostgreSQL (`npm run bench -- --only hot-code [--write]`): how many scans a
// second the database takes when they all fall on ONE unit (a copied code on thousands of fakes,
// a promotion on one pack) against the same scans spread over many units. Every verified scan
// runs two triggers on its insert (lib/db/migrations/0005_scan_stats.ts, 0012/0013 risk): one
// updates the unit's row of unit_scan_stats, the other inserts the scan's session into
// unit_sessions. Scans of one unit queue on that one stats row's lock; this measures the queue.
//
// The app's server migrates and seeds the bench database once (so the triggers and indexes are
// the app's own), then N connections insert scans the way the verify path records one (each a
// new shopper: a session of its own), for a few seconds per case, straight into PostgreSQL: no
// app server in the way, so the figure is the database's ceiling, not the app's.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const SECONDS = Number(process.env.BENCH_HOT_SECONDS ?? 5);
const CASES = [
  { units: 1, connections: 8 },
  { units: 1, connections: 32 },
  { units: 10_000, connections: 8 },
  { units: 10_000, connections: 32 },
];

/** @typedef {{ units: number; connections: number }} Case */

/**
 * @param {number[]} sorted
 * @param {number} q a quantile, 0 to 1
 */
const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

/**
 * One case: `connections` clients inserting scans on `units` units for SECONDS; scans a second and latencies.
 * @param {typeof import('pg').Pool} Pool
 * @param {string} url
 * @param {string} clientId
 * @param {Case} c
 */
async function runCase(Pool, url, clientId, { units, connections }) {
  // BENCH_HOT_ASYNC_COMMIT=1: the same with synchronous_commit off (what the row lock waits for).
  const options = process.env.BENCH_HOT_ASYNC_COMMIT === '1' ? { options: '-c synchronous_commit=off' } : {};
  const pool = new Pool({ connectionString: url, max: connections, ...options });
  const prefix = randomBytes(4).toString('hex');
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  /** @param {number} w */
  const worker = async (w) => {
    for (let i = 0; performance.now() < until; i++) {
      const unit = units === 1 ? `hot-${prefix}` : `u-${prefix}-${Math.floor(Math.random() * units)}`;
      const t0 = performance.now();
      try {
        await pool.query(
          `insert into scans (id, client_id, unit_key, qr_id_raw, kind, layer, result, ip_hash, device_id, session_key, place_from_ip, covert_before_sale)
           values ($1, $2, $3, 'bench', 'info', 1, 'Info', 'bench', $4, $4, false, false)`,
          [`sc-${prefix}-${w}-${i}`, clientId, unit, `dv-${prefix}-${w}-${i}`],
        );
        latencies.push(performance.now() - t0);
      } catch (err) {
        errors++;
        if (errors === 1) console.error(`hot-code bench: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
  const seconds = (performance.now() - t0) / 1000;
  // The stats row(s) must hold every scan: the triggers ran, or the figure means nothing.
  // One row, its count cast to int (pg answers rows untyped).
  const { rows } = /** @type {import('pg').QueryResult<{ n: number }>} */ (
    await pool.query(`select coalesce(sum(verified_count), 0)::int as n from unit_scan_stats where client_id = $1 and unit_key like $2`, [
      clientId,
      units === 1 ? `hot-${prefix}` : `u-${prefix}-%`,
    ])
  );
  await pool.end();
  if (rows[0].n !== latencies.length) throw new Error(`hot-code bench: ${latencies.length} scans inserted but unit_scan_stats counts ${rows[0].n}`);
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), scans: latencies.length, errors };
}

/**
 * Rows for the bench's table. `prepare` migrates and seeds the bench database (the app's server
 * started and stopped on it) and answers the demo brand's id.
 * @param {{ url: string; prepare: () => Promise<string> }} options
 * @returns {Promise<import('./bench.d.mts').Row[]>}
 */
export async function benchHotCode({ url, prepare }) {
  // `pg` loaded as the app's server loads it (CommonJS); require answers it untyped.
  const { Pool } = /** @type {typeof import('pg')} */ (createRequire(import.meta.url)('pg'));
  const clientId = await prepare();
  /**
   * @param {number} n
   * @param {number} [d] decimals
   */
  const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
  /** @type {import('./bench.d.mts').Row[]} */
  const rows = [];
  /** @type {(Case & Awaited<ReturnType<typeof runCase>>)[]} */
  const results = [];
  for (const c of CASES) {
    const r = await runCase(Pool, url, clientId, c);
    results.push({ ...c, ...r });
    const what = c.units === 1 ? 'one unit (a hot code)' : `${c.units.toLocaleString('en')} units`;
    rows.push([`scans inserted on ${what}, ${c.connections} connections, ${SECONDS} s`, `${fmt(r.rps, 0)} scans/s; p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms; ${r.errors} errors / ${r.scans + r.errors}`]);
  }
  for (const connections of [...new Set(CASES.map((c) => c.connections))]) {
    const hot = results.find((r) => r.units === 1 && r.connections === connections);
    const spread = results.find((r) => r.units > 1 && r.connections === connections);
    if (hot && spread) rows.push([`one unit against many, ${connections} connections`, `${fmt((100 * hot.rps) / spread.rps, 0)}% of the throughput`]);
  }
  return rows;
}

import 'server-only';
import { and, count, eq, sql } from 'drizzle-orm';
import { getDb } from './client';
import { clients, codes } from './schema';
import { createBrand } from '@/lib/operator/brands';

// A brand at scale, for the console's benchmark (npm run bench -- --only console) and for trying
// the console on a lot of data: 100,000 codes (50,000 units) and 1,000,000 scans over the last
// year by default, with customers, claims, complaints and red flags. Set-based SQL
// (insert … select generate_series), so it takes seconds, not hours. The values are made up
// but deterministic in the row number: a code's qrId is 'Z' and 16 hex digits of an md5 of the
// brand and the number; scans come in time order, as they arrive. Scans are written with the per-row triggers off (they keep the risk
// tables one scan at a time), and those tables are then filled from the scans in one statement
// each, as the triggers would have.

export type SeedScaleOptions = {
  slug: string;
  /** Codes: an even number (an overt and a covert code per unit). */
  codes: number;
  scans: number;
  /** Scans are spread over this many days before now. */
  days: number;
};
export const SEED_SCALE_DEFAULTS: SeedScaleOptions = { slug: 'scale', codes: 100_000, scans: 1_000_000, days: 365 };

const PRODUCTS = 10;
const UNITS_PER_BATCH = 1000;
/** Coarse places the scans come from (Indian and nearby cities), each scan jittered by up to 0.03°. */
const CITIES: Array<[number, number]> = [
  [28.61, 77.21], [19.08, 72.88], [12.97, 77.59], [13.08, 80.27], [22.57, 88.36], [17.39, 78.49], [18.52, 73.86], [23.02, 72.57],
  [26.91, 75.79], [26.85, 80.95], [21.15, 79.09], [22.72, 75.86], [30.73, 76.78], [9.93, 76.27], [11.02, 76.96], [25.59, 85.14],
  [27.7, 85.32], [23.81, 90.41], [6.93, 79.86], [24.86, 67.01], [31.55, 74.34], [25.28, 51.53], [25.2, 55.27], [1.35, 103.82],
];

export type SeedScaleResult = { slug: string; clientId: string; created: boolean; codes: number; scans: number; ms: number };

export async function seedScale(options: Partial<SeedScaleOptions> = {}): Promise<SeedScaleResult> {
  const o = { ...SEED_SCALE_DEFAULTS, ...options };
  if (o.codes < 2 || o.codes % 2 !== 0) throw new Error('codes must be an even number of at least 2');
  if (o.scans < 0 || o.days < 1) throw new Error('scans must be 0 or more and days at least 1');
  const t0 = performance.now();
  const db = await getDb();
  const [existing] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, o.slug));
  if (existing) {
    // Already seeded (a reused DATA_DIR): report what is there.
    const [c] = await db.select({ n: count() }).from(codes).where(eq(codes.clientId, existing.id));
    const n = await db.execute(sql`select count(*)::int as n from scans where client_id = ${existing.id}`);
    return { slug: o.slug, clientId: existing.id, created: false, codes: c?.n ?? 0, scans: Number(rowsOf(n)[0]?.n ?? 0), ms: performance.now() - t0 };
  }
  const brand = await createBrand({
    slug: o.slug,
    name: `Scale ${o.slug}`,
    domains: [`${o.slug}.localhost`],
    config: { flags: { isWarrantyEnabled: true, isRedFlaggingEnabled: true, isComplaintManagementEnabled: true, isQrSerializationEnabled: true, isVTCodesEnabled: true } },
  });
  const cid = brand.id;
  const p = `${o.slug}-`; // ids of this brand's seeded rows start with the slug
  const units = o.codes / 2;
  const batchesCount = Math.max(1, Math.ceil(units / UNITS_PER_BATCH));
  const customers = Math.max(1, Math.min(20_000, Math.floor(units / 2)));
  const claimed = Math.floor(units * 0.4);
  const complaintsCount = Math.max(1, Math.floor(units / 10));
  const flagsCount = Math.max(1, Math.floor(units / 100));
  const cityLat = sql.raw(`(array[${CITIES.map((c) => c[0]).join(',')}]::float8[])`);
  const cityLng = sql.raw(`(array[${CITIES.map((c) => c[1]).join(',')}]::float8[])`);
  const spanSeconds = o.days * 86_400;

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into products (id, client_id, name, description, warranty_months)
      select ${p} || 'pr-' || g, ${cid}, 'Scale product ' || g, 'A product of the scale seed', 12 from generate_series(1, ${PRODUCTS}) g`);
    await tx.execute(sql`
      insert into batches (id, client_id, product_id, batch_number, mfg_date, expiry_date)
      select ${p} || 'ba-' || g, ${cid}, ${p} || 'pr-' || (1 + (g - 1) % ${PRODUCTS}), 'SB-' || lpad(g::text, 4, '0'), date '2025-01-01',
             case when g % 10 = 0 then date '2025-12-31' else null end
      from generate_series(1, ${batchesCount}) g`);
    // Code i: unit (i + 1) / 2, overt when i is odd, covert when even; batch by unit.
    await tx.execute(sql`
      insert into codes (id, client_id, qr_id, level, product_id, batch_id, pair_id, auth_code, created_at)
      select ${p} || 'co-' || i, ${cid}, 'Z' || substr(md5(${o.slug} || ':' || i), 1, 16), case when i % 2 = 1 then 6 else 7 end,
             ${p} || 'pr-' || (1 + ((((i + 1) / 2) - 1) / ${UNITS_PER_BATCH}) % ${PRODUCTS}),
             ${p} || 'ba-' || (1 + (((i + 1) / 2) - 1) / ${UNITS_PER_BATCH}),
             ${p} || 'un-' || ((i + 1) / 2),
             case when i % 2 = 0 then upper(lpad(to_hex(i / 2), 5, '0')) || upper(substr(md5('auth:' || ${o.slug} || ':' || i), 1, 5)) else null end,
             now() - interval '400 days' + i * interval '1 second'
      from generate_series(1, ${o.codes}) i`);
    await tx.execute(sql`
      insert into customers (id, client_id, user_name, email, created_at)
      select ${p} || 'cu-' || g, ${cid}, 'Customer ' || g, ${o.slug} || '-customer-' || g || '@example.com', now() - interval '400 days'
      from generate_series(1, ${customers}) g`);
    await tx.execute(sql`
      insert into claims (unit_id, client_id, customer_id, claimed_at)
      select ${p} || 'un-' || u, ${cid}, ${p} || 'cu-' || (1 + u % ${customers}), now() - ((u::bigint * 7919) % ${spanSeconds}) * interval '1 second'
      from generate_series(1, ${claimed}) u`);
    // Scans: the code, time, result, risk and place all follow from the row number.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into scans (id, client_id, code_id, unit_key, qr_id_raw, customer_id, at, kind, layer, result, lat, lng, session_key, risk)
      select ${p} || 'sc-' || s, ${cid}, ${p} || 'co-' || c, ${p} || 'un-' || ((c + 1) / 2), 'Z' || substr(md5(${o.slug} || ':' || c), 1, 16),
             case when c % 2 = 0 and (c + 1) / 2 <= ${claimed} then ${p} || 'cu-' || (1 + ((c + 1) / 2) % ${customers}) else null end,
             now() - ((${o.scans} - s)::float8 / ${o.scans} * ${spanSeconds}) * interval '1 second',
             case when c % 2 = 1 then 'pre sale' else 'post sale' end, case when c % 2 = 1 then 2 else 3 end,
             case when r < 50 then 'Genuine Pre Sale' when r < 62 then 'Genuine Pre Sale & Claim Warranty' when r < 78 then 'Genuine Post Sale'
                  when r < 86 then 'Info' when r < 91 then 'Fake' when r < 94 then 'Invalid Product' when r < 97 then 'Expired' else 'Product Cliamed' end,
             case when s % 10 = 0 then null else round((${cityLat}[1 + (s * 13) % ${CITIES.length}] + ((s % 7) - 3) * 0.01)::numeric, 2)::float8 end,
             case when s % 10 = 0 then null else round((${cityLng}[1 + (s * 13) % ${CITIES.length}] + ((s % 5) - 2) * 0.01)::numeric, 2)::float8 end,
             'scale-device-' || ((s * 17) % 200000),
             case when s % 50 = 0 then 'suspect' when s % 20 = 0 then 'caution' else 'none' end
      from (select s, 1 + ((s::bigint * 48271) % ${o.codes}) as c, (s * 37) % 100 as r from generate_series(1, ${o.scans}) s) g`);
    await tx.execute(sql`set local session_replication_role = origin`);
    await tx.execute(sql`
      insert into unit_scan_stats (client_id, unit_key, verified_count, first_verified_at)
      select client_id, unit_key, count(*), min(at) from scans
      where client_id = ${cid} and unit_key is not null
        and result in ('Genuine Pre Sale', 'Genuine Pre Sale & Claim Warranty', 'Genuine Post Sale', 'Info',
                       'Product Cliamed', 'Batch Details Only', 'Expired', 'Scan pre sale first')
      group by client_id, unit_key`);
    await tx.execute(sql`
      insert into unit_sessions (client_id, unit_key, session_key, customer_id, first_at, last_at, lat, lng, place_at, scan_count)
      select client_id, unit_key, session_key, max(customer_id), min(at), max(at),
             (array_agg(lat order by at) filter (where lat is not null))[1], (array_agg(lng order by at) filter (where lat is not null))[1],
             min(at) filter (where lat is not null), count(*)
      from scans
      where client_id = ${cid} and unit_key is not null and session_key is not null
        and result in ('Genuine Pre Sale', 'Genuine Pre Sale & Claim Warranty', 'Genuine Post Sale', 'Info',
                       'Product Cliamed', 'Batch Details Only', 'Expired', 'Scan pre sale first')
      group by client_id, unit_key, session_key`);
    await tx.execute(sql`
      insert into complaints (id, client_id, customer_id, ticket_id, unit_id, product_id, category, priority, description, status, created_at, updated_at)
      select ${p} || 'cp-' || g, ${cid}, ${p} || 'cu-' || (1 + g % ${customers}), 'TKT-' || lpad(g::text, 6, '0'), ${p} || 'un-' || (1 + (g * 7) % ${claimed > 0 ? claimed : 1}),
             ${p} || 'pr-' || (1 + g % ${PRODUCTS}), (array['Product quality', 'Damaged product', 'Suspected counterfeit', 'Warranty', 'Reward or payment', 'Other'])[1 + g % 6],
             (array['Low', 'Medium', 'High'])[1 + g % 3], 'Complaint ' || g || ' of the scale seed',
             (array['unassigned', 'open', 'inprogress', 'closed'])[1 + g % 4],
             now() - ((g::bigint * 104729) % ${spanSeconds}) * interval '1 second', now() - ((g::bigint * 104729) % ${spanSeconds}) * interval '1 second'
      from generate_series(1, ${claimed > 0 ? complaintsCount : 0}) g`);
    await tx.execute(sql`
      insert into ticket_counters (client_id, last_number) values (${cid}, ${claimed > 0 ? complaintsCount : 0})
      on conflict (client_id) do update set last_number = excluded.last_number`);
    await tx.execute(sql`
      insert into red_flags (id, client_id, unit_key, code_id, product_id, rules, reasons, status, created_at)
      select ${p} || 'rf-' || g, ${cid}, ${p} || 'un-' || (1 + ((g * 97) % ${units})), ${p} || 'co-' || (1 + 2 * ((g * 97) % ${units})),
             ${p} || 'pr-' || (1 + (((g * 97) % ${units}) / ${UNITS_PER_BATCH}) % ${PRODUCTS}), array['places'], '["Checked in places far apart"]'::jsonb,
             (array['open', 'resolved', 'dismissed'])[1 + g % 3], now() - ((g::bigint * 15485863) % ${spanSeconds}) * interval '1 second'
      from generate_series(1, ${flagsCount}) g
      on conflict do nothing`);
  });
  // Fresh statistics for the planner (and, on PostgreSQL, the visibility map for index-only scans).
  for (const table of ['codes', 'scans', 'claims', 'complaints', 'red_flags', 'customers', 'unit_sessions', 'unit_scan_stats']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  const [c] = await db.select({ n: count() }).from(codes).where(and(eq(codes.clientId, cid)));
  return { slug: o.slug, clientId: cid, created: true, codes: c?.n ?? 0, scans: o.scans, ms: performance.now() - t0 };
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  const r = result as { rows?: Array<Record<string, unknown>> } | Array<Record<string, unknown>>;
  return Array.isArray(r) ? r : (r.rows ?? []);
}

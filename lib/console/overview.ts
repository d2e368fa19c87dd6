import 'server-only';
import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { placeNameOf } from '@/lib/places/gazetteer';
import { ensureRollups, firstLiveDay, rolledUpQuery } from '@/lib/db/scan-rollups';
import { batches, claims, codes, complaints, payouts, products, redFlags, rewardGrants, scans, warranties } from '@/lib/db/schema';
import { GENUINE_CHECK_LABELS } from '@/lib/domain/verdict';
import { fieldError } from '@/lib/errors';
import {
  OVERVIEW_DEFAULT_DAYS,
  OVERVIEW_MAX_DAYS,
  OVERVIEW_MAX_FLAGS,
  OVERVIEW_MAX_PLACES,
  overviewSchema,
  type Overview,
  type OverviewQuery,
} from '@/lib/schemas/console-overview';
import type { ConsoleScope } from './scope';

// The brand's overview (docs/console.md, "Overview"): what happened to its codes in a range of
// days, per day and result group, where (coarse places), and what waits on the brand now. Every
// query is scoped by the brand; days are UTC days. Read-only: nothing is audited.

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** Payouts the brand still owes: claimed by the customer, not paid yet (failed ones are retried). */
export const WAITING_PAYOUT_STATUSES = ['TRANSFER_PENDING', 'PENDING_AT_BANK', 'TRANSFER_FAILED'] as const;

/** The range a query asks for: the last 30 days by default, at most a year. */
export function overviewRange(query: Pick<OverviewQuery, 'from' | 'to'>, now = new Date()): { from: string; to: string } {
  const to = query.to ?? (query.from ? dayOf(new Date(Math.min(startOf(query.from).getTime() + (OVERVIEW_DEFAULT_DAYS - 1) * DAY_MS, now.getTime()))) : dayOf(now));
  const from = query.from ?? dayOf(new Date(startOf(to).getTime() - (OVERVIEW_DEFAULT_DAYS - 1) * DAY_MS));
  if (from > to) throw fieldError('unprocessable', 'to', 'must not be before from');
  const days = (startOf(to).getTime() - startOf(from).getTime()) / DAY_MS + 1;
  if (days > OVERVIEW_MAX_DAYS) throw fieldError('unprocessable', 'from', `the range must be at most ${OVERVIEW_MAX_DAYS} days`);
  return { from, to };
}

type Filter = { productId?: string; batchId?: string };

/** The product and batch filters, each checked to be the brand's (404 with the field otherwise). */
async function resolveFilter(clientId: string, query: OverviewQuery): Promise<Filter> {
  const db = await getDb();
  const filter: Filter = {};
  if (query.product) {
    const [p] = await db.select({ id: products.id }).from(products).where(and(eq(products.clientId, clientId), eq(products.id, query.product)));
    if (!p) throw fieldError('not_found', 'product', 'no such product of this brand');
    filter.productId = p.id;
  }
  if (query.batch) {
    const [b] = await db
      .select({ id: batches.id, productId: batches.productId })
      .from(batches)
      .where(and(eq(batches.clientId, clientId), sql`upper(${batches.batchNumber}) = upper(${query.batch})`));
    if (!b) throw fieldError('not_found', 'batch', 'no such batch of this brand');
    if (filter.productId && b.productId !== filter.productId) throw fieldError('unprocessable', 'batch', 'is not a batch of the chosen product');
    filter.batchId = b.id;
  }
  return filter;
}

/** Codes of the brand matching the filter, as a subquery of ids (for scans and red flags by code). */
function codeIdsOf(clientId: string, f: Filter) {
  return sql`(select ${codes.id} from ${codes} where ${and(eq(codes.clientId, clientId), f.productId ? eq(codes.productId, f.productId) : undefined, f.batchId ? eq(codes.batchId, f.batchId) : undefined)})`;
}
/** Units (pair ids) of the brand matching the filter, for claims, warranties, complaints, payouts. */
function unitIdsOf(clientId: string, f: Filter) {
  return sql`(select ${codes.pairId} from ${codes} where ${and(
    eq(codes.clientId, clientId),
    sql`${codes.pairId} is not null`,
    eq(codes.level, 7),
    f.productId ? eq(codes.productId, f.productId) : undefined,
    f.batchId ? eq(codes.batchId, f.batchId) : undefined,
  )})`;
}

const count = () => sql<number>`count(*)`.mapWith(Number);


export async function overview(scope: ConsoleScope, query: OverviewQuery, now = new Date()): Promise<Overview> {
  const { clientId } = scope;
  const { from, to } = overviewRange(query, now);
  const filter = await resolveFilter(clientId, query);
  const filtered = Boolean(filter.productId || filter.batchId);
  const start = startOf(from);
  const end = new Date(startOf(to).getTime() + DAY_MS);
  const db = await getDb();

  // Scans per day and per coarse place: completed days from their daily rollups (counted once, the
  // first time a range needs them: lib/db/scan-rollups.ts), the days since from the scans
  // themselves. Both answer the same rows; the work is bounded by the range's days, not its scans.
  const liveFrom = firstLiveDay(now);
  const rolledTo = to < liveFrom ? to : dayOf(new Date(startOf(liveFrom).getTime() - DAY_MS));
  const liveStart = from > liveFrom ? start : startOf(liveFrom);
  if (from <= rolledTo) await ensureRollups(clientId, from, rolledTo);
  const scanWhere = and(
    eq(scans.clientId, clientId),
    gte(scans.at, liveStart),
    lt(scans.at, end),
    filtered ? sql`${scans.codeId} in ${codeIdsOf(clientId, filter)}` : undefined,
  );
  // One pass over the live days' scans (read from the (client_id, at) index alone), grouped two
  // ways at once: by UTC day, and by place rounded to one decimal (float arithmetic).
  const grouped = sql`
    select grouping(g.day) as by_place, to_char(g.day, 'YYYY-MM-DD') as day, g.lat, g.lng,
           count(*)::int as scans,
           (count(*) filter (where ${inArray(sql`g.result`, [...GENUINE_CHECK_LABELS])}))::int as genuine,
           (count(*) filter (where g.result = 'Fake'))::int as fake,
           (count(*) filter (where g.result = 'Invalid Product'))::int as invalid,
           (count(*) filter (where g.result = 'Expired'))::int as expired,
           (count(*) filter (where g.risk = 'suspect'))::int as suspect
    from (
      select (${scans.at} at time zone 'UTC')::date as day, round(${scans.lat} * 10) / 10 as lat, round(${scans.lng} * 10) / 10 as lng,
             ${scans.result} as result, ${scans.risk} as risk
      from ${scans} where ${scanWhere}
    ) g
    group by grouping sets ((g.day), (g.lat, g.lng))`;
  const units = filtered ? unitIdsOf(clientId, filter) : undefined;

  const [groupedRows, rolledRows, claimRows, warrantyRows, complaintRows, payoutRows, flagCountRows, flagRows, productRows] = await Promise.all([
    liveStart < end ? db.execute(grouped) : Promise.resolve({ rows: [] }),
    from <= rolledTo ? db.execute(rolledUpQuery(clientId, from, rolledTo, filter)) : Promise.resolve({ rows: [] }),
    db
      .select({ n: count() })
      .from(claims)
      .where(and(eq(claims.clientId, clientId), gte(claims.claimedAt, start), lt(claims.claimedAt, end), units ? sql`${claims.unitId} in ${units}` : undefined)),
    db
      .select({ n: count() })
      .from(warranties)
      .where(
        and(
          eq(warranties.clientId, clientId),
          gte(warranties.createdAt, start),
          lt(warranties.createdAt, end),
          units ? sql`${warranties.unitId} in ${units}` : undefined,
        ),
      ),
    db
      .select({ n: count() })
      .from(complaints)
      .where(
        and(
          eq(complaints.clientId, clientId),
          ne(complaints.status, 'closed'),
          filter.batchId ? sql`${complaints.unitId} in ${units}` : filter.productId ? eq(complaints.productId, filter.productId) : undefined,
        ),
      ),
    db
      .select({ n: count() })
      .from(payouts)
      .innerJoin(rewardGrants, and(eq(rewardGrants.id, payouts.grantId), eq(rewardGrants.clientId, clientId)))
      .where(and(eq(payouts.clientId, clientId), inArray(payouts.status, [...WAITING_PAYOUT_STATUSES]), units ? sql`${rewardGrants.unitId} in ${units}` : undefined)),
    db
      .select({ n: count() })
      .from(redFlags)
      .where(and(eq(redFlags.clientId, clientId), gte(redFlags.createdAt, start), lt(redFlags.createdAt, end), flagFilter(clientId, filter))),
    db.execute(sql`
      select rf.id, coalesce(c.qr_id, '') as qr_id, rf.created_at, rf.rules, p.lat, p.lng
      from ${redFlags} rf
      left join ${codes} c on c.id = rf.code_id and c.client_id = rf.client_id
      join lateral (
        select round(s.lat * 10) / 10 as lat, round(s.lng * 10) / 10 as lng
        from ${scans} s
        where s.client_id = rf.client_id and s.unit_key = rf.unit_key and s.lat is not null and s.lng is not null
        order by s.at desc limit 1
      ) p on true
      where rf.client_id = ${clientId} and rf.created_at >= ${start.toISOString()} and rf.created_at < ${end.toISOString()}
        ${filter.productId ? sql`and rf.product_id = ${filter.productId}` : sql``}
        ${filter.batchId ? sql`and rf.code_id in ${codeIdsOf(clientId, filter)}` : sql``}
      order by rf.created_at desc, rf.id
      limit ${OVERVIEW_MAX_FLAGS}
    `),
    db.select({ id: products.id, name: products.name }).from(products).where(eq(products.clientId, clientId)).orderBy(asc(products.name), asc(products.id)),
  ]);

  type Grouped = { by_place: number; day: string | null; lat: number | null; lng: number | null; scans: number; genuine: number; fake: number; invalid: number; expired: number; suspect: number };
  const rows = [...rowsOf(groupedRows), ...rowsOf(rolledRows)] as unknown as Grouped[];
  // The live and rolled-up days are disjoint; a place may be in both, so places are summed.
  const byDay = new Map(rows.filter((r) => Number(r.by_place) === 0).map((r) => [r.day!, r]));
  const placeMap = new Map<string, { lat: number; lng: number; scans: number; suspect: number }>();
  for (const r of rows) {
    if (Number(r.by_place) !== 1 || r.lat === null || r.lng === null) continue;
    const lat = Number(r.lat);
    const lng = Number(r.lng);
    const key = `${lat},${lng}`;
    const p = placeMap.get(key) ?? { lat, lng, scans: 0, suspect: 0 };
    p.scans += Number(r.scans);
    p.suspect += Number(r.suspect);
    placeMap.set(key, p);
  }
  const places = [...placeMap.values()]
    .sort((a, b) => b.scans - a.scans || a.lat - b.lat || a.lng - b.lng)
    .slice(0, OVERVIEW_MAX_PLACES)
    .map((p) => ({ ...p, near: placeNameOf(p) ?? '' }));
  const days: Overview['days'] = [];
  for (let t = start.getTime(); t < end.getTime(); t += DAY_MS) {
    const day = dayOf(new Date(t));
    const r = byDay.get(day);
    days.push({ day, scans: Number(r?.scans ?? 0), genuine: Number(r?.genuine ?? 0), fake: Number(r?.fake ?? 0), invalid: Number(r?.invalid ?? 0), expired: Number(r?.expired ?? 0), suspect: Number(r?.suspect ?? 0) });
  }
  const sum = (k: 'scans' | 'genuine' | 'fake' | 'invalid' | 'expired' | 'suspect') => days.reduce((n, d) => n + d[k], 0);
  const flags = rowsOf(flagRows).map((r) => ({
    id: String(r.id),
    qrId: String(r.qr_id),
    createdAt: new Date(r.created_at as string | Date).toISOString(),
    rules: (r.rules as string[] | null) ?? [],
    lat: Number(r.lat),
    lng: Number(r.lng),
    near: placeNameOf({ lat: Number(r.lat), lng: Number(r.lng) }) ?? '',
  }));
  return overviewSchema.parse({
    from,
    to,
    product: filter.productId ?? '',
    batch: filter.batchId ? (query.batch ?? '') : '',
    totals: {
      scans: sum('scans'),
      genuine: sum('genuine'),
      fake: sum('fake'),
      invalid: sum('invalid'),
      expired: sum('expired'),
      suspect: sum('suspect'),
      claims: claimRows[0]?.n ?? 0,
      warranties: warrantyRows[0]?.n ?? 0,
      openComplaints: complaintRows[0]?.n ?? 0,
      payoutsWaiting: payoutRows[0]?.n ?? 0,
      redFlags: flagCountRows[0]?.n ?? 0,
    },
    days,
    places,
    flags,
    products: productRows,
  });
}

function flagFilter(clientId: string, f: Filter): SQL | undefined {
  if (f.batchId) return sql`${redFlags.codeId} in ${codeIdsOf(clientId, f)}`;
  if (f.productId) return eq(redFlags.productId, f.productId);
  return undefined;
}

/** Rows of a raw query, from either driver (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf(result: unknown): Array<Record<string, unknown>> {
  const r = result as { rows?: Array<Record<string, unknown>> } | Array<Record<string, unknown>>;
  return Array.isArray(r) ? r : (r.rows ?? []);
}

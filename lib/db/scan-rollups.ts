import 'server-only';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { getDb } from './client';
import type { DbOrTx } from './db-or-tx';
import { scanDayRollups, scanRollupDays } from './schema';
import { GENUINE_CHECK_LABELS } from '@/lib/domain/verdict';

// Daily rollups of a brand's scans (migration 0021), for the console's overview: a UTC day that
// ended more than ROLLUP_LAG_MS ago is counted once, the first time a range needs it, per coarse
// place at three grains (the brand, each product, each batch), and afterwards read as a few rows.
// Nothing runs per scan. What may still change a past day's scans is the retention purge: it
// deletes a brand's scans before a cutoff and, in the same transaction and under the same lock,
// the rollups of every day up to the cutoff's (forgetRollupsThrough), so those days are counted
// again from what is left. Blacklisting or deleting a code changes no past scan (its result is
// the one shown then; a deleted code stays, marked), so the rollups stay right.

const DAY_MS = 86_400_000;
/** A day is rolled up once it ended this long ago: a scan written across midnight has landed by then. */
export const ROLLUP_LAG_MS = 3_600_000;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** The first day that is not rolled up yet at `now` (it, and every later day, is read live). */
export function firstLiveDay(now: Date): string {
  return dayOf(new Date(now.getTime() - ROLLUP_LAG_MS));
}

/** One lock per brand, held by whoever counts its days or purges its scans, until the transaction ends. */
export async function lockRollups(tx: DbOrTx, clientId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`scan-rollups:${clientId}`}))`);
}

/** Forgets the rollups of the brand's days up to and including `day` (after its scans were purged). */
export async function forgetRollupsThrough(tx: DbOrTx, clientId: string, day: string) {
  await tx.delete(scanDayRollups).where(and(eq(scanDayRollups.clientId, clientId), lte(scanDayRollups.day, day)));
  await tx.delete(scanRollupDays).where(and(eq(scanRollupDays.clientId, clientId), lte(scanRollupDays.day, day)));
}

/** The days from `from` to `to` (inclusive, YYYY-MM-DD). */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = startOf(from).getTime(); t <= startOf(to).getTime(); t += DAY_MS) out.push(dayOf(new Date(t)));
  return out;
}

/**
 * Makes sure the brand's days from `from` to `to` (all completed: before firstLiveDay) are rolled
 * up. Counts only the days still missing, in one pass over their scans; concurrent callers and the
 * purge take the brand's lock, so a day is counted once and never from scans about to be purged.
 */
export async function ensureRollups(clientId: string, from: string, to: string): Promise<void> {
  if (from > to) return;
  const db = await getDb();
  const counted = async (q: DbOrTx) =>
    new Set(
      (
        await q
          .select({ day: scanRollupDays.day })
          .from(scanRollupDays)
          .where(and(eq(scanRollupDays.clientId, clientId), gte(scanRollupDays.day, from), lte(scanRollupDays.day, to)))
      ).map((r) => String(r.day)),
    );
  const wanted = daysBetween(from, to);
  if ((await counted(db)).size === wanted.length) return;
  await db.transaction(async (tx) => {
    await lockRollups(tx, clientId);
    const done = await counted(tx);
    const missing = wanted.filter((d) => !done.has(d));
    if (missing.length === 0) return;
    const first = missing[0]!;
    const last = missing[missing.length - 1]!;
    const list = `{${missing.join(',')}}`;
    await tx.execute(sql`set local work_mem = '32MB'`);
    await tx.execute(sql`
      insert into ${scanDayRollups} (client_id, day, grain, product_id, batch_id, lat, lng, scans, genuine, fake, invalid, expired, suspect)
      select ${clientId}, g.day,
             (case when grouping(g.product_id) = 1 then 0 when grouping(g.batch_id) = 1 then 1 else 2 end)::smallint,
             case when grouping(g.product_id) = 0 then g.product_id end,
             case when grouping(g.batch_id) = 0 then g.batch_id end,
             g.lat, g.lng,
             count(*)::int,
             (count(*) filter (where g.result in (${sql.join(
               GENUINE_CHECK_LABELS.map((l) => sql`${l}`),
               sql`, `,
             )})))::int,
             (count(*) filter (where g.result = 'Fake'))::int,
             (count(*) filter (where g.result = 'Invalid Product'))::int,
             (count(*) filter (where g.result = 'Expired'))::int,
             (count(*) filter (where g.risk = 'suspect'))::int
      from (
        select (s.at at time zone 'UTC')::date as day, c.product_id, c.batch_id,
               round(s.lat * 10) / 10 as lat, round(s.lng * 10) / 10 as lng, s.result, s.risk
        from scans s
        left join codes c on c.id = s.code_id and c.client_id = s.client_id
        where s.client_id = ${clientId} and s.at >= ${startOf(first).toISOString()} and s.at < ${new Date(startOf(last).getTime() + DAY_MS).toISOString()}
      ) g
      where g.day = any(${list}::date[])
      group by grouping sets ((g.day, g.lat, g.lng), (g.day, g.product_id, g.lat, g.lng), (g.day, g.product_id, g.batch_id, g.lat, g.lng))
      having (grouping(g.product_id) = 1 or g.product_id is not null) and (grouping(g.batch_id) = 1 or g.batch_id is not null)`);
    await tx.insert(scanRollupDays).values(missing.map((day) => ({ clientId, day })));
  });
}

export type RollupFilter = { productId?: string; batchId?: string };

/**
 * The rolled-up days from `from` to `to` (inclusive; call ensureRollups first), summed per day and
 * per coarse place: the same rows, by_place 0 or 1, as the overview's live query over scans.
 */
export function rolledUpQuery(clientId: string, from: string, to: string, f: RollupFilter) {
  const grain = f.batchId ? 2 : f.productId ? 1 : 0;
  const next = dayOf(new Date(startOf(to).getTime() + DAY_MS));
  return sql`
    select grouping(r.day) as by_place, to_char(r.day, 'YYYY-MM-DD') as day, r.lat, r.lng,
           sum(r.scans)::int as scans, sum(r.genuine)::int as genuine, sum(r.fake)::int as fake,
           sum(r.invalid)::int as invalid, sum(r.expired)::int as expired, sum(r.suspect)::int as suspect
    from scan_day_rollups r
    where r.client_id = ${clientId} and r.grain = ${grain} and r.day >= ${from}::date and r.day < ${next}::date
      ${f.productId ? sql`and r.product_id = ${f.productId}` : sql``}
      ${f.batchId ? sql`and r.batch_id = ${f.batchId}` : sql``}
    group by grouping sets ((r.day), (r.lat, r.lng))`;
}

import { and, eq, sql } from 'drizzle-orm';
import { placeNameOf } from '@/lib/places/gazetteer';
import { apiServerForFile, createTestBrand } from '../support/api-server';
import { createTestBatch, type CodeRow, type TestBatch } from '../support/codes';
import { signedInStaff, type SignedInStaff } from '../support/console';
import { getDb } from '@/lib/db/client';
import { codes, scanDayRollups, scanRollupDays, scans } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { GENUINE_CHECK_LABELS } from '@/lib/domain/verdict';
import { createBatch, createBatchArgs } from '@/lib/operator/catalog';
import { generateCodes, generateCodesArgs } from '@/lib/operator/catalog-codes';
import { purgeScans } from '@/lib/operator/retention';
import { deleteCodeOf, setCodeBlacklisted } from '@/lib/console/codes';
import { cliScope } from '@/lib/console/scope';
import { ROLLUP_LAG_MS } from '@/lib/db/scan-rollups';

// The overview reads completed days from their daily rollups and the days since from the scans
// (lib/db/scan-rollups.ts). Whatever it reads, its counts must equal a direct count over the
// scans: checked here over HTTP on a seeded set spanning 45 days (both sides of several UTC
// midnights, places and none, codes of two products and three batches, a scan of no code), with
// product and batch filters, after blacklisting and deleting codes, after a new scan today and
// after the retention purge has cut a day in the middle.

const server = apiServerForFile();
jest.setTimeout(120_000);

const DAY_MS = 86_400_000;
const RETENTION_DAYS = 30;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const midnight = (d: Date) => new Date(`${dayOf(d)}T00:00:00Z`);

type Brand = Awaited<ReturnType<typeof createTestBrand>>;
let brand: Brand;
let other: Brand;
let analyst: SignedInStaff;
let p1a: TestBatch; // product 1, batch a
let p1b: { batchNumber: string; codes: CodeRow[] }; // product 1, batch b
let p2: TestBatch; // product 2
let productOne: string;
let productTwo: string;
const now = new Date();

const RESULTS = ['Genuine Pre Sale', 'Genuine Pre Sale & Claim Warranty', 'Genuine Post Sale', 'Fake', 'Invalid Product', 'Expired', 'Info', 'Product Cliamed'];
const PLACES: Array<[number, number] | null> = [[18.52, 73.86], [18.54, 73.88], [28.61, 77.21], [28.63, 77.19], null, [-33.87, 151.21]];

async function insertScan(clientId: string, code: CodeRow | null, at: Date, i: number) {
  const db = await getDb();
  const place = PLACES[i % PLACES.length]!;
  await db.insert(scans).values({
    id: randomId('sc', 16),
    clientId,
    codeId: code?.id ?? null,
    unitKey: code ? (code.pairId ?? code.id) : null,
    qrIdRaw: code?.qrId ?? 'ZNOSUCHCODE00000',
    at,
    kind: 'pre sale',
    layer: 2,
    result: RESULTS[i % RESULTS.length]!,
    lat: place ? place[0] : null,
    lng: place ? place[1] : null,
    risk: i % 3 === 0 ? 'suspect' : i % 3 === 1 ? 'caution' : null,
  });
}

type Counts = { scans: number; genuine: number; fake: number; invalid: number; expired: number; suspect: number };
const zero = (): Counts => ({ scans: 0, genuine: 0, fake: 0, invalid: 0, expired: 0, suspect: 0 });

/** The overview's scan figures counted straight from the scans, in JavaScript. */
async function directCount(clientId: string, from: string, to: string, filter: { productId?: string; batchId?: string }) {
  const db = await getDb();
  const rows = await db
    .select({ at: scans.at, result: scans.result, risk: scans.risk, lat: scans.lat, lng: scans.lng, productId: codes.productId, batchId: codes.batchId })
    .from(scans)
    .leftJoin(codes, and(eq(codes.id, scans.codeId), eq(codes.clientId, scans.clientId)))
    .where(and(eq(scans.clientId, clientId), sql`${scans.at} >= ${`${from}T00:00:00Z`}::timestamptz`, sql`${scans.at} < (${to}::date + 1)::timestamptz`));
  const days = new Map<string, Counts>();
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) days.set(dayOf(new Date(t)), zero());
  const places = new Map<string, { lat: number; lng: number; scans: number; suspect: number }>();
  const totals = zero();
  for (const r of rows) {
    if (filter.productId && r.productId !== filter.productId) continue;
    if (filter.batchId && r.batchId !== filter.batchId) continue;
    const d = days.get(dayOf(r.at))!;
    for (const c of [d, totals]) {
      c.scans++;
      if ((GENUINE_CHECK_LABELS as readonly string[]).includes(r.result)) c.genuine++;
      if (r.result === 'Fake') c.fake++;
      if (r.result === 'Invalid Product') c.invalid++;
      if (r.result === 'Expired') c.expired++;
      if (r.risk === 'suspect') c.suspect++;
    }
    if (r.lat !== null && r.lng !== null) {
      const lat = Math.round(r.lat * 10) / 10;
      const lng = Math.round(r.lng * 10) / 10;
      const p = places.get(`${lat},${lng}`) ?? { lat, lng, scans: 0, suspect: 0 };
      p.scans++;
      if (r.risk === 'suspect') p.suspect++;
      places.set(`${lat},${lng}`, p);
    }
  }
  return {
    totals,
    days: [...days.entries()].map(([day, c]) => ({ day, ...c })),
    places: [...places.values()].sort((a, b) => b.scans - a.scans || a.lat - b.lat || a.lng - b.lng).map((p) => ({ ...p, near: placeNameOf(p) ?? '' })),
  };
}

type Query = { label: string; qs: string; from: string; to: string; filter: { productId?: string; batchId?: string } };

function queries(): Query[] {
  const today = dayOf(now);
  const ago = (n: number) => dayOf(new Date(now.getTime() - n * DAY_MS));
  const bId = (n: string) => n;
  return [
    { label: 'the last 30 days', qs: '', from: ago(29), to: today, filter: {} },
    { label: '45 days', qs: `?from=${ago(44)}&to=${today}`, from: ago(44), to: today, filter: {} },
    { label: 'completed days only', qs: `?from=${ago(40)}&to=${ago(2)}`, from: ago(40), to: ago(2), filter: {} },
    { label: 'today only', qs: `?from=${today}&to=${today}`, from: today, to: today, filter: {} },
    { label: 'one product', qs: `?from=${ago(44)}&product=${productOne}`, from: ago(44), to: dayOf(new Date(Math.min(now.getTime(), Date.parse(`${ago(44)}T00:00:00Z`) + 29 * DAY_MS))), filter: { productId: productOne } },
    { label: 'one product, 45 days', qs: `?from=${ago(44)}&to=${today}&product=${productTwo}`, from: ago(44), to: today, filter: { productId: productTwo } },
    { label: 'one batch', qs: `?from=${ago(44)}&to=${today}&batch=${p1b.batchNumber}`, from: ago(44), to: today, filter: { batchId: bId('b') } },
    { label: 'a product and its batch', qs: `?from=${ago(44)}&to=${today}&product=${productOne}&batch=${p1a.batchNumber}`, from: ago(44), to: today, filter: { productId: productOne, batchId: bId('a') } },
  ];
}

let batchIds: { a: string; b: string };

async function expectEqualToDirectCounts() {
  for (const q of queries()) {
    const filter = { productId: q.filter.productId, batchId: q.filter.batchId ? batchIds[q.filter.batchId as 'a' | 'b'] : undefined };
    const res = await analyst.fetch(`/api/console/brands/${brand.slug}/overview${q.qs}`);
    expect([q.label, res.status]).toEqual([q.label, 200]);
    expect([q.label, res.body.from, res.body.to]).toEqual([q.label, q.from, q.to]);
    const direct = await directCount(brand.id, q.from, q.to, filter);
    expect([q.label, res.body.totals]).toEqual([q.label, expect.objectContaining(direct.totals)]);
    expect([q.label, res.body.days]).toEqual([q.label, direct.days]);
    expect([q.label, res.body.places]).toEqual([q.label, direct.places]);
  }
}

beforeAll(async () => {
  brand = await createTestBrand({ verification: { risk: { retentionDays: RETENTION_DAYS } } });
  other = await createTestBrand();
  p1a = await createTestBatch(brand, { units: 3 });
  p2 = await createTestBatch(brand, { units: 2 });
  const db = await getDb();
  const [a] = await db.select({ productId: codes.productId, batchId: codes.batchId }).from(codes).where(eq(codes.id, p1a.units[0]!.overt.id));
  const [two] = await db.select({ productId: codes.productId }).from(codes).where(eq(codes.id, p2.units[0]!.overt.id));
  productOne = a!.productId!;
  productTwo = two!.productId!;
  const batchNumber = randomId('B', 8);
  const b = await createBatch(createBatchArgs.parse({ slug: brand.slug, product: productOne, batchNumber, mfgDate: '2025-01-01' }));
  await generateCodes(generateCodesArgs.parse({ slug: brand.slug, batch: batchNumber, count: 2 }));
  p1b = { batchNumber, codes: await db.select().from(codes).where(and(eq(codes.clientId, brand.id), eq(codes.batchId, b.id))) };
  batchIds = { a: a!.batchId!, b: b.id };
  analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });

  const pool: Array<CodeRow | null> = [...p1a.units.flatMap((u) => [u.overt, u.covert]), ...p2.units.flatMap((u) => [u.overt, u.covert]), ...p1b.codes, null];
  const today = midnight(now).getTime();
  let i = 0;
  // Every day from 45 days ago to today: a few scans spread over the day, and one on each side of
  // its midnight (the last millisecond of the day before, the first of the day).
  for (let d = 44; d >= 0; d--) {
    const dayStart = today - d * DAY_MS;
    const times = [dayStart, dayStart + 6 * 3_600_000 + 17_000, dayStart + 13 * 3_600_000, dayStart - 1, dayStart + 1];
    if (d % 3 === 0) times.push(dayStart + 22 * 3_600_000);
    for (const t of times) {
      if (t > now.getTime()) continue;
      await insertScan(brand.id, pool[i % pool.length]!, new Date(t), i);
      i++;
    }
  }
  // Around what the purge's cutoff will be (RETENTION_DAYS after "now + 10 days": 20 days ago).
  const cutoff = now.getTime() - 20 * DAY_MS;
  for (const dt of [-3_600_000, -60_000, -1_000, 1_000, 60_000, 3_600_000]) await insertScan(brand.id, pool[i % pool.length]!, new Date(cutoff + dt), i++);
  // Within the last hour (still read live even when the day before is complete).
  await insertScan(brand.id, pool[0]!, new Date(now.getTime() - ROLLUP_LAG_MS / 2), i++);
  // Another brand's scans on the same days count for nobody here.
  for (let d = 0; d < 40; d += 7) await insertScan(other.id, null, new Date(today - d * DAY_MS + 3_600_000), d);
});

describe('the overview from daily rollups', () => {
  it('equals a direct count over the scans, with and without filters, and rolls up completed days once', async () => {
    await expectEqualToDirectCounts();
    const db = await getDb();
    const counted = await db.select({ day: scanRollupDays.day }).from(scanRollupDays).where(eq(scanRollupDays.clientId, brand.id));
    const days = counted.map((r) => String(r.day)).sort();
    // Counted: the completed days of the ranges asked for (not today, not a day that ended under an hour ago).
    expect(days[0]).toBe(dayOf(new Date(now.getTime() - 44 * DAY_MS)));
    expect(days).not.toContain(dayOf(now));
    expect(days.at(-1)! < dayOf(new Date(now.getTime() - ROLLUP_LAG_MS))).toBe(true);
    expect(new Set(days).size).toBe(days.length);
    // The other brand has none of this brand's rollups, and none of its own were made.
    expect(await db.select().from(scanDayRollups).where(eq(scanDayRollups.clientId, other.id))).toEqual([]);
    // Asking again reads the same rollups: the same answer, no new day counted.
    const again = await analyst.fetch(`/api/console/brands/${brand.slug}/overview?from=${days[0]}`);
    expect(again.status).toBe(200);
    expect((await db.select({ day: scanRollupDays.day }).from(scanRollupDays).where(eq(scanRollupDays.clientId, brand.id))).length).toBe(days.length);
  });

  it('still equals it after codes are blacklisted and deleted, and counts a new scan of today', async () => {
    const scope = cliScope(brand.id, brand.slug);
    await setCodeBlacklisted(scope, { qrId: p1a.units[0]!.overt.qrId, blacklisted: true });
    await deleteCodeOf(scope, { qrId: p1b.codes[0]!.qrId });
    const before = await analyst.fetch(`/api/console/brands/${brand.slug}/overview?from=${dayOf(new Date())}`);
    await insertScan(brand.id, p1b.codes[1]!, new Date(), 3);
    const after = await analyst.fetch(`/api/console/brands/${brand.slug}/overview?from=${dayOf(new Date())}`);
    expect(after.body.totals.scans).toBe(before.body.totals.scans + 1);
    await expectEqualToDirectCounts();
    expect(after.body.totals.scans).toBeGreaterThan(0);
  });

  it('still equals it after the retention purge cut a day in the middle', async () => {
    const db = await getDb();
    const cutoff = new Date(now.getTime() - 20 * DAY_MS);
    const cutDay = dayOf(cutoff);
    const onCutDay = async () =>
      (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(scans).where(and(eq(scans.clientId, brand.id), sql`(${scans.at} at time zone 'UTC')::date = ${cutDay}::date`)))[0]!.n;
    const beforePurge = await onCutDay();
    const res = await purgeScans({ slug: brand.slug }, new Date(now.getTime() + (RETENTION_DAYS - 20) * DAY_MS));
    expect(res.scansDeleted).toBeGreaterThan(0);
    const afterPurge = await onCutDay();
    // The cutoff's day lost scans and kept some: its rollup must be counted again, not reused.
    expect(afterPurge).toBeGreaterThan(0);
    expect(afterPurge).toBeLessThan(beforePurge);
    const left = await db.select({ day: scanRollupDays.day }).from(scanRollupDays).where(eq(scanRollupDays.clientId, brand.id));
    expect(left.every((r) => String(r.day) > cutDay)).toBe(true);
    await expectEqualToDirectCounts();
    const purgedDay = dayOf(new Date(now.getTime() - 30 * DAY_MS));
    const old = await analyst.fetch(`/api/console/brands/${brand.slug}/overview?from=${purgedDay}&to=${purgedDay}`);
    expect(old.body.totals.scans).toBe(0);
  });
});

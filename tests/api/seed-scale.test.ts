import { eq, sql } from 'drizzle-orm';
import '../support/api-server';
import { getDb } from '@/lib/db/client';
import { codes, scans, unitScanStats, unitSessions } from '@/lib/db/schema';
import { seedScale } from '@/lib/db/seed-scale';
import { randomId } from '@/lib/ids';
import { overview } from '@/lib/console/overview';
import { searchCodes } from '@/lib/console/codes';
import { cliScope } from '@/lib/console/scope';
import { codeSearchQuerySchema } from '@/lib/schemas/console-codes';
import { overviewQuerySchema } from '@/lib/schemas/console-overview';

// The scale seed (npm run seed:scale) at a small size: exact counts, the risk tables filled as
// the scan triggers would have, and a second run that leaves the brand as it is.

jest.setTimeout(120_000);

const rowsOf = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows;

it('seeds codes, scans, claims, complaints and red flags set-based, and reuses a seeded brand', async () => {
  const slug = randomId('s', 8).toLowerCase().replace('_', '-');
  const out = await seedScale({ slug, codes: 400, scans: 3000, days: 30 });
  expect(out).toMatchObject({ slug, created: true, codes: 400, scans: 3000 });
  const db = await getDb();
  const n = async (table: string) =>
    Number(rowsOf(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where client_id = ${out.clientId}`))[0]!.n);
  expect(await n('codes')).toBe(400);
  expect(await n('scans')).toBe(3000);
  expect(await n('claims')).toBe(80);
  expect(await n('complaints')).toBe(20);
  expect(await n('red_flags')).toBe(2);
  // Every qrId is unique and well formed; every covert code has an authentication code.
  const all = await db.select().from(codes).where(eq(codes.clientId, out.clientId));
  expect(new Set(all.map((c) => c.qrId)).size).toBe(400);
  expect(all.every((c) => /^Z[0-9a-f]{16}$/.test(c.qrId))).toBe(true);
  expect(all.filter((c) => c.level === 7).every((c) => /^[0-9A-HJKMNP-TV-Z]{10}$/.test(c.authCode ?? ''))).toBe(true);
  // The triggers' tables, filled in one statement each, agree with the scans.
  const [stats] = await db.select({ n: sql<number>`sum(${unitScanStats.verifiedCount})`.mapWith(Number) }).from(unitScanStats).where(eq(unitScanStats.clientId, out.clientId));
  const [verified] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(scans)
    .where(sql`${scans.clientId} = ${out.clientId} and ${scans.result} not in ('Fake', 'Invalid Product')`);
  expect(stats!.n).toBe(verified!.n);
  const [sessions] = await db.select({ n: sql<number>`sum(${unitSessions.scanCount})`.mapWith(Number) }).from(unitSessions).where(eq(unitSessions.clientId, out.clientId));
  expect(sessions!.n).toBe(verified!.n);
  // The console reads it: every scan lies in the last 30 days (31 calendar days at most).
  const scope = cliScope(out.clientId, slug);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const o = await overview(scope, overviewQuerySchema.parse({ from: day(new Date(Date.now() - 31 * 86_400_000)), to: day(new Date()) }));
  expect(o.totals.scans).toBe(3000);
  expect(o.days.reduce((t, d) => t + d.scans, 0)).toBe(3000);
  expect(o.totals.genuine + o.totals.fake + o.totals.invalid + o.totals.expired).toBeLessThan(o.totals.scans);
  const firstPage = await searchCodes(scope, codeSearchQuerySchema.parse({}));
  expect(firstPage.codes).toHaveLength(50);
  const again = await seedScale({ slug, codes: 400, scans: 3000, days: 30 });
  expect(again).toMatchObject({ created: false, codes: 400, scans: 3000 });
});

import { and, eq, sql } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { createTestBatch, type TestBatch } from '../support/codes';
import { signedInStaff, type SignedInStaff } from '../support/console';
import { getDb } from '@/lib/db/client';
import { auditLog, codes } from '@/lib/db/schema';
import { cliScope } from '@/lib/console/scope';
import { exportCodes, CODE_EXPORT_HEADER } from '@/lib/console/codes';
import { csvStream } from '@/lib/console/list-kit';
import type { StaffRole } from '@/lib/domain/staff-roles';

// The console's lists through the table kit (docs/console.md, "Lists"): sort and filter by the
// query (a value not understood is a 422 naming it), the count, and the CSV of exactly what is
// filtered, streamed a page at a time; scoped by brand and role.

const server = apiServerForFile();
jest.setTimeout(120_000);

type Brand = Awaited<ReturnType<typeof createTestBrand>>;
let brand: Brand;
let other: Brand;
let a: TestBatch;
let b: TestBatch;
const staffOf: Partial<Record<StaffRole, SignedInStaff>> = {};
let outsider: SignedInStaff;
const base = () => `/api/console/brands/${brand.slug}`;

/** The CSV's rows without the byte-order mark, the header first. */
const rowsOf = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);

beforeAll(async () => {
  brand = await createTestBrand();
  other = await createTestBrand();
  a = await createTestBatch(brand, { units: 3 });
  b = await createTestBatch(brand, { units: 2 });
  for (const role of ['owner', 'support', 'finance', 'analyst'] as const) staffOf[role] = await signedInStaff(server, { clientId: brand.id, role });
  outsider = await signedInStaff(server, { clientId: other.id, role: 'owner' });
  const db = await getDb();
  // Batch b was made on a day of its own, and one of its codes is blacklisted.
  await db.update(codes).set({ createdAt: new Date('2026-01-15T10:00:00Z') }).where(and(eq(codes.clientId, brand.id), eq(codes.batchId, b.units[0]!.overt.batchId)));
  await db.update(codes).set({ listStatus: 'Blacklisted' }).where(and(eq(codes.clientId, brand.id), eq(codes.id, b.units[1]!.overt.id)));
});

describe('the codes list', () => {
  it('filters by batch, state, kind and days, counts, and sorts both ways', async () => {
    const all = await staffOf.owner!.fetch(`${base()}/codes`);
    expect([all.status, all.body.total]).toEqual([200, 10]);
    const ofB = await staffOf.owner!.fetch(`${base()}/codes?batch=${b.batchNumber}&kind=overt&sort=qrId`);
    expect(ofB.body.total).toBe(2);
    const ids = [b.units[0]!.overt.qrId, b.units[1]!.overt.qrId].sort();
    expect(ofB.body.codes.map((c: { qrId: string }) => c.qrId)).toEqual(ids);
    const desc = await staffOf.owner!.fetch(`${base()}/codes?batch=${b.batchNumber}&kind=overt&sort=-qrId`);
    expect(desc.body.codes.map((c: { qrId: string }) => c.qrId)).toEqual([...ids].reverse());
    const black = await staffOf.owner!.fetch(`${base()}/codes?status=blacklisted`);
    expect([black.body.total, black.body.codes[0].qrId]).toEqual([1, b.units[1]!.overt.qrId]);
    const day = await staffOf.owner!.fetch(`${base()}/codes?from=2026-01-15&to=2026-01-15`);
    expect(day.body.total).toBe(4);
    const product = await staffOf.owner!.fetch(`${base()}/codes?product=${a.units[0]!.overt.productId}`);
    expect(product.body.total).toBe(6);
  });

  it('pages a sort by its keyset, every code once', async () => {
    const seen: string[] = [];
    let after = '';
    for (let i = 0; i < 10; i++) {
      const page = await staffOf.owner!.fetch(`${base()}/codes?sort=-created&limit=3${after ? `&after=${after}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.codes.map((c: { qrId: string }) => c.qrId));
      after = page.body.next;
      if (!after) break;
    }
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
  });

  it('answers a filter or sort not understood with 422 naming it', async () => {
    for (const [q, field] of [
      ['sort=colour', 'sort'],
      ['status=lost', 'status'],
      ['kind=box', 'kind'],
      ['from=2026-02-30', 'from'],
      ['from=2026-03-10&to=2026-03-01', 'to'],
      ['shade=red', 'shade'],
      ['sort=created&after=not-a-cursor', 'after'],
    ] as const) {
      for (const path of ['codes', 'codes.csv']) {
        if (path === 'codes.csv' && q.includes('after')) continue;
        const res = await staffOf.owner!.fetch(`${base()}/${path}?${q}`);
        expect([q, path, res.status, res.body.field]).toEqual([q, path, 422, field]);
        expect(res.body.errorMessage).toEqual(expect.any(String));
      }
    }
  });

  it('exports exactly what is filtered, in its order, audited; secrets by role; scoped by brand', async () => {
    const csv = await staffOf.owner!.fetch(`${base()}/codes.csv?batch=${b.batchNumber}&sort=-qrId`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`${brand.slug}-codes-`);
    const rows = rowsOf(csv.text);
    expect(rows[0]).toBe(CODE_EXPORT_HEADER.join(','));
    const expected = b.units.flatMap((u) => [u.overt.qrId, u.covert.qrId]).sort().reverse();
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(expected);
    expect(rows.slice(1).filter((r) => r.split(',')[6] !== '')).toHaveLength(2); // the hidden codes' authentication codes, for a printing role
    const db = await getDb();
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'codes.export')));
    expect(entry).toBeDefined();
    // A role that does not print: no hidden codes, no authentication codes.
    const analyst = rowsOf((await staffOf.analyst!.fetch(`${base()}/codes.csv?batch=${b.batchNumber}`)).text).slice(1);
    expect(analyst.map((r) => r.split(',')[1])).toEqual(['overt', 'overt']);
    expect(analyst.every((r) => r.split(',')[6] === '')).toBe(true);
    expect((await staffOf.finance!.fetch(`${base()}/codes.csv`)).status).toBe(403);
    expect((await outsider.fetch(`${base()}/codes.csv`)).status).toBe(404);
    const mine = rowsOf((await outsider.fetch(`/api/console/brands/${other.slug}/codes.csv`)).text);
    expect(mine).toHaveLength(1); // the other brand's own (empty) list: the header only
    expect((await call(server, 'console.localhost', 'GET', `${base()}/codes.csv`)).status).toBe(401);
  });

  it('streams: the header and the first page leave before the rest is read, a page at a time', async () => {
    const big = await createTestBrand();
    await createTestBatch(big, { units: 1300 }); // 2,600 codes: three pages of 1,000
    const db = await getDb();
    const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(codes).where(eq(codes.clientId, big.id));
    expect(n).toBe(2600);
    const { rows } = await exportCodes(cliScope(big.id, big.slug), { sort: 'created' });
    let pagesRead = 0;
    async function* counted() {
      for await (const page of rows) {
        pagesRead++;
        yield page;
      }
    }
    const reader = csvStream(CODE_EXPORT_HEADER, counted()).getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    const header = decoder.decode((await reader.read()).value);
    expect(header.startsWith('\uFEFFCode id,')).toBe(true);
    expect(pagesRead).toBe(0); // nothing read from the database until asked
    const first = decoder.decode((await reader.read()).value);
    expect(rowsOf(first)).toHaveLength(1000);
    expect(pagesRead).toBe(1); // one page in memory, the other codes not read yet
    let total = 1000;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += rowsOf(decoder.decode(value)).length;
    }
    expect([total, pagesRead]).toEqual([2600, 3]);
  });
});

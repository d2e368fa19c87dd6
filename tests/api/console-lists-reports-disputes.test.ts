import { eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { createTestBatch, type TestBatch } from '../support/codes';
import { signedInStaff, type SignedInStaff } from '../support/console';
import { fixtures, signedInCustomer } from '../support/aftersales';
import { getDb } from '@/lib/db/client';
import { claimDisputes, files, products, reports, scans } from '@/lib/db/schema';
import { insertRedFlag } from '../support/console-support';
import { RED_FLAG_EXPORT_HEADER } from '@/lib/console/red-flags';
import { REPORT_EXPORT_HEADER } from '@/lib/console/reports';
import { placeNameOf } from '@/lib/places/gazetteer';
import { randomId } from '@/lib/ids';
import type { StaffRole } from '@/lib/domain/staff-roles';
import { rowsOf, audited, BAD_QUERIES } from '../support/console-lists';

// Customers' reports and disputed claims through the table kit (docs/console.md, "Lists"): each
// sorts by its columns, filters (days, product, batch; the reports by place, the disputes by
// state), counts, and downloads exactly what is filtered as CSV, streamed; a value not understood,
// or a place the gazetteer has no town of, is a 422 naming it; another brand's rows never appear;
// the disputes' file names the customers only for the roles that decide disputes.

const server = apiServerForFile();
jest.setTimeout(120_000);

type Brand = Awaited<ReturnType<typeof createTestBrand>>;

const firstCells = (text: string) => rowsOf(text).slice(1).map((r) => r.split(',')[0]);

// Coarse places as customers share them (two decimals), and the names the list gives them.
const PUNE = { lat: 18.52, lng: 73.86 };
const DELHI = { lat: 28.61, lng: 77.21 };
const MUMBAI = { lat: 19.08, lng: 72.88 };

describe("customers' reports as a list", () => {
  let brand: Brand;
  let other: Brand;
  let a: TestBatch;
  let b: TestBatch;
  const staffOf: Partial<Record<StaffRole, SignedInStaff>> = {};
  let outsider: SignedInStaff;
  const ids: Record<'pune' | 'delhi' | 'mumbai' | 'nowhere' | 'foreign', string> = { pune: '', delhi: '', mumbai: '', nowhere: '', foreign: '' };
  const base = () => `/api/console/brands/${brand.slug}`;
  const listed = (res: { body: { reports: Array<{ id: string }> } }) => res.body.reports.map((r) => r.id);

  beforeAll(async () => {
    brand = await createTestBrand({ flags: { isRedFlaggingEnabled: true } });
    other = await createTestBrand({ flags: { isRedFlaggingEnabled: true } });
    a = await createTestBatch(brand, { units: 2 });
    b = await createTestBatch(brand, { units: 1 });
    const theirs = await createTestBatch(other, { units: 1 });
    const customer = await signedInCustomer(brand.id, { userName: 'Farah Khan' });
    const db = await getDb();
    const add = async (clientId: string, values: Partial<typeof reports.$inferInsert> & { createdAt: Date }) => {
      const id = randomId('rp', 16);
      await db.insert(reports).values({ id, clientId, description: 'Looks copied', ...values });
      return id;
    };
    ids.pune = await add(brand.id, { codeId: a.units[0]!.overt.id, qrIdRaw: a.units[0]!.overt.qrId, ...PUNE, customerId: customer.customerId, createdAt: new Date('2026-03-01T10:00:00Z') });
    ids.delhi = await add(brand.id, { codeId: b.units[0]!.overt.id, qrIdRaw: b.units[0]!.overt.qrId, ...DELHI, createdAt: new Date('2026-03-05T10:00:00Z') });
    ids.mumbai = await add(brand.id, { qrIdRaw: '=HYPERLINK("x")', ...MUMBAI, description: '+ no code of ours', createdAt: new Date('2026-01-15T10:00:00Z') });
    ids.nowhere = await add(brand.id, { createdAt: new Date('2026-03-03T10:00:00Z') });
    ids.foreign = await add(other.id, { codeId: theirs.units[0]!.overt.id, qrIdRaw: theirs.units[0]!.overt.qrId, ...PUNE, createdAt: new Date('2026-03-02T10:00:00Z') });
    for (const role of ['owner', 'support', 'analyst', 'manager', 'finance'] as const) staffOf[role] = await signedInStaff(server, { clientId: brand.id, role });
    outsider = await signedInStaff(server, { clientId: other.id, role: 'owner' });
  });

  it('names the places as the gazetteer does (what the place filter matches)', () => {
    expect([placeNameOf(PUNE), placeNameOf(DELHI), placeNameOf(MUMBAI)]).toEqual(['Pune', 'New Delhi', 'Mumbai']);
  });

  it('sorts by when they were sent and by the code given, both ways, newest first by default', async () => {
    const byDefault = await staffOf.analyst!.fetch(`${base()}/reports`);
    expect(byDefault.status).toBe(200);
    expect(listed(byDefault)).toEqual([ids.delhi, ids.nowhere, ids.pune, ids.mumbai]);
    expect(listed(await staffOf.analyst!.fetch(`${base()}/reports?sort=created`))).toEqual([ids.mumbai, ids.pune, ids.nowhere, ids.delhi]);
    const byCode = [
      [ids.nowhere, ''],
      [ids.mumbai, '=HYPERLINK("x")'],
      [ids.pune, a.units[0]!.overt.qrId],
      [ids.delhi, b.units[0]!.overt.qrId],
    ]
      .sort((x, y) => (x[1]! < y[1]! ? -1 : x[1]! > y[1]! ? 1 : 0))
      .map((x) => x[0]);
    const asc = listed(await staffOf.analyst!.fetch(`${base()}/reports?sort=code`));
    // The database's collation orders the codes; what matters is that one way is the other reversed.
    expect([...asc].sort()).toEqual([...byCode].sort());
    expect(listed(await staffOf.analyst!.fetch(`${base()}/reports?sort=-code`))).toEqual([...asc].reverse());
    expect(asc[0]).toBe(ids.nowhere); // no code given sorts as the empty text
  });

  it('filters by days, product, batch and place by name, counts what matches and pages it', async () => {
    const all = await staffOf.support!.fetch(`${base()}/reports`);
    expect([all.body.total, all.body.page, all.body.pageSize]).toEqual([4, 1, 25]);
    expect(all.body.places).toEqual(['Mumbai', 'New Delhi', 'Pune']);
    expect(all.body.reports.find((r: { id: string }) => r.id === ids.pune).place).toEqual({ ...PUNE, near: 'Pune' });
    const days = await staffOf.support!.fetch(`${base()}/reports?from=2026-03-01&to=2026-03-03`);
    expect([days.body.total, listed(days)]).toEqual([2, [ids.nowhere, ids.pune]]);
    const product = await staffOf.support!.fetch(`${base()}/reports?product=${b.units[0]!.overt.productId}`);
    expect([product.body.total, listed(product)]).toEqual([1, [ids.delhi]]);
    const batch = await staffOf.support!.fetch(`${base()}/reports?batch=${a.batchNumber.toLowerCase()}`);
    expect([batch.body.total, listed(batch)]).toEqual([1, [ids.pune]]);
    // The place as the list names it, any case; another brand's report at the same place is not here.
    const pune = await staffOf.support!.fetch(`${base()}/reports?place=pune`);
    expect([pune.body.total, listed(pune)]).toEqual([1, [ids.pune]]);
    const delhi = await staffOf.support!.fetch(`${base()}/reports?place=New%20Delhi&sort=created`);
    expect([delhi.body.total, listed(delhi)]).toEqual([1, [ids.delhi]]);
    // A town the gazetteer knows, with no report near it: nothing; nor a place near Mumbai named otherwise.
    expect((await staffOf.support!.fetch(`${base()}/reports?place=Chennai`)).body.total).toBe(0);
    expect((await staffOf.support!.fetch(`${base()}/reports?place=Thane`)).body.total).toBe(0);
    const both = await staffOf.support!.fetch(`${base()}/reports?place=Pune&product=${b.units[0]!.overt.productId}`);
    expect(both.body.total).toBe(0);
    const page2 = await staffOf.support!.fetch(`${base()}/reports?sort=created&pageSize=3&page=2`);
    expect([page2.body.total, listed(page2)]).toEqual([4, [ids.delhi]]);
  });

  it('answers a filter or sort not understood, or a place the gazetteer has no town of, with 422 naming it, on the list and its CSV', async () => {
    const before = (await audited(brand.id, 'reports.export')).length;
    for (const [q, field] of [...BAD_QUERIES, ['evidence=maybe', 'evidence'], ['place=Nowhereville%20Junction', 'place'], [`place=${'x'.repeat(101)}`, 'place']] as const) {
      for (const path of ['reports', 'reports.csv']) {
        const res = await staffOf.support!.fetch(`${base()}/${path}?${q}`);
        expect([q.slice(0, 30), path, res.status, res.body.field]).toEqual([q.slice(0, 30), path, 422, field]);
        expect(res.body.errorMessage).toEqual(expect.any(String));
      }
    }
    expect((await staffOf.support!.fetch(`${base()}/reports?place=Nowhereville%20Junction`)).body.errorMessage).toMatch(/^place: no town or city is called/);
    expect((await staffOf.support!.fetch(`${base()}/reports.csv?page=2`)).body.field).toBe('page');
    expect((await audited(brand.id, 'reports.export')).length).toBe(before);
  });

  it('downloads exactly the filtered rows in the list order, audited, without the customer, formula cells as text', async () => {
    const list = await staffOf.analyst!.fetch(`${base()}/reports?sort=created`);
    const csv = await staffOf.analyst!.fetch(`${base()}/reports.csv?sort=created`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`${brand.slug}-reports-`);
    const rows = rowsOf(csv.text);
    expect(rows[0]).toBe(REPORT_EXPORT_HEADER.join(','));
    expect(firstCells(csv.text)).toEqual(listed(list));
    expect(rows.find((r) => r.startsWith(ids.pune))).toContain(`,${a.units[0]!.overt.qrId},Test Serum,${a.batchNumber},`);
    expect(rows.find((r) => r.startsWith(ids.pune))).toContain(',Pune,18.52,73.86,');
    expect(rows.find((r) => r.startsWith(ids.mumbai))).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(rows.find((r) => r.startsWith(ids.mumbai))).toContain(",'+ no code of ours");
    expect(csv.text).not.toContain('Farah Khan');
    expect(firstCells((await staffOf.support!.fetch(`${base()}/reports.csv?place=Pune`)).text)).toEqual([ids.pune]);
    expect(firstCells((await staffOf.support!.fetch(`${base()}/reports.csv?from=2026-04-01`)).text)).toEqual([]);
    const entries = await audited(brand.id, 'reports.export');
    expect(entries.map((e) => (e.after as { place?: string }).place ?? null)).toEqual(expect.arrayContaining([null, 'Pune']));
  });

  it("never shows another brand's reports; those who read red flags read and download them, nobody else", async () => {
    for (const path of ['reports', 'reports.csv']) {
      expect((await staffOf.owner!.fetch(`${base()}/${path}`)).text).not.toContain(ids.foreign);
      expect((await outsider.fetch(`${base()}/${path}`)).status).toBe(404);
      expect((await call(server, 'console.localhost', 'GET', `${base()}/${path}`)).status).toBe(401);
      expect((await staffOf.finance!.fetch(`${base()}/${path}`)).status).toBe(403);
      for (const role of ['owner', 'manager', 'support', 'analyst'] as const) expect([role, path, (await staffOf[role]!.fetch(`${base()}/${path}`)).status]).toEqual([role, path, 200]);
    }
    const theirs = await outsider.fetch(`/api/console/brands/${other.slug}/reports.csv?place=Pune`);
    expect(firstCells(theirs.text)).toEqual([ids.foreign]);
  });
});

describe('disputed claims as a list', () => {
  let brand: Brand;
  let other: Brand;
  let a: TestBatch;
  let b: TestBatch;
  const staffOf: Partial<Record<StaffRole, SignedInStaff>> = {};
  let outsider: SignedInStaff;
  const ids: Record<'open' | 'moved' | 'rejected' | 'foreign', string> = { open: '', moved: '', rejected: '', foreign: '' };
  const base = () => `/api/console/brands/${brand.slug}`;
  const listed = (res: { body: { disputes: Array<{ id: string }> } }) => res.body.disputes.map((d) => d.id);

  beforeAll(async () => {
    brand = await createTestBrand();
    other = await createTestBrand();
    a = await createTestBatch(brand, { units: 2 });
    b = await createTestBatch(brand, { units: 1 });
    const theirs = await createTestBatch(other, { units: 1 });
    const db = await getDb();
    await db.update(products).set({ name: 'Zinc Cream' }).where(eq(products.id, b.units[0]!.covert.productId));
    const add = async (clientId: string, unit: TestBatch['units'][number], userName: string, values: Partial<typeof claimDisputes.$inferInsert> & { createdAt: Date }) => {
      const customer = await signedInCustomer(clientId, { userName });
      const photoFileId = randomId('fl', 24);
      const bytes = fixtures.png();
      await db.insert(files).values({ id: photoFileId, clientId, customerId: customer.customerId, mediaType: 'image', contentType: 'image/png', size: bytes.byteLength, originalName: 'pack.png', sha256: 'x', bytes });
      const id = randomId('dp', 16);
      await db.insert(claimDisputes).values({ id, clientId, customerId: customer.customerId, unitId: unit.covert.pairId!, codeId: unit.covert.id, photoFileId, ...values });
      return id;
    };
    ids.open = await add(brand.id, a.units[0]!, 'Gita Rao', { purchase: 'Sharma Stores, Pune', createdAt: new Date('2026-03-01T10:00:00Z') });
    ids.moved = await add(brand.id, b.units[0]!, 'Hari Das', { status: 'moved', decidedAt: new Date('2026-03-06T10:00:00Z'), createdAt: new Date('2026-03-05T10:00:00Z') });
    ids.rejected = await add(brand.id, a.units[1]!, 'Isha Sen', { status: 'rejected', reason: '=cmd|calc', decidedAt: new Date('2026-01-16T10:00:00Z'), createdAt: new Date('2026-01-15T10:00:00Z') });
    ids.foreign = await add(other.id, theirs.units[0]!, 'Other', { createdAt: new Date('2026-03-02T10:00:00Z') });
    for (const role of ['owner', 'support', 'analyst', 'manager', 'finance'] as const) staffOf[role] = await signedInStaff(server, { clientId: brand.id, role });
    outsider = await signedInStaff(server, { clientId: other.id, role: 'owner' });
  });

  it('sorts by when they were sent, their state and their product, both ways; open ones, newest first, by default', async () => {
    const byDefault = await staffOf.analyst!.fetch(`${base()}/disputes`);
    expect(byDefault.status).toBe(200);
    expect([listed(byDefault), byDefault.body.open, byDefault.body.total]).toEqual([[ids.open], 1, 1]);
    expect(listed(await staffOf.analyst!.fetch(`${base()}/disputes?status=all`))).toEqual([ids.moved, ids.open, ids.rejected]);
    expect(listed(await staffOf.analyst!.fetch(`${base()}/disputes?status=all&sort=created`))).toEqual([ids.rejected, ids.open, ids.moved]);
    expect(listed(await staffOf.analyst!.fetch(`${base()}/disputes?status=all&sort=status`))).toEqual([ids.moved, ids.open, ids.rejected]);
    expect(listed(await staffOf.analyst!.fetch(`${base()}/disputes?status=all&sort=-status`))).toEqual([ids.rejected, ids.open, ids.moved]);
    expect(listed(await staffOf.analyst!.fetch(`${base()}/disputes?status=all&sort=product`)).at(-1)).toBe(ids.moved);
    expect(listed(await staffOf.analyst!.fetch(`${base()}/disputes?status=all&sort=-product`))[0]).toBe(ids.moved);
  });

  it('filters by state, days, product and batch, counts what matches and pages it', async () => {
    const all = await staffOf.support!.fetch(`${base()}/disputes?status=all`);
    expect([all.body.total, all.body.open, all.body.page, all.body.pageSize]).toEqual([3, 1, 1, 25]);
    expect(all.body.disputes[0]).toMatchObject({ id: ids.moved, productName: 'Zinc Cream', batchNumber: b.batchNumber, overtQrId: b.units[0]!.overt.qrId, disputer: { name: 'Hari Das' } });
    const rejected = await staffOf.support!.fetch(`${base()}/disputes?status=rejected`);
    expect([rejected.body.total, listed(rejected)]).toEqual([1, [ids.rejected]]);
    const days = await staffOf.support!.fetch(`${base()}/disputes?status=all&from=2026-03-01&to=2026-03-04`);
    expect([days.body.total, listed(days)]).toEqual([1, [ids.open]]);
    const product = await staffOf.support!.fetch(`${base()}/disputes?status=all&product=${a.units[0]!.covert.productId}`);
    expect([product.body.total, listed(product)]).toEqual([2, [ids.open, ids.rejected]]);
    const batch = await staffOf.support!.fetch(`${base()}/disputes?status=all&batch=${b.batchNumber.toLowerCase()}`);
    expect([batch.body.total, listed(batch)]).toEqual([1, [ids.moved]]);
    const page2 = await staffOf.support!.fetch(`${base()}/disputes?status=all&sort=created&pageSize=2&page=2`);
    expect([page2.body.total, listed(page2)]).toEqual([3, [ids.moved]]);
    // Another brand's product matches nothing here.
    const theirs = await outsider.fetch(`/api/console/brands/${other.slug}/disputes`);
    expect((await staffOf.support!.fetch(`${base()}/disputes?status=all&product=${theirs.body.products[0].id}`)).body.total).toBe(0);
  });

  it('answers a filter or sort not understood with 422 naming it, on the list and its CSV', async () => {
    for (const [q, field] of [...BAD_QUERIES, ['status=lost', 'status'], ['sort=customer', 'sort']] as const) {
      for (const path of ['disputes', 'disputes.csv']) {
        const res = await staffOf.support!.fetch(`${base()}/${path}?${q}`);
        expect([q, path, res.status, res.body.field]).toEqual([q, path, 422, field]);
        expect(res.body.errorMessage).toEqual(expect.any(String));
      }
    }
    expect((await staffOf.support!.fetch(`${base()}/disputes.csv?pageSize=5`)).body.field).toBe('pageSize');
  });

  it('downloads exactly the filtered rows in the list order, audited; the customers named for owner and support only', async () => {
    const list = await staffOf.support!.fetch(`${base()}/disputes?status=all&sort=created`);
    for (const role of ['owner', 'support', 'analyst'] as const) {
      const csv = await staffOf[role]!.fetch(`${base()}/disputes.csv?status=all&sort=created`);
      expect([role, csv.status, csv.headers['content-type']]).toEqual([role, 200, 'text/csv; charset=utf-8']);
      expect(csv.headers['content-disposition']).toContain(`${brand.slug}-disputes-`);
      const [header, ...rows] = rowsOf(csv.text);
      const names = role !== 'analyst';
      expect([role, header!.split(',').includes('Customer'), csv.text.includes('Gita Rao')]).toEqual([role, names, names]);
      expect(rows.map((r) => r.split(',')[0])).toEqual(listed(list));
      expect(rows.find((r) => r.startsWith(ids.open))).toContain(`,open,Test Serum,${a.batchNumber},${a.units[0]!.overt.qrId},`);
      expect(rows.find((r) => r.startsWith(ids.open))).toContain('"Sharma Stores, Pune"');
      expect(rows.find((r) => r.startsWith(ids.rejected))!.endsWith(",'=cmd|calc")).toBe(true);
      // Never the hidden code, whoever downloads.
      expect(csv.text).not.toContain(a.units[0]!.covert.qrId);
    }
    expect(firstCells((await staffOf.owner!.fetch(`${base()}/disputes.csv`)).text)).toEqual([ids.open]);
    const entries = await audited(brand.id, 'disputes.export');
    expect(entries.map((e) => (e.after as { customerNames: boolean }).customerNames).sort()).toEqual([false, true, true, true]);
  });

  it("never shows another brand's disputes; the claims' readers read and download them, nobody else", async () => {
    for (const path of ['disputes?status=all', 'disputes.csv?status=all']) {
      expect((await staffOf.owner!.fetch(`${base()}/${path}`)).text).not.toContain(ids.foreign);
      expect((await outsider.fetch(`${base()}/${path}`)).status).toBe(404);
      expect((await call(server, 'console.localhost', 'GET', `${base()}/${path}`)).status).toBe(401);
      for (const role of ['manager', 'finance'] as const) expect([role, path, (await staffOf[role]!.fetch(`${base()}/${path}`)).status]).toEqual([role, path, 403]);
    }
    expect(firstCells((await outsider.fetch(`/api/console/brands/${other.slug}/disputes.csv`)).text)).toEqual([ids.foreign]);
  });

  it("counts the brand's open disputes alone, as the list does, for the claims' readers only; another brand's staff get 404", async () => {
    for (const role of ['owner', 'support', 'analyst'] as const) {
      const count = await staffOf[role]!.fetch(`${base()}/disputes/open-count`);
      // The list's `open` whatever its filter; the other brand's open dispute is not counted.
      const list = await staffOf[role]!.fetch(`${base()}/disputes?status=rejected`);
      expect([role, count.status, count.body]).toEqual([role, 200, { open: list.body.open }]);
      expect(count.body.open).toBe(1);
    }
    expect((await outsider.fetch(`/api/console/brands/${other.slug}/disputes/open-count`)).body).toEqual({ open: 1 });
    // Another brand's staff: the same 404 as at a brand that does not exist; no session: 401.
    const foreign = await outsider.fetch(`${base()}/disputes/open-count`);
    expect([foreign.status, foreign.body]).toEqual([404, (await outsider.fetch('/api/console/brands/no-such-brand/disputes/open-count')).body]);
    expect((await call(server, 'console.localhost', 'GET', `${base()}/disputes/open-count`)).status).toBe(401);
    for (const role of ['manager', 'finance'] as const) expect([role, (await staffOf[role]!.fetch(`${base()}/disputes/open-count`)).status]).toEqual([role, 403]);
    // The literal path does not hide the dispute route beside it, which still reads a dispute by its id.
    expect((await staffOf.owner!.fetch(`${base()}/disputes/${ids.open}`)).body.id).toBe(ids.open);
  });
});

describe('the red flags by place', () => {
  it("shows where each flag's unit was last checked by name, filters by that name, and exports it", async () => {
    const brand = await createTestBrand({ flags: { isRedFlaggingEnabled: true } });
    const batch = await createTestBatch(brand, { units: 3 });
    const db = await getDb();
    const scan = (unit: TestBatch['units'][number], at: string, place: { lat: number; lng: number } | null) =>
      db.insert(scans).values({ id: randomId('sc', 16), clientId: brand.id, codeId: unit.overt.id, unitKey: unit.overt.pairId, qrIdRaw: unit.overt.qrId, at: new Date(at), kind: 'overt', layer: 1, result: 'Genuine Pre Sale', ...(place ?? {}) });
    const [u1, u2, u3] = batch.units as [TestBatch['units'][number], TestBatch['units'][number], TestBatch['units'][number]];
    // u1: last checked in Pune (an earlier check in Delhi); u2: in Delhi, then once without a place; u3: never with a place.
    await scan(u1, '2026-03-01T10:00:00Z', { lat: 28.61, lng: 77.21 });
    await scan(u1, '2026-03-02T10:00:00Z', { lat: 18.52, lng: 73.86 });
    await scan(u2, '2026-03-01T10:00:00Z', { lat: 28.61, lng: 77.21 });
    await scan(u2, '2026-03-03T10:00:00Z', null);
    const f1 = await insertRedFlag(brand.id, { codeId: u1.overt.id, unitKey: u1.overt.pairId! });
    const f2 = await insertRedFlag(brand.id, { codeId: u2.overt.id, unitKey: u2.overt.pairId! });
    const f3 = await insertRedFlag(brand.id, { codeId: u3.overt.id, unitKey: u3.overt.pairId! });
    const agent = await signedInStaff(server, { clientId: brand.id, role: 'support' });
    const P = `/api/console/brands/${brand.slug}`;

    const all = await agent.fetch(`${P}/red-flags?sort=created`);
    expect(all.status).toBe(200);
    const placeOf = (id: string) => all.body.redFlags.find((f: { id: string }) => f.id === id).place;
    // Rounded to one decimal, as the overview's map places red flags.
    expect([placeOf(f1), placeOf(f2), placeOf(f3)]).toEqual([{ lat: 18.5, lng: 73.9, near: 'Pune' }, { lat: 28.6, lng: 77.2, near: 'New Delhi' }, null]);
    expect(all.body.places).toEqual(['New Delhi', 'Pune']);
    const pune = await agent.fetch(`${P}/red-flags?place=PUNE`);
    expect([pune.body.total, pune.body.redFlags.map((f: { id: string }) => f.id)]).toEqual([1, [f1]]);
    // Delhi was u1's earlier place, not its last: only u2's flag.
    const delhi = await agent.fetch(`${P}/red-flags?place=new%20delhi`);
    expect([delhi.body.total, delhi.body.redFlags.map((f: { id: string }) => f.id)]).toEqual([1, [f2]]);
    expect((await agent.fetch(`${P}/red-flags?place=Chennai`)).body.total).toBe(0);
    for (const path of ['red-flags', 'red-flags.csv']) {
      const bad = await agent.fetch(`${P}/${path}?place=Nowhereville%20Junction`);
      expect([path, bad.status, bad.body.field]).toEqual([path, 422, 'place']);
    }
    const csv = await agent.fetch(`${P}/red-flags.csv?place=Pune`);
    const rows = rowsOf(csv.text);
    expect(rows[0]).toBe(RED_FLAG_EXPORT_HEADER.join(','));
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual([f1]);
    expect(rows[1]!.endsWith(',Pune,18.5,73.9')).toBe(true);
  });
});

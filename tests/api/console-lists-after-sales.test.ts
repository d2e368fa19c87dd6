import { and, eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { signedInStaff, type SignedInStaff } from '../support/console';
import { payoutIn } from '../support/console-money';
import { insertFeedback, insertWarranty, supportBrand } from '../support/console-support';
import { claimedUnit, signedInCustomer } from '../support/aftersales';
import { getDb } from '@/lib/db/client';
import { batches, feedback, payouts, products, warranties } from '@/lib/db/schema';
import { PAYOUT_LIST_HEADER } from '@/lib/console/payouts';
import { WARRANTY_EXPORT_HEADER } from '@/lib/console/warranty';
import { FEEDBACK_EXPORT_HEADER } from '@/lib/console/feedback';
import type { StaffRole } from '@/lib/domain/staff-roles';
import { rowsOf, audited, BAD_QUERIES } from '../support/console-lists';

// The after-sales lists through the table kit (docs/console.md, "Lists"): payouts, warranty
// registrations and reward grants sort by their columns, filter (days, product, batch, status),
// count, page, and download exactly what is filtered as CSV; a value not understood is a 422
// naming it; another brand's rows never appear; the files that name customers in bulk go to the
// roles that change the area only.

const server = apiServerForFile();
jest.setTimeout(120_000);

type Brand = Awaited<ReturnType<typeof createTestBrand>>;


async function batchNumberOf(clientId: string, batchId: string) {
  const db = await getDb();
  const [row] = await db.select({ n: batches.batchNumber }).from(batches).where(and(eq(batches.clientId, clientId), eq(batches.id, batchId)));
  return row!.n;
}

describe('the payouts list', () => {
  let brand: Brand;
  let other: Brand;
  const staffOf: Partial<Record<StaffRole, SignedInStaff>> = {};
  let outsider: SignedInStaff;
  let cheap: Awaited<ReturnType<typeof payoutIn>>;
  let dear: Awaited<ReturnType<typeof payoutIn>>;
  let old: Awaited<ReturnType<typeof payoutIn>>;
  let foreign: Awaited<ReturnType<typeof payoutIn>>;
  const base = () => `/api/console/brands/${brand.slug}`;
  const refs = (res: { body: { payouts: Array<{ reference: string }> } }) => res.body.payouts.map((p) => p.reference);

  beforeAll(async () => {
    brand = await createTestBrand({ flags: { isLoyalityProgramEnabled: true } });
    other = await createTestBrand({ flags: { isLoyalityProgramEnabled: true } });
    cheap = await payoutIn(brand.id, 'TRANSFER_PENDING', { userName: 'Asha' });
    dear = await payoutIn(brand.id, 'TRANSFER_FAILED', { userName: 'Ravi', vpa: 'ravi@okbank' });
    old = await payoutIn(brand.id, 'TRANSFER_COMPLETED', { userName: '=cmd|calc' });
    foreign = await payoutIn(other.id, 'TRANSFER_PENDING', { userName: 'Other' });
    const db = await getDb();
    const set = (reference: string, values: Partial<typeof payouts.$inferInsert>) => db.update(payouts).set(values).where(eq(payouts.reference, reference));
    await set(cheap.reference, { amount: 1000, updatedAt: new Date('2026-03-03T10:00:00Z') });
    await set(dear.reference, { amount: 3000, updatedAt: new Date('2026-03-02T10:00:00Z') });
    await set(old.reference, { amount: 2000, createdAt: new Date('2026-01-15T10:00:00Z'), updatedAt: new Date('2026-03-01T10:00:00Z') });
    for (const role of ['owner', 'finance', 'analyst', 'support'] as const) staffOf[role] = await signedInStaff(server, { clientId: brand.id, role });
    outsider = await signedInStaff(server, { clientId: other.id, role: 'owner' });
  });

  it('sorts by its columns both ways, last changed first by default', async () => {
    const byDefault = await staffOf.finance!.fetch(`${base()}/payouts`);
    expect(byDefault.status).toBe(200);
    expect(refs(byDefault)).toEqual([cheap.reference, dear.reference, old.reference]);
    expect(refs(await staffOf.finance!.fetch(`${base()}/payouts?sort=amount`))).toEqual([cheap.reference, old.reference, dear.reference]);
    expect(refs(await staffOf.finance!.fetch(`${base()}/payouts?sort=-amount`))).toEqual([dear.reference, old.reference, cheap.reference]);
    expect(refs(await staffOf.finance!.fetch(`${base()}/payouts?sort=updated`))).toEqual([old.reference, dear.reference, cheap.reference]);
    expect(refs(await staffOf.finance!.fetch(`${base()}/payouts?sort=created`))[0]).toBe(old.reference);
    const byRef = [cheap.reference, dear.reference, old.reference].sort();
    expect(refs(await staffOf.finance!.fetch(`${base()}/payouts?sort=reference`))).toEqual(byRef);
    expect(refs(await staffOf.finance!.fetch(`${base()}/payouts?sort=-status`))).toEqual([cheap.reference, dear.reference, old.reference]);
  });

  it('filters by status, product, batch and days, counts what matches and pages it', async () => {
    const all = await staffOf.analyst!.fetch(`${base()}/payouts`);
    expect([all.status, all.body.total, all.body.page, all.body.pageSize]).toEqual([200, 3, 1, 25]);
    expect(all.body.counts).toMatchObject({ TRANSFER_PENDING: 1, TRANSFER_FAILED: 1, TRANSFER_COMPLETED: 1 });
    const failed = await staffOf.finance!.fetch(`${base()}/payouts?status=TRANSFER_FAILED`);
    expect([failed.body.total, refs(failed)]).toEqual([1, [dear.reference]]);
    const product = await staffOf.finance!.fetch(`${base()}/payouts?product=${cheap.unit.productId}`);
    expect([product.body.total, refs(product)]).toEqual([1, [cheap.reference]]);
    const batch = (await batchNumberOf(brand.id, dear.unit.batchId)).toLowerCase();
    const ofBatch = await staffOf.finance!.fetch(`${base()}/payouts?batch=${batch}`);
    expect([ofBatch.body.total, refs(ofBatch)]).toEqual([1, [dear.reference]]);
    const days = await staffOf.finance!.fetch(`${base()}/payouts?from=2026-01-15&to=2026-01-15`);
    expect([days.body.total, refs(days)]).toEqual([1, [old.reference]]);
    const none = await staffOf.finance!.fetch(`${base()}/payouts?from=2026-01-16&to=2026-01-16`);
    expect([none.body.total, none.body.payouts]).toEqual([0, []]);
    const page2 = await staffOf.finance!.fetch(`${base()}/payouts?sort=amount&pageSize=2&page=2`);
    expect([page2.body.total, refs(page2)]).toEqual([3, [dear.reference]]);
    // Another brand's product or batch matches nothing here.
    const foreignProduct = await staffOf.finance!.fetch(`${base()}/payouts?product=${foreign.unit.productId}`);
    expect(foreignProduct.body.total).toBe(0);
    const foreignBatch = await staffOf.finance!.fetch(`${base()}/payouts?batch=${await batchNumberOf(other.id, foreign.unit.batchId)}`);
    expect(foreignBatch.body.total).toBe(0);
  });

  it('answers a filter or sort not understood with 422 naming it, on the list and its CSV', async () => {
    for (const [q, field] of [...BAD_QUERIES, ['status=PAID', 'status'], ['sort=vpa', 'sort']] as const) {
      for (const path of ['payouts', 'payouts.csv']) {
        const res = await staffOf.finance!.fetch(`${base()}/${path}?${q}`);
        expect([q, path, res.status, res.body.field]).toEqual([q, path, 422, field]);
        expect(res.body.errorMessage).toEqual(expect.any(String));
      }
    }
    expect((await staffOf.finance!.fetch(`${base()}/payouts?pageSize=0`)).body.field).toBe('pageSize');
    expect((await staffOf.finance!.fetch(`${base()}/payouts.csv?page=2`)).body.field).toBe('page');
  });

  it('downloads exactly the filtered rows in the list order, audited, formula cells as text', async () => {
    const list = await staffOf.finance!.fetch(`${base()}/payouts?sort=-amount&from=2026-01-01`);
    const csv = await staffOf.finance!.fetch(`${base()}/payouts.csv?sort=-amount&from=2026-01-01`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`${brand.slug}-payouts-`);
    const rows = rowsOf(csv.text);
    expect(rows[0]).toBe(PAYOUT_LIST_HEADER.join(','));
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(refs(list));
    expect(rows.find((r) => r.startsWith(old.reference))).toContain(",'=cmd|calc,");
    expect(rows.find((r) => r.startsWith(dear.reference))).toContain('ravi@okbank');
    const filtered = rowsOf((await staffOf.owner!.fetch(`${base()}/payouts.csv?status=TRANSFER_PENDING`)).text);
    expect(filtered.slice(1).map((r) => r.split(',')[0])).toEqual([cheap.reference]);
    expect(rowsOf((await staffOf.owner!.fetch(`${base()}/payouts.csv?status=NOT_CLAIMED`)).text)).toHaveLength(1); // the header only
    const entries = await audited(brand.id, 'payouts.list.export');
    expect(entries.length).toBeGreaterThanOrEqual(3);
    // Nothing moved: the list's CSV is not the bank's file.
    const after = await staffOf.finance!.fetch(`${base()}/payouts`);
    expect(after.body.counts).toMatchObject({ TRANSFER_PENDING: 1, PENDING_AT_BANK: 0 });
  });

  it("never shows another brand's payouts; the file of customers' UPI ids is for owner and finance only", async () => {
    for (const path of ['payouts', 'payouts.csv']) {
      const res = await staffOf.owner!.fetch(`${base()}/${path}`);
      expect(res.text).not.toContain(foreign.reference);
      expect((await outsider.fetch(`${base()}/${path}`)).status).toBe(404);
      expect((await call(server, 'console.localhost', 'GET', `${base()}/${path}`)).status).toBe(401);
    }
    const theirs = await outsider.fetch(`/api/console/brands/${other.slug}/payouts.csv`);
    expect(rowsOf(theirs.text).slice(1).map((r) => r.split(',')[0])).toEqual([foreign.reference]);
    const before = (await audited(brand.id, 'payouts.list.export')).length;
    for (const role of ['analyst', 'support'] as const) {
      const refused = await staffOf[role]!.fetch(`${base()}/payouts.csv`);
      expect([role, refused.status, refused.body.errorMessage]).toEqual([role, 403, expect.any(String)]);
    }
    expect((await audited(brand.id, 'payouts.list.export')).length).toBe(before);
    expect((await staffOf.support!.fetch(`${base()}/payouts`)).status).toBe(403);
  });
});

describe('the warranty registrations list', () => {
  let brand: Brand;
  let other: Brand;
  const staffOf: Partial<Record<StaffRole, SignedInStaff>> = {};
  let outsider: SignedInStaff;
  let kiran: Awaited<ReturnType<typeof insertWarranty>>;
  let lata: Awaited<ReturnType<typeof insertWarranty>>;
  let mohan: Awaited<ReturnType<typeof insertWarranty>>;
  let foreign: Awaited<ReturnType<typeof insertWarranty>>;
  const base = () => `/api/console/brands/${brand.slug}`;
  const ids = (res: { body: { warranties: Array<{ warrantyId: string }> } }) => res.body.warranties.map((w) => w.warrantyId);

  beforeAll(async () => {
    brand = await supportBrand();
    other = await supportBrand();
    kiran = await insertWarranty(brand.id, { userName: 'Kiran' });
    lata = await insertWarranty(brand.id, { userName: 'Lata', endsOn: '2026-01-11' });
    mohan = await insertWarranty(brand.id, { userName: '+Mohan' });
    foreign = await insertWarranty(other.id, { userName: 'Other' });
    const db = await getDb();
    const set = (id: string, values: Partial<typeof warranties.$inferInsert>) => db.update(warranties).set(values).where(eq(warranties.id, id));
    await set(kiran.warrantyId, { createdAt: new Date('2026-03-01T10:00:00Z'), purchaseDate: '2026-02-20', endsOn: '2099-02-19' });
    await set(lata.warrantyId, { createdAt: new Date('2026-01-15T10:00:00Z'), purchaseDate: '2025-01-12' });
    await set(mohan.warrantyId, { createdAt: new Date('2026-03-05T10:00:00Z'), purchaseDate: '2026-03-01', endsOn: '2098-01-01' });
    await db.update(products).set({ name: 'Air Purifier' }).where(eq(products.id, mohan.productId));
    await db.update(products).set({ name: 'Geyser' }).where(eq(products.id, lata.productId));
    for (const role of ['owner', 'support', 'manager', 'analyst', 'finance'] as const) staffOf[role] = await signedInStaff(server, { clientId: brand.id, role });
    outsider = await signedInStaff(server, { clientId: other.id, role: 'owner' });
  });

  it('sorts by its columns both ways, newest first by default', async () => {
    const byDefault = await staffOf.analyst!.fetch(`${base()}/warranty`);
    expect(byDefault.status).toBe(200);
    expect(ids(byDefault)).toEqual([mohan.warrantyId, kiran.warrantyId, lata.warrantyId]);
    expect(ids(await staffOf.analyst!.fetch(`${base()}/warranty?sort=created`))).toEqual([lata.warrantyId, kiran.warrantyId, mohan.warrantyId]);
    expect(ids(await staffOf.analyst!.fetch(`${base()}/warranty?sort=purchased`))).toEqual([lata.warrantyId, kiran.warrantyId, mohan.warrantyId]);
    expect(ids(await staffOf.analyst!.fetch(`${base()}/warranty?sort=-ends`))).toEqual([kiran.warrantyId, mohan.warrantyId, lata.warrantyId]);
    expect(ids(await staffOf.analyst!.fetch(`${base()}/warranty?sort=product`))).toEqual([mohan.warrantyId, lata.warrantyId, kiran.warrantyId]);
    expect(ids(await staffOf.analyst!.fetch(`${base()}/warranty?sort=-product`))).toEqual([kiran.warrantyId, lata.warrantyId, mohan.warrantyId]);
  });

  it('filters by status, product, batch, customer and days, counts what matches and pages it', async () => {
    const all = await staffOf.manager!.fetch(`${base()}/warranty`);
    expect([all.body.total, all.body.page, all.body.pageSize]).toEqual([3, 1, 25]);
    const expired = await staffOf.manager!.fetch(`${base()}/warranty?status=EXPIRED`);
    expect([expired.body.total, ids(expired)]).toEqual([1, [lata.warrantyId]]);
    const product = await staffOf.manager!.fetch(`${base()}/warranty?product=${kiran.productId}`);
    expect([product.body.total, ids(product)]).toEqual([1, [kiran.warrantyId]]);
    const batch = (await batchNumberOf(brand.id, mohan.batchId)).toLowerCase();
    const ofBatch = await staffOf.manager!.fetch(`${base()}/warranty?batch=${batch}`);
    expect([ofBatch.body.total, ids(ofBatch)]).toEqual([1, [mohan.warrantyId]]);
    const days = await staffOf.manager!.fetch(`${base()}/warranty?from=2026-03-01&to=2026-03-01`);
    expect([days.body.total, ids(days)]).toEqual([1, [kiran.warrantyId]]);
    const who = await staffOf.manager!.fetch(`${base()}/warranty?customer=lat`);
    expect([who.body.total, ids(who)]).toEqual([1, [lata.warrantyId]]);
    const page2 = await staffOf.manager!.fetch(`${base()}/warranty?sort=created&pageSize=2&page=2`);
    expect([page2.body.total, ids(page2)]).toEqual([3, [mohan.warrantyId]]);
    expect((await staffOf.manager!.fetch(`${base()}/warranty?product=${foreign.productId}`)).body.total).toBe(0);
    expect((await staffOf.manager!.fetch(`${base()}/warranty?batch=${await batchNumberOf(other.id, foreign.batchId)}`)).body.total).toBe(0);
    const none = await staffOf.manager!.fetch(`${base()}/warranty?from=2026-03-02&to=2026-03-04`);
    expect([none.body.total, none.body.warranties]).toEqual([0, []]);
  });

  it('answers a filter or sort not understood with 422 naming it, on the list and its CSV', async () => {
    for (const [q, field] of [...BAD_QUERIES, ['status=LAPSED', 'status'], ['sort=customer', 'sort']] as const) {
      for (const path of ['warranty', 'warranty.csv']) {
        const res = await staffOf.owner!.fetch(`${base()}/${path}?${q}`);
        expect([q, path, res.status, res.body.field]).toEqual([q, path, 422, field]);
        expect(res.body.errorMessage).toEqual(expect.any(String));
      }
    }
    expect((await staffOf.owner!.fetch(`${base()}/warranty?page=0`)).body.field).toBe('page');
  });

  it('downloads exactly the filtered rows in the list order with the batch, audited, formula cells as text', async () => {
    const list = await staffOf.support!.fetch(`${base()}/warranty?sort=purchased&status=ACTIVE`);
    const csv = await staffOf.support!.fetch(`${base()}/warranty.csv?sort=purchased&status=ACTIVE`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`${brand.slug}-warranty-`);
    const rows = rowsOf(csv.text);
    expect(rows[0]).toBe(WARRANTY_EXPORT_HEADER.join(','));
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(ids(list));
    expect(ids(list)).toEqual([kiran.warrantyId, mohan.warrantyId]);
    const mohanRow = rows.find((r) => r.startsWith(mohan.warrantyId))!.split(',');
    expect(mohanRow.slice(2, 7)).toEqual(['ACTIVE', "'+Mohan", 'Air Purifier', await batchNumberOf(brand.id, mohan.batchId), mohan.unitId]);
    const all = rowsOf((await staffOf.owner!.fetch(`${base()}/warranty.csv`)).text);
    expect(all.slice(1).map((r) => r.split(',')[0])).toEqual([mohan.warrantyId, kiran.warrantyId, lata.warrantyId]);
    expect((await audited(brand.id, 'warranty.export')).length).toBeGreaterThanOrEqual(2);
  });

  it("never shows another brand's registrations; the file of customers is for owner and support only", async () => {
    for (const path of ['warranty', 'warranty.csv']) {
      const res = await staffOf.owner!.fetch(`${base()}/${path}`);
      expect(res.text).not.toContain(foreign.warrantyId);
      expect((await outsider.fetch(`${base()}/${path}`)).status).toBe(404);
      expect((await call(server, 'console.localhost', 'GET', `${base()}/${path}`)).status).toBe(401);
    }
    const theirs = await outsider.fetch(`/api/console/brands/${other.slug}/warranty.csv`);
    expect(rowsOf(theirs.text).slice(1).map((r) => r.split(',')[0])).toEqual([foreign.warrantyId]);
    const before = (await audited(brand.id, 'warranty.export')).length;
    for (const role of ['manager', 'analyst', 'finance'] as const) {
      const refused = await staffOf[role]!.fetch(`${base()}/warranty.csv`);
      expect([role, refused.status, refused.body.errorMessage]).toEqual([role, 403, expect.any(String)]);
    }
    expect((await audited(brand.id, 'warranty.export')).length).toBe(before);
  });
});

describe('the feedback list', () => {
  let brand: Brand;
  let other: Brand;
  const staffOf: Partial<Record<StaffRole, SignedInStaff>> = {};
  let outsider: SignedInStaff;
  let unitA: Awaited<ReturnType<typeof claimedUnit>>;
  let unitB: Awaited<ReturnType<typeof claimedUnit>>;
  let high: string;
  let low: string;
  let loose: string;
  let foreign: string;
  const base = () => `/api/console/brands/${brand.slug}`;
  const ids = (res: { body: { feedback: Array<{ id: string }> } }) => res.body.feedback.map((f) => f.id);

  beforeAll(async () => {
    brand = await supportBrand();
    other = await supportBrand();
    const who = await signedInCustomer(brand.id, { userName: 'Nisha' });
    unitA = await claimedUnit(brand.id, who.customerId);
    unitB = await claimedUnit(brand.id, who.customerId);
    high = await insertFeedback(brand.id, { rating: 5, comment: '=SUM(A1)', unitId: unitA.unitId, customerId: who.customerId });
    low = await insertFeedback(brand.id, { rating: 2, comment: 'Leaked, a bit', unitId: unitB.unitId, customerId: who.customerId });
    loose = await insertFeedback(brand.id, { rating: 4, customerId: who.customerId });
    foreign = await insertFeedback(other.id, { rating: 1, comment: 'elsewhere' });
    const db = await getDb();
    const at = (id: string, when: string) => db.update(feedback).set({ createdAt: new Date(when) }).where(eq(feedback.id, id));
    await at(high, '2026-03-01T10:00:00Z');
    await at(low, '2026-01-15T10:00:00Z');
    await at(loose, '2026-03-05T10:00:00Z');
    for (const role of ['support', 'analyst', 'finance'] as const) staffOf[role] = await signedInStaff(server, { clientId: brand.id, role });
    outsider = await signedInStaff(server, { clientId: other.id, role: 'owner' });
  });

  it('sorts by when it was given and by rating, filters by rating, comment, product, batch and days, and counts', async () => {
    const byDefault = await staffOf.analyst!.fetch(`${base()}/feedback`);
    expect([byDefault.status, ids(byDefault), byDefault.body.total]).toEqual([200, [loose, high, low], 3]);
    expect(ids(await staffOf.analyst!.fetch(`${base()}/feedback?sort=rating`))).toEqual([low, loose, high]);
    expect(ids(await staffOf.analyst!.fetch(`${base()}/feedback?sort=-rating`))).toEqual([high, loose, low]);
    expect(ids(await staffOf.analyst!.fetch(`${base()}/feedback?sort=created`))).toEqual([low, high, loose]);
    const product = await staffOf.analyst!.fetch(`${base()}/feedback?product=${unitB.productId}`);
    expect([product.body.total, ids(product)]).toEqual([1, [low]]);
    const batch = await staffOf.analyst!.fetch(`${base()}/feedback?batch=${(await batchNumberOf(brand.id, unitA.batchId)).toLowerCase()}`);
    expect([batch.body.total, ids(batch)]).toEqual([1, [high]]);
    const days = await staffOf.analyst!.fetch(`${base()}/feedback?from=2026-03-01&to=2026-03-05&sort=created`);
    expect([days.body.total, ids(days), days.body.averageRating]).toEqual([2, [high, loose], 4.5]);
    const withText = await staffOf.analyst!.fetch(`${base()}/feedback?comment=with&rating=2`);
    expect([withText.body.total, ids(withText)]).toEqual([1, [low]]);
    const page2 = await staffOf.analyst!.fetch(`${base()}/feedback?sort=rating&pageSize=2&page=2`);
    expect([page2.body.total, ids(page2)]).toEqual([3, [high]]);
    const none = await staffOf.analyst!.fetch(`${base()}/feedback?from=2026-02-01&to=2026-02-28`);
    expect([none.body.total, none.body.feedback, none.body.averageRating]).toEqual([0, [], null]);
  });

  it('answers a filter or sort not understood with 422 naming it, on the list and its CSV', async () => {
    for (const [q, field] of [...BAD_QUERIES, ['rating=9', 'rating'], ['comment=some', 'comment'], ['sort=customer', 'sort']] as const) {
      for (const path of ['feedback', 'feedback.csv']) {
        const res = await staffOf.support!.fetch(`${base()}/${path}?${q}`);
        expect([q, path, res.status, res.body.field]).toEqual([q, path, 422, field]);
      }
    }
  });

  it('downloads exactly the filtered rows in the list order, without the customer, audited; scoped by brand and role', async () => {
    const list = await staffOf.analyst!.fetch(`${base()}/feedback?sort=-rating&from=2026-01-01`);
    const csv = await staffOf.analyst!.fetch(`${base()}/feedback.csv?sort=-rating&from=2026-01-01`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`${brand.slug}-feedback-`);
    const rows = rowsOf(csv.text);
    expect(rows[0]).toBe(FEEDBACK_EXPORT_HEADER.join(','));
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(ids(list));
    expect(rows.find((r) => r.startsWith(high))).toContain(`,'=SUM(A1),`);
    expect(rows.find((r) => r.startsWith(high))).toContain(`,${await batchNumberOf(brand.id, unitA.batchId)},${unitA.unitId}`);
    expect(rows.find((r) => r.startsWith(low))).toContain(',"Leaked, a bit",');
    expect(csv.text).not.toContain('Nisha');
    expect(csv.text).not.toContain(foreign);
    expect((await audited(brand.id, 'feedback.export')).length).toBe(1);
    for (const path of ['feedback', 'feedback.csv']) {
      expect((await outsider.fetch(`${base()}/${path}`)).status).toBe(404);
      expect((await staffOf.finance!.fetch(`${base()}/${path}`)).status).toBe(403);
    }
    const theirs = await outsider.fetch(`/api/console/brands/${other.slug}/feedback.csv`);
    expect(rowsOf(theirs.text).slice(1).map((r) => r.split(',')[0])).toEqual([foreign]);
  });
});

import { and, eq } from 'drizzle-orm';
import { createTestBrand } from '../support/api-server';
import { createTestBatch, type TestBatch } from '../support/codes';
import { createTestCustomer } from '../support/customers';
import { getDb } from '@/lib/db/client';
import { auditLog, claims, codes, complaints, files, payouts, redFlags, rewardGrants, rewards, scans, trackingEvents, warranties } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { ApiError } from '@/lib/errors';
import { overview, overviewRange } from '@/lib/console/overview';
import { codeDetail, deleteCodeOf, searchCodes, setCodeBlacklisted } from '@/lib/console/codes';
import { cliScope, type ConsoleScope } from '@/lib/console/scope';
import { blacklistCode, blacklistCodeArgs } from '@/lib/operator/catalog-codes';
import { codeSearchQuerySchema } from '@/lib/schemas/console-codes';
import { overviewQuerySchema } from '@/lib/schemas/console-overview';

// The console's overview and codes use cases against the database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL), called directly as the routes and the pages call them.

jest.setTimeout(60_000);

const NOW = new Date('2026-03-15T12:00:00Z');
const at = (iso: string) => new Date(iso);
const staff = (clientId: string, slug: string): ConsoleScope => ({ clientId, slug, actor: { kind: 'staff', staffId: 'stf_test', email: 'ana@example.com', role: 'owner' } });

type Brand = Awaited<ReturnType<typeof createTestBrand>>;

async function scan(brand: Brand, code: { id: string; qrId: string; pairId: string | null }, when: string, result: string, extra: Partial<typeof scans.$inferInsert> = {}) {
  const db = await getDb();
  await db.insert(scans).values({
    id: randomId('sc', 16),
    clientId: brand.id,
    codeId: code.id,
    unitKey: code.pairId ?? code.id,
    qrIdRaw: code.qrId,
    at: at(when),
    kind: 'pre sale',
    layer: 2,
    result,
    ...extra,
  });
}

async function errorOf(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('overview', () => {
  let brand: Brand;
  let other: Brand;
  let a: TestBatch;
  let b: TestBatch;

  beforeAll(async () => {
    brand = await createTestBrand();
    other = await createTestBrand();
    a = await createTestBatch(brand, { units: 3 });
    b = await createTestBatch(brand, { units: 1 });
    const o = await createTestBatch(other, { units: 1 });
    const u0 = a.units[0]!.overt;
    const u1 = a.units[1]!.covert;
    const bu = b.units[0]!.overt;
    // Two days in range, one day before it, and another brand's scans on the same day.
    await scan(brand, u0, '2026-03-13T08:00:00Z', 'Genuine Pre Sale', { lat: 18.52, lng: 73.86 });
    await scan(brand, u0, '2026-03-13T09:00:00Z', 'Genuine Pre Sale & Claim Warranty', { lat: 18.54, lng: 73.88, risk: 'suspect' });
    await scan(brand, u1, '2026-03-13T23:59:59Z', 'Genuine Post Sale', { lat: 28.61, lng: 77.21 });
    await scan(brand, u1, '2026-03-14T00:00:00Z', 'Fake', { risk: 'suspect' });
    await scan(brand, bu, '2026-03-14T10:00:00Z', 'Invalid Product', { lat: 28.63, lng: 77.19 });
    await scan(brand, bu, '2026-03-15T10:00:00Z', 'Expired');
    await scan(brand, bu, '2026-03-15T11:00:00Z', 'Info');
    await scan(brand, u0, '2026-02-10T10:00:00Z', 'Fake');
    await scan(other, o.units[0]!.overt, '2026-03-14T10:00:00Z', 'Fake', { lat: 18.52, lng: 73.86 });

    const db = await getDb();
    const me = await createTestCustomer(brand.id);
    // Claims: unit 0 of batch a (in range), unit 0 of batch b (in range), unit 2 of a (before it).
    await db.insert(claims).values([
      { unitId: a.units[0]!.overt.pairId!, clientId: brand.id, customerId: me.customerId, claimedAt: at('2026-03-14T10:00:00Z') },
      { unitId: bu.pairId!, clientId: brand.id, customerId: me.customerId, claimedAt: at('2026-03-15T10:00:00Z') },
      { unitId: a.units[2]!.overt.pairId!, clientId: brand.id, customerId: me.customerId, claimedAt: at('2026-01-01T10:00:00Z') },
    ]);
    const fileId = randomId('fi', 16);
    await db.insert(files).values({ id: fileId, clientId: brand.id, customerId: me.customerId, mediaType: 'image', contentType: 'image/png', size: 1, originalName: 'i.png', sha256: 'x', storageKey: `test/${fileId}` });
    await db.insert(warranties).values({
      id: randomId('wa', 16),
      clientId: brand.id,
      customerId: me.customerId,
      unitId: a.units[0]!.overt.pairId!,
      productId: u0.productId,
      purchaseDate: '2026-03-10',
      invoiceFileId: fileId,
      startsOn: '2026-03-10',
      endsOn: '2027-03-10',
      createdAt: at('2026-03-14T11:00:00Z'),
    });
    await db.insert(complaints).values([
      { id: randomId('cp', 16), clientId: brand.id, customerId: me.customerId, ticketId: 'TKT-000001', productId: u0.productId, unitId: u0.pairId, category: 'Other', priority: 'Low', description: 'open one', status: 'open' },
      { id: randomId('cp', 16), clientId: brand.id, customerId: me.customerId, ticketId: 'TKT-000002', productId: bu.productId, category: 'Other', priority: 'Low', description: 'unassigned', status: 'unassigned' },
      { id: randomId('cp', 16), clientId: brand.id, customerId: me.customerId, ticketId: 'TKT-000003', productId: u0.productId, category: 'Other', priority: 'Low', description: 'closed', status: 'closed' },
    ]);
    const rewardId = randomId('rw', 16);
    await db.insert(rewards).values({ id: rewardId, clientId: brand.id, name: 'Cashback', type: 'Cashback', amount: 5000, budgetTotal: 100000 });
    const grant = async (unitId: string, productId: string, status: (typeof payouts.$inferInsert)['status']) => {
      const grantId = randomId('rg', 16);
      await db.insert(rewardGrants).values({ id: grantId, clientId: brand.id, customerId: me.customerId, rewardId, unitId, productId });
      await db.insert(payouts).values({ id: randomId('po', 16), clientId: brand.id, customerId: me.customerId, grantId, amount: 5000, status, reference: randomId('ref', 16) });
    };
    await grant(a.units[0]!.overt.pairId!, u0.productId, 'TRANSFER_PENDING');
    await grant(bu.pairId!, bu.productId, 'PENDING_AT_BANK');
    await grant(a.units[2]!.overt.pairId!, u0.productId, 'TRANSFER_COMPLETED');
    await db.insert(redFlags).values({
      id: randomId('rf', 16),
      clientId: brand.id,
      unitKey: u0.pairId!,
      codeId: u0.id,
      productId: u0.productId,
      rules: ['places'],
      reasons: ['Checked in two places'],
      createdAt: at('2026-03-13T10:00:00Z'),
    });
  });

  it('counts scans per day and result group, claims, warranties, open complaints, payouts waiting, over the default 30 days', async () => {
    const o = await overview(staff(brand.id, brand.slug), overviewQuerySchema.parse({}), NOW);
    expect(o.from).toBe('2026-02-14');
    expect(o.to).toBe('2026-03-15');
    expect(o.days).toHaveLength(30);
    expect(o.totals).toEqual({ scans: 7, genuine: 4, fake: 1, invalid: 1, expired: 1, suspect: 2, claims: 2, warranties: 1, openComplaints: 2, payoutsWaiting: 2, redFlags: 1 });
    expect(o.days.find((d) => d.day === '2026-03-13')).toEqual({ day: '2026-03-13', scans: 3, genuine: 3, fake: 0, invalid: 0, expired: 0, suspect: 1 });
    expect(o.days.find((d) => d.day === '2026-03-14')).toEqual({ day: '2026-03-14', scans: 2, genuine: 0, fake: 1, invalid: 1, expired: 0, suspect: 1 });
    expect(o.days.find((d) => d.day === '2026-03-15')).toEqual({ day: '2026-03-15', scans: 2, genuine: 1, fake: 0, invalid: 0, expired: 1, suspect: 0 }); // the Info scan of the printed link is a genuine check
    expect(o.days.filter((d) => d.scans > 0)).toHaveLength(3);
    // Places rounded to one decimal: the two Pune scans are one place.
    expect(o.places).toEqual([
      { lat: 18.5, lng: 73.9, scans: 2, suspect: 1, near: 'Pune' },
      { lat: 28.6, lng: 77.2, scans: 2, suspect: 0, near: 'New Delhi' },
    ]);
    expect(o.flags).toEqual([expect.objectContaining({ qrId: a.units[0]!.overt.qrId, rules: ['places'], lat: 18.5, lng: 73.9, near: 'Pune' })]);
    expect(o.products).toHaveLength(2);
  });

  it('narrows to a product, a batch and a range', async () => {
    const byProduct = await overview(staff(brand.id, brand.slug), overviewQuerySchema.parse({ product: b.units[0]!.overt.productId }), NOW);
    expect(byProduct.totals).toEqual({ scans: 3, genuine: 1, fake: 0, invalid: 1, expired: 1, suspect: 0, claims: 1, warranties: 0, openComplaints: 1, payoutsWaiting: 1, redFlags: 0 });
    expect(byProduct.flags).toEqual([]);
    const byBatch = await overview(staff(brand.id, brand.slug), overviewQuerySchema.parse({ batch: a.batchNumber.toLowerCase() }), NOW);
    expect(byBatch.totals).toEqual({ scans: 4, genuine: 3, fake: 1, invalid: 0, expired: 0, suspect: 2, claims: 1, warranties: 1, openComplaints: 1, payoutsWaiting: 1, redFlags: 1 });
    const oneDay = await overview(staff(brand.id, brand.slug), overviewQuerySchema.parse({ from: '2026-03-14', to: '2026-03-14' }), NOW);
    expect(oneDay.days).toEqual([{ day: '2026-03-14', scans: 2, genuine: 0, fake: 1, invalid: 1, expired: 0, suspect: 1 }]);
    expect(oneDay.totals.claims).toBe(1);
    const older = await overview(staff(brand.id, brand.slug), overviewQuerySchema.parse({ from: '2026-02-01', to: '2026-02-28' }), NOW);
    expect(older.totals.scans).toBe(1);
    expect(older.totals.fake).toBe(1);
  });

  it('never counts another brand and refuses filters that are not the brand\'s', async () => {
    const o = await overview(staff(other.id, other.slug), overviewQuerySchema.parse({}), NOW);
    expect(o.totals.scans).toBe(1);
    expect(o.places).toEqual([{ lat: 18.5, lng: 73.9, scans: 1, suspect: 0, near: 'Pune' }]);
    const notOurs = await errorOf(overview(staff(other.id, other.slug), overviewQuerySchema.parse({ product: a.units[0]!.overt.productId }), NOW));
    expect([notOurs.code, notOurs.field]).toEqual(['not_found', 'product']);
    const noBatch = await errorOf(overview(staff(other.id, other.slug), overviewQuerySchema.parse({ batch: a.batchNumber }), NOW));
    expect([noBatch.code, noBatch.field]).toEqual(['not_found', 'batch']);
  });

  it('checks the range', () => {
    expect(overviewRange({ from: '2026-03-10' }, NOW)).toEqual({ from: '2026-03-10', to: '2026-03-15' });
    expect(overviewRange({ to: '2026-01-30' }, NOW)).toEqual({ from: '2026-01-01', to: '2026-01-30' });
    expect(() => overviewRange({ from: '2026-03-10', to: '2026-03-09' }, NOW)).toThrow('to: must not be before from');
    expect(() => overviewRange({ from: '2024-01-01', to: '2026-03-09' }, NOW)).toThrow(/at most 367 days/);
    expect(overviewQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(overviewQuerySchema.safeParse({ from: '', to: '', product: '', batch: '' }).data).toEqual({});
    expect(overviewQuerySchema.safeParse({ extra: '1' }).success).toBe(false);
  });
});

describe('codes', () => {
  let brand: Brand;
  let other: Brand;
  let a: TestBatch;
  let o: TestBatch;

  beforeAll(async () => {
    brand = await createTestBrand();
    other = await createTestBrand();
    a = await createTestBatch(brand, { units: 3 });
    await createTestBatch(brand, { units: 1 });
    o = await createTestBatch(other, { units: 1 });
  });

  const search = (scope: ConsoleScope, q: Record<string, unknown>) => searchCodes(scope, codeSearchQuerySchema.parse(q));

  it('lists every code of the brand in keyset pages, none twice, none of another brand', async () => {
    const scope = staff(brand.id, brand.slug);
    const seen: string[] = [];
    let after = '';
    let pages = 0;
    do {
      const page = await search(scope, { limit: 3, after });
      expect(page.matchedBy).toBe('all');
      expect(page.codes.length).toBeLessThanOrEqual(3);
      seen.push(...page.codes.map((c) => c.qrId));
      after = page.next;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    expect(seen).not.toContain(o.units[0]!.overt.qrId);
  });

  it('finds a code by qrId, by authentication code as typed, and a batch by its number', async () => {
    const scope = staff(brand.id, brand.slug);
    const unit = a.units[1]!;
    const byQr = await search(scope, { q: unit.overt.qrId });
    expect(byQr).toMatchObject({ matchedBy: 'qrId', next: '' });
    expect(byQr.codes).toEqual([expect.objectContaining({ qrId: unit.overt.qrId, kind: 'overt', state: 'active', batch: a.batchNumber, product: 'Test Serum', unit: unit.overt.pairId })]);
    const typed = unit.covert.authCode!.toLowerCase();
    const byAuth = await search(scope, { q: `${typed.slice(0, 5)} ${typed.slice(5)}` });
    expect(byAuth.matchedBy).toBe('authCode');
    expect(byAuth.codes.map((c) => c.qrId)).toEqual([unit.covert.qrId]);
    const byBatch = await search(scope, { q: a.batchNumber.toLowerCase() });
    expect(byBatch.matchedBy).toBe('batch');
    expect(byBatch.codes).toHaveLength(6);
    expect(await search(scope, { q: o.units[0]!.overt.qrId })).toEqual({ matchedBy: 'none', codes: [], total: 0, next: '' });
    expect(codeSearchQuerySchema.safeParse({ limit: 0 }).success).toBe(false);
    expect(codeSearchQuerySchema.safeParse({ after: "x' or 1=1" }).success).toBe(false);
  });

  it('shows a code\'s timeline, claim and tracking', async () => {
    const unit = a.units[0]!;
    await scan(brand, unit.overt, '2026-03-01T10:00:00Z', 'Genuine Pre Sale', { lat: 18.5234, lng: 73.8567, sessionKey: 'device-1', risk: 'none' });
    await scan(brand, unit.covert, '2026-03-02T10:00:00Z', 'Genuine Post Sale', { sessionKey: 'device-1', risk: 'caution' });
    // someone placed only by their network's address: named, and said to be the network's
    await scan(brand, unit.overt, '2026-03-03T10:00:00Z', 'Info', { lat: 19.08, lng: 72.88, placeFromIp: true, sessionKey: 'device-2', risk: 'none' });
    const db = await getDb();
    const me = await createTestCustomer(brand.id);
    await db.insert(claims).values({ unitId: unit.overt.pairId!, clientId: brand.id, customerId: me.customerId, claimedAt: at('2026-03-02T10:00:00Z') });
    await db.insert(trackingEvents).values({ id: randomId('te', 16), clientId: brand.id, codeId: unit.overt.id, stage: 'Shipped', place: 'Pune', at: at('2026-02-20T10:00:00Z') });
    const d = await codeDetail(staff(brand.id, brand.slug), unit.covert.qrId);
    expect(d.code).toMatchObject({ qrId: unit.covert.qrId, kind: 'covert', state: 'active' });
    expect(d.scans.map((s) => [s.at, s.qrId, s.result, s.risk, s.place])).toEqual([
      ['2026-03-01T10:00:00.000Z', unit.overt.qrId, 'Genuine Pre Sale', 'none', '18.52,73.86'],
      ['2026-03-02T10:00:00.000Z', unit.covert.qrId, 'Genuine Post Sale', 'caution', ''],
      ['2026-03-03T10:00:00.000Z', unit.overt.qrId, 'Info', 'none', '19.08,72.88'],
    ]);
    // places by name, as people know them; an address place is never where the pack was
    expect(d.scans.map((s) => s.near)).toEqual(['Pune', '', "Mumbai (the network's location)"]);
    expect(d.scans[0]!.session).toMatch(/^s-/);
    expect(d.scans[0]!.session).toBe(d.scans[1]!.session);
    expect(d.scans[0]!.session).not.toContain('device-1');
    expect(d.claim).toEqual({ customerId: me.customerId, claimedAt: '2026-03-02T10:00:00.000Z' });
    expect(d.tracking).toEqual([]);
    const overt = await codeDetail(staff(brand.id, brand.slug), unit.overt.qrId);
    expect(overt.tracking).toEqual([{ at: '2026-02-20T10:00:00.000Z', stage: 'Shipped', place: 'Pune' }]);
    expect(overt.warranty).toBeNull();
    expect(overt.rewards).toEqual([]);
  });

  it('refuses a malformed qrId (422 on qrId) and another brand\'s code (404)', async () => {
    const scope = staff(brand.id, brand.slug);
    const bad = await errorOf(codeDetail(scope, 'not/a code'));
    expect([bad.code, bad.field]).toEqual(['unprocessable', 'qrId']);
    expect((await errorOf(codeDetail(scope, o.units[0]!.overt.qrId))).code).toBe('not_found');
    expect((await errorOf(setCodeBlacklisted(scope, { qrId: o.units[0]!.overt.qrId, blacklisted: true }))).code).toBe('not_found');
    expect((await errorOf(deleteCodeOf(scope, { qrId: o.units[0]!.overt.qrId }))).code).toBe('not_found');
    const db = await getDb();
    const [theirs] = await db.select().from(codes).where(eq(codes.id, o.units[0]!.overt.id));
    expect([theirs!.listStatus, theirs!.status]).toEqual(['Whitelisted', 'ACTIVE']);
  });

  it('blacklists, whitelists again and deletes, each audited with before and after; the command line shares the use case', async () => {
    const scope = staff(brand.id, brand.slug);
    const qrId = a.units[2]!.overt.qrId;
    const db = await getDb();
    const entries = () => db.select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.target, qrId))).orderBy(auditLog.at);
    expect(await setCodeBlacklisted(scope, { qrId, blacklisted: true })).toEqual({ qrId, state: 'blacklisted' });
    expect(await setCodeBlacklisted(scope, { qrId, blacklisted: true })).toEqual({ qrId, state: 'blacklisted' });
    expect((await search(scope, { q: qrId })).codes[0]!.state).toBe('blacklisted');
    expect(await setCodeBlacklisted(scope, { qrId, blacklisted: false })).toEqual({ qrId, state: 'active' });
    await blacklistCode(blacklistCodeArgs.parse({ slug: brand.slug, qrId }));
    expect(await deleteCodeOf(cliScope(brand.id, brand.slug), { qrId })).toEqual({ qrId, state: 'deleted' });
    const log = await entries();
    expect(log.map((e) => [e.action, e.actor, e.staffId, e.before, e.after])).toEqual([
      ['code.blacklist', 'ana@example.com', 'stf_test', { listStatus: 'Whitelisted' }, { listStatus: 'Blacklisted' }],
      ['code.whitelist', 'ana@example.com', 'stf_test', { listStatus: 'Blacklisted' }, { listStatus: 'Whitelisted' }],
      ['code.blacklist', 'command line', null, { listStatus: 'Whitelisted' }, { listStatus: 'Blacklisted' }],
      ['code.delete', 'command line', null, { status: 'ACTIVE' }, { status: 'DELETED' }],
    ]);
    expect((await search(scope, { q: qrId })).codes[0]!.state).toBe('deleted');
  });
});

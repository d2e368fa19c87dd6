import { and, eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { createTestBatch, type TestBatch } from '../support/codes';
import { signedInStaff, type SignedInStaff } from '../support/console';
import { getDb } from '@/lib/db/client';
import { auditLog, codes, scans } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { listCodes } from '@/lib/operator/catalog-codes';
import type { StaffRole } from '@/lib/domain/staff-roles';

// The console's overview and codes endpoints over HTTP: who may read, who may change, another
// brand's staff, and bad input (docs/console.md, "Overview and codes").

const server = apiServerForFile();
jest.setTimeout(60_000);

type Brand = Awaited<ReturnType<typeof createTestBrand>>;
let brand: Brand;
let other: Brand;
let batch: TestBatch;
const staffOf: Partial<Record<StaffRole, SignedInStaff>> = {};
let outsider: SignedInStaff;

beforeAll(async () => {
  brand = await createTestBrand();
  other = await createTestBrand();
  batch = await createTestBatch(brand, { units: 2 });
  for (const role of ['owner', 'manager', 'support', 'finance', 'analyst'] as const) staffOf[role] = await signedInStaff(server, { clientId: brand.id, role });
  outsider = await signedInStaff(server, { clientId: other.id, role: 'owner' });
  const db = await getDb();
  const u = batch.units[0]!.overt;
  await db.insert(scans).values({ id: randomId('sc', 16), clientId: brand.id, codeId: u.id, unitKey: u.pairId, qrIdRaw: u.qrId, kind: 'pre sale', layer: 2, result: 'Genuine Pre Sale', lat: 18.52, lng: 73.86, risk: 'suspect' });
});

const base = () => `/api/console/brands/${brand.slug}`;

describe('GET /api/console/brands/{brand}/overview', () => {
  it('answers every role of the brand with the counts', async () => {
    for (const role of ['owner', 'manager', 'support', 'finance', 'analyst'] as const) {
      const res = await staffOf[role]!.fetch(`${base()}/overview`);
      expect([role, res.status]).toEqual([role, 200]);
      expect(res.body.totals).toMatchObject({ scans: 1, genuine: 1, suspect: 1 });
      expect(res.body.places).toEqual([{ lat: 18.5, lng: 73.9, scans: 1, suspect: 1, near: 'Pune' }]);
      expect(res.body.days).toHaveLength(30);
    }
  });

  it('is 404 for staff of another brand, 401 without a session, 404 off the console host', async () => {
    expect((await outsider.fetch(`${base()}/overview`)).status).toBe(404);
    expect((await outsider.fetch(`/api/console/brands/no-such-brand/overview`)).status).toBe(404);
    const anonymous = await call(server, 'console.localhost', 'GET', `${base()}/overview`);
    expect(anonymous.status).toBe(401);
    const offHost = await call(server, brand.domain, 'GET', `${base()}/overview`, { cookie: staffOf.owner!.cookie });
    expect(offHost.status).toBe(404);
  });

  it('answers bad filters with the field', async () => {
    const bad = await staffOf.analyst!.fetch(`${base()}/overview?from=2026-02-30`);
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'unprocessable', field: 'from' });
    const backwards = await staffOf.analyst!.fetch(`${base()}/overview?from=2026-03-10&to=2026-03-01`);
    expect([backwards.status, backwards.body.field, backwards.body.errorMessage]).toEqual([422, 'to', 'to: must not be before from']);
    const theirs = await createTestBatch(other, { units: 1 });
    const notOurs = await staffOf.analyst!.fetch(`${base()}/overview?product=${theirs.units[0]!.overt.productId}`);
    expect([notOurs.status, notOurs.body.field]).toEqual([404, 'product']);
    const unknown = await staffOf.analyst!.fetch(`${base()}/overview?colour=red`);
    expect(unknown.status).toBe(422);
  });
});

describe('codes', () => {
  it('lets readers search and read a code, and refuses the finance role (403)', async () => {
    const qrId = batch.units[1]!.overt.qrId;
    for (const role of ['owner', 'manager', 'support', 'analyst'] as const) {
      const found = await staffOf[role]!.fetch(`${base()}/codes?q=${qrId}`);
      expect([role, found.status, found.body.matchedBy, found.body.codes.length]).toEqual([role, 200, 'qrId', 1]);
      const one = await staffOf[role]!.fetch(`${base()}/codes/${qrId}`);
      expect([role, one.status, one.body.code.qrId]).toEqual([role, 200, qrId]);
    }
    expect((await staffOf.finance!.fetch(`${base()}/codes?q=${qrId}`)).status).toBe(403);
    const page = await staffOf.owner!.fetch(`${base()}/codes?limit=3`);
    expect([page.body.codes.length, typeof page.body.next]).toEqual([3, 'string']);
    const rest = await staffOf.owner!.fetch(`${base()}/codes?limit=3&after=${page.body.next}`);
    expect(rest.body).toMatchObject({ next: '' });
    expect(rest.body.codes).toHaveLength(1);
    // A role that does not print lists no hidden code (tests/api/console-secrets.test.ts).
    const analystList = await staffOf.analyst!.fetch(`${base()}/codes`);
    expect(analystList.body.codes.map((c: { kind: string }) => c.kind)).toEqual(['overt', 'overt']);
  });

  it('answers a malformed qrId with 422 on qrId, another brand\'s code with 404, bad paging with 422', async () => {
    const bad = await staffOf.analyst!.fetch(`${base()}/codes/bad%2Bid`);
    expect([bad.status, bad.body.field]).toEqual([422, 'qrId']);
    const theirs = await createTestBatch(other, { units: 1 });
    expect((await staffOf.owner!.fetch(`${base()}/codes/${theirs.units[0]!.overt.qrId}`)).status).toBe(404);
    expect((await outsider.fetch(`${base()}/codes/${batch.units[0]!.overt.qrId}`)).status).toBe(404);
    const limit = await staffOf.analyst!.fetch(`${base()}/codes?limit=1000`);
    expect([limit.status, limit.body.field]).toEqual([422, 'limit']);
  });

  it('lets the owner and the manager blacklist, undo and delete, audited; the analyst and support get 403 and nothing changes', async () => {
    const code = batch.units[1]!.covert;
    const db = await getDb();
    const row = async () => (await db.select().from(codes).where(eq(codes.id, code.id)))[0]!;
    for (const role of ['analyst', 'support', 'finance'] as const) {
      expect((await staffOf[role]!.fetch(`${base()}/codes/${code.qrId}/blacklist`, { method: 'POST' })).status).toBe(403);
      expect((await staffOf[role]!.fetch(`${base()}/codes/${code.qrId}`, { method: 'DELETE' })).status).toBe(403);
    }
    expect((await outsider.fetch(`${base()}/codes/${code.qrId}/blacklist`, { method: 'POST' })).status).toBe(404);
    expect([(await row()).listStatus, (await row()).status]).toEqual(['Whitelisted', 'ACTIVE']);

    const black = await staffOf.manager!.fetch(`${base()}/codes/${code.qrId}/blacklist`, { method: 'POST' });
    expect([black.status, black.body]).toEqual([200, { qrId: code.qrId, state: 'blacklisted' }]);
    expect((await row()).listStatus).toBe('Blacklisted');
    const undo = await staffOf.owner!.fetch(`${base()}/codes/${code.qrId}/whitelist`, { method: 'POST' });
    expect([undo.status, undo.body.state]).toEqual([200, 'active']);
    // Without the CSRF proof a change is refused.
    const noCsrf = await staffOf.manager!.fetch(`${base()}/codes/${code.qrId}`, { method: 'DELETE', headers: { 'x-csrf': '' } });
    expect(noCsrf.status).toBe(403);
    const del = await staffOf.manager!.fetch(`${base()}/codes/${code.qrId}`, { method: 'DELETE' });
    expect([del.status, del.body.state]).toEqual([200, 'deleted']);
    const log = await db.select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.target, code.qrId))).orderBy(auditLog.at);
    expect(log.map((e) => [e.action, e.actor, e.before, e.after])).toEqual([
      ['code.blacklist', staffOf.manager!.email, { listStatus: 'Whitelisted' }, { listStatus: 'Blacklisted' }],
      ['code.whitelist', staffOf.owner!.email, { listStatus: 'Blacklisted' }, { listStatus: 'Whitelisted' }],
      ['code.delete', staffOf.manager!.email, { status: 'ACTIVE' }, { status: 'DELETED' }],
    ]);
  });
});

describe('POST /api/console/brands/{brand}/codes/blacklist', () => {
  it('blacklists a range of units (printed and hidden codes together) or a whole batch, confirmed and audited; bad input changes nothing', async () => {
    const mine = await createTestBrand();
    const b = await createTestBatch(mine, { units: 5 });
    const manager = await signedInStaff(server, { clientId: mine.id, role: 'manager' });
    const db = await getDb();
    const [batchRow] = await db.select({ batchId: codes.batchId }).from(codes).where(eq(codes.id, b.units[0]!.overt.id));
    const batchId = batchRow!.batchId!;
    const path = `/api/console/brands/${mine.slug}/codes/blacklist`;
    const states = async () =>
      (await db.select({ qrId: codes.qrId, l: codes.listStatus }).from(codes).where(eq(codes.clientId, mine.id))).filter((r) => r.l === 'Blacklisted').map((r) => r.qrId).sort();
    // The printed order: by creation, then unit, as the batch's CSV lists them (the export's own order).
    const printed = await listCodes({ slug: mine.slug, batch: b.batchNumber, limit: 100 });
    const unitOrder = [...new Set(printed.map((r) => r.unit))];
    const ordered = unitOrder.map((u) => b.units.find((x) => x.overt.pairId === u)!);

    for (const [body, status, field] of [
      [{ batchId, from: ordered[1]!.overt.qrId, to: ordered[3]!.covert.qrId }, 422, 'confirm'],
      [{ batchId, from: ordered[1]!.overt.qrId, confirm: true }, 422, 'to'],
      [{ batchId, from: batch.units[0]!.overt.qrId, to: ordered[3]!.covert.qrId, confirm: true }, 422, 'from'],
      [{ batchId: 'ba_missing', confirm: true }, 404, undefined],
    ] as const) {
      const res = await manager.fetch(path, { method: 'POST', body });
      expect([res.status, res.body.field]).toEqual([status, field]);
    }
    expect(await states()).toEqual([]);
    // Support may not; another brand's owner gets 404.
    expect((await staffOf.support!.fetch(`/api/console/brands/${brand.slug}/codes/blacklist`, { method: 'POST', body: { batchId, confirm: true } })).status).toBe(403);
    expect((await outsider.fetch(path, { method: 'POST', body: { batchId, confirm: true } })).status).toBe(404);

    // Units 2 to 4 in printed order (ends given either way round): six codes.
    const range = await manager.fetch(path, { method: 'POST', body: { batchId, from: ordered[3]!.covert.qrId, to: ordered[1]!.overt.qrId, confirm: true } });
    expect([range.status, range.body]).toEqual([200, { batchNumber: b.batchNumber, blacklisted: 6, alreadyBlacklisted: 0 }]);
    expect(await states()).toEqual(ordered.slice(1, 4).flatMap((u) => [u.overt.qrId, u.covert.qrId]).sort());
    expect((await call(server, mine.domain, 'GET', `/api/verify/info/${ordered[2]!.overt.qrId}`)).body.result).toBe('Fake');
    expect((await call(server, mine.domain, 'GET', `/api/verify/info/${ordered[0]!.overt.qrId}`)).body.result).not.toBe('Fake');

    const whole = await manager.fetch(path, { method: 'POST', body: { batchId, confirm: true } });
    expect(whole.body).toEqual({ batchNumber: b.batchNumber, blacklisted: 4, alreadyBlacklisted: 6 });
    expect(await states()).toHaveLength(10);
    const log = await db.select().from(auditLog).where(and(eq(auditLog.clientId, mine.id), eq(auditLog.action, 'codes.blacklist.bulk'))).orderBy(auditLog.at);
    expect(log.map((e) => [e.actor, e.target, e.after])).toEqual([
      [manager.email, b.batchNumber, { listStatus: 'Blacklisted', codes: 6, from: ordered[3]!.covert.qrId, to: ordered[1]!.overt.qrId }],
      [manager.email, b.batchNumber, { listStatus: 'Blacklisted', codes: 4, range: 'whole batch' }],
    ]);
  });
});

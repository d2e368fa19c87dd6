import { and, eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { createTestBatch, type TestBatch } from '../support/codes';
import { signedInStaff, type SignedInStaff } from '../support/console';
import { getDb } from '@/lib/db/client';
import { auditLog, batches, clients, scans, trackingEvents, unitSessions } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import type { StaffRole } from '@/lib/domain/staff-roles';

// What the command line can do and the console now can too (lib/console/cli-parity.ts): record a
// tracking event on a code, change an existing batch's markets, purge old scan data now, and tune
// complaint target times and the risk settings. Roles, another brand, bad input, the audit entry.

const server = apiServerForFile();
jest.setTimeout(60_000);

type Brand = Awaited<ReturnType<typeof createTestBrand>>;
let brand: Brand;
let other: Brand;
let batch: TestBatch;
const staffOf: Partial<Record<StaffRole, SignedInStaff>> = {};
let outsider: SignedInStaff;

beforeAll(async () => {
  brand = await createTestBrand({ flags: { isTrackingEnabled: true } });
  other = await createTestBrand({ flags: { isTrackingEnabled: true } });
  batch = await createTestBatch(brand, { units: 2 });
  for (const role of ['owner', 'manager', 'support', 'finance', 'analyst'] as const) staffOf[role] = await signedInStaff(server, { clientId: brand.id, role });
  outsider = await signedInStaff(server, { clientId: other.id, role: 'owner' });
});

const base = () => `/api/console/brands/${brand.slug}`;

describe('POST /api/console/brands/{brand}/codes/{qrId}/tracking', () => {
  it('records the event for an owner, audited, and the customer\'s tracking page shows it', async () => {
    const qrId = batch.units[0]!.overt.qrId;
    const res = await staffOf.owner!.fetch(`${base()}/codes/${qrId}/tracking`, { method: 'POST', body: { stage: 'Shipped', place: 'Pune DC', at: '2026-03-01T10:00:00Z' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ qrId, stage: 'Shipped', place: 'Pune DC', at: '2026-03-01T10:00:00.000Z' });
    const db = await getDb();
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'code.tracking'), eq(auditLog.target, qrId)));
    expect(audit).toMatchObject({ staffId: staffOf.owner!.staffId, after: { stage: 'Shipped', place: 'Pune DC', at: '2026-03-01T10:00:00.000Z' } });
    const page = await staffOf.owner!.fetch(`${base()}/codes/${qrId}`);
    expect(page.body.tracking).toEqual([expect.objectContaining({ stage: 'Shipped', place: 'Pune DC' })]);
    const customer = await call(server, brand.domain, 'GET', `/api/tracking/${qrId}`);
    expect(customer.status).toBe(200);
    expect(JSON.stringify(customer.body)).toContain('Pune DC');
  });

  it('lets a manager record one with the time left out (now), and refuses support, finance and analyst (403)', async () => {
    const qrId = batch.units[1]!.overt.qrId;
    const before = Date.now();
    const res = await staffOf.manager!.fetch(`${base()}/codes/${qrId}/tracking`, { method: 'POST', body: { stage: 'Delivered', place: 'Mumbai store' } });
    expect(res.status).toBe(201);
    expect(Date.parse(res.body.at)).toBeGreaterThanOrEqual(before - 1000);
    for (const role of ['support', 'finance', 'analyst'] as const) {
      const refused = await staffOf[role]!.fetch(`${base()}/codes/${qrId}/tracking`, { method: 'POST', body: { stage: 'Lost', place: 'Nowhere' } });
      expect([role, refused.status]).toEqual([role, 403]);
    }
    const db = await getDb();
    const stages = (await db.select().from(trackingEvents).where(eq(trackingEvents.clientId, brand.id))).map((t) => t.stage);
    expect(stages).not.toContain('Lost');
  });

  it('is 404 for another brand\'s staff and for a code the brand does not have', async () => {
    const qrId = batch.units[0]!.overt.qrId;
    const theirs = await outsider.fetch(`${base()}/codes/${qrId}/tracking`, { method: 'POST', body: { stage: 'Shipped', place: 'X' } });
    expect(theirs.status).toBe(404);
    const ownBrandWrongCode = await outsider.fetch(`/api/console/brands/${other.slug}/codes/${qrId}/tracking`, { method: 'POST', body: { stage: 'Shipped', place: 'X' } });
    expect(ownBrandWrongCode.status).toBe(404);
    const db = await getDb();
    expect(await db.select().from(trackingEvents).where(eq(trackingEvents.clientId, other.id))).toEqual([]);
  });

  it('answers bad input 422 naming the field', async () => {
    const qrId = batch.units[0]!.overt.qrId;
    const post = (body: unknown) => staffOf.owner!.fetch(`${base()}/codes/${qrId}/tracking`, { method: 'POST', body });
    for (const [body, field] of [
      [{ stage: '', place: 'Pune DC' }, 'stage'],
      [{ stage: 'Shipped', place: '   ' }, 'place'],
      [{ stage: 'Shipped', place: 'x'.repeat(201) }, 'place'],
      [{ stage: 'Shipped', place: 'Pune DC', at: 'yesterday' }, 'at'],
    ] as const) {
      const res = await post(body);
      expect([res.status, res.body.field, typeof res.body.errorMessage]).toEqual([422, field, 'string']);
    }
    expect((await post({ stage: 'Shipped', place: 'Pune DC', colour: 'red' })).status).toBe(422);
    const malformed = await staffOf.owner!.fetch(`${base()}/codes/not!an!id/tracking`, { method: 'POST', body: { stage: 'Shipped', place: 'X' } });
    expect([malformed.status, malformed.body.field]).toEqual([422, 'qrId']);
  });
});

async function auditOf(clientId: string, action: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(and(eq(auditLog.clientId, clientId), eq(auditLog.action, action)));
}

describe('PATCH /api/console/brands/{brand}/catalogue/batches/{batchId} (markets)', () => {
  let batchId: string;
  beforeAll(async () => {
    const db = await getDb();
    const [row] = await db.select().from(batches).where(and(eq(batches.clientId, brand.id), eq(batches.batchNumber, batch.batchNumber)));
    batchId = row!.id;
  });
  const path = () => `${base()}/catalogue/batches/${batchId}`;

  it('sets and clears an existing batch\'s markets for owner and manager, audited', async () => {
    const set = await staffOf.manager!.fetch(path(), { method: 'PATCH', body: { markets: ['IN', 'NP', 'IN'] } });
    expect([set.status, set.body.markets]).toEqual([200, ['IN', 'NP']]);
    const db = await getDb();
    const [row] = await db.select().from(batches).where(eq(batches.id, batchId));
    expect(row!.markets).toEqual(['IN', 'NP']);
    const cleared = await staffOf.owner!.fetch(path(), { method: 'PATCH', body: { markets: [] } });
    expect([cleared.status, cleared.body.markets]).toEqual([200, []]);
    const audits = await auditOf(brand.id, 'batch.markets');
    expect(audits.map((a) => a.after)).toEqual(expect.arrayContaining([{ markets: ['IN', 'NP'] }, { markets: [] }]));
  });

  it('refuses support, finance and analyst, another brand\'s staff and bad markets', async () => {
    for (const role of ['support', 'finance', 'analyst'] as const) {
      expect([role, (await staffOf[role]!.fetch(path(), { method: 'PATCH', body: { markets: ['DE'] } })).status]).toEqual([role, 403]);
    }
    expect((await outsider.fetch(path(), { method: 'PATCH', body: { markets: ['DE'] } })).status).toBe(404);
    expect((await outsider.fetch(`/api/console/brands/${other.slug}/catalogue/batches/${batchId}`, { method: 'PATCH', body: { markets: ['DE'] } })).status).toBe(404);
    const bad = await staffOf.owner!.fetch(path(), { method: 'PATCH', body: { markets: ['India'] } });
    expect(bad.status).toBe(422);
    expect(bad.body.field).toMatch(/^markets/);
    const missing = await staffOf.owner!.fetch(path(), { method: 'PATCH', body: {} });
    expect([missing.status, missing.body.field]).toEqual([422, 'markets']);
    const db = await getDb();
    const [row] = await db.select().from(batches).where(eq(batches.id, batchId));
    expect(row!.markets ?? []).not.toContain('DE');
  });
});

describe('POST /api/console/brands/{brand}/settings/purge-scans', () => {
  async function seedScans(clientId: string, codeId: string, unitKey: string, ageDays: number[]) {
    const db = await getDb();
    for (const age of ageDays) {
      const at = new Date(Date.now() - age * 86_400_000);
      await db.insert(scans).values({ id: randomId('sc', 16), clientId, codeId, unitKey, qrIdRaw: 'x', kind: 'info', layer: 1, result: 'Genuine Pre Sale', at });
      await db.insert(unitSessions).values({ clientId, unitKey, sessionKey: randomId('ss', 12), firstAt: at, lastAt: at, scanCount: 1 });
    }
  }

  it('deletes only the brand\'s scan data older than its retention days, after a confirmation, audited', async () => {
    const u = batch.units[1]!.overt;
    await seedScans(brand.id, u.id, u.pairId!, [200, 120, 10]);
    const theirs = await createTestBatch(other, { units: 1 });
    const t = theirs.units[0]!.overt;
    await seedScans(other.id, t.id, t.pairId!, [200]);
    const unconfirmed = await staffOf.owner!.fetch(`${base()}/settings/purge-scans`, { method: 'POST', body: {} });
    expect([unconfirmed.status, unconfirmed.body.field]).toEqual([422, 'confirm']);
    const wrong = await staffOf.owner!.fetch(`${base()}/settings/purge-scans`, { method: 'POST', body: { confirm: 'yes' } });
    expect([wrong.status, wrong.body.field]).toEqual([422, 'confirm']);
    const res = await staffOf.manager!.fetch(`${base()}/settings/purge-scans`, { method: 'POST', body: { confirm: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ retentionDays: 100, scansDeleted: 2, sessionsDeleted: 2 });
    const db = await getDb();
    expect(await db.select().from(scans).where(and(eq(scans.clientId, brand.id), eq(scans.codeId, u.id)))).toHaveLength(1);
    expect(await db.select().from(scans).where(eq(scans.clientId, other.id))).toHaveLength(1);
    const [audit] = await auditOf(brand.id, 'scans.purge');
    expect(audit).toMatchObject({ staffId: staffOf.manager!.staffId, after: { retentionDays: 100, scansDeleted: 2, sessionsDeleted: 2 } });
  });

  it('refuses support, finance and analyst (403) and another brand\'s staff (404)', async () => {
    for (const role of ['support', 'finance', 'analyst'] as const) {
      expect([role, (await staffOf[role]!.fetch(`${base()}/settings/purge-scans`, { method: 'POST', body: { confirm: true } })).status]).toEqual([role, 403]);
    }
    expect((await outsider.fetch(`${base()}/settings/purge-scans`, { method: 'POST', body: { confirm: true } })).status).toBe(404);
  });
});

describe('PATCH /api/console/brands/{brand}/settings (complaint target times and risk)', () => {
  it('saves target hours per priority and the risk settings, audited', async () => {
    const res = await staffOf.owner!.fetch(`${base()}/settings`, {
      method: 'PATCH',
      body: { complaintConfig: { targetHours: { High: 12, Low: 200 } }, verification: { risk: { placeKm: 50, consumedLate: 'caution', autoBlacklist: true, retentionDays: 60 } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.config.complaintConfig.targetHours).toEqual({ High: 12, Low: 200 });
    expect(res.body.config.verification.risk).toMatchObject({ placeKm: 50, consumedLate: 'caution', autoBlacklist: true, retentionDays: 60, cautionSessions: 6 });
    const db = await getDb();
    const [row] = await db.select().from(clients).where(eq(clients.id, brand.id));
    expect((row!.config as { verification: { risk: { retentionDays: number } } }).verification.risk.retentionDays).toBe(60);
    const audits = await auditOf(brand.id, 'settings.update');
    expect(audits.some((a) => (a.after as { config: { complaintConfig: { targetHours: Record<string, number> } } }).config.complaintConfig.targetHours.High === 12)).toBe(true);
    // the purge now uses the new retention days
    const purge = await staffOf.owner!.fetch(`${base()}/settings/purge-scans`, { method: 'POST', body: { confirm: true } });
    expect(purge.body.retentionDays).toBe(60);
  });

  it('answers bad values 422 at their field and changes nothing', async () => {
    const patch = (body: unknown) => staffOf.owner!.fetch(`${base()}/settings`, { method: 'PATCH', body });
    for (const [body, field] of [
      [{ complaintConfig: { targetHours: { High: 0 } } }, 'complaintConfig.targetHours.High'],
      [{ complaintConfig: { targetHours: { High: 1.5 } } }, 'complaintConfig.targetHours.High'],
      [{ complaintConfig: { targetHours: { High: 9000 } } }, 'complaintConfig.targetHours.High'],
      [{ verification: { risk: { placeKm: 0 } } }, 'verification.risk.placeKm'],
      [{ verification: { risk: { retentionDays: 10 } } }, 'verification.risk.retentionDays'],
      [{ verification: { risk: { consumedLate: 'loud' } } }, 'verification.risk.consumedLate'],
      [{ verification: { risk: { cautionSessions: 8, suspectSessions: 7 } } }, 'verification.risk.suspectSessions'],
    ] as const) {
      const res = await patch(body);
      expect([res.status, res.body.field, typeof res.body.errorMessage]).toEqual([422, field, 'string']);
    }
    const now = await staffOf.owner!.fetch(`${base()}/settings`);
    expect(now.body.config.verification.risk.placeKm).not.toBe(0);
    expect(now.body.config.complaintConfig.targetHours.High).not.toBe(0);
  });
});

import { and, eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { createTestBatch, type TestBatch } from '../support/codes';
import { signedInStaff, type SignedInStaff } from '../support/console';
import { getDb } from '@/lib/db/client';
import { auditLog, trackingEvents } from '@/lib/db/schema';
import type { StaffRole } from '@/lib/domain/staff-roles';

// What the command line can do and the console now can too (lib/console/cli-parity.ts): record a
// tracking event on a code. Roles, another brand, bad input, the audit entry, and the
// customer's tracking page showing the event.

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

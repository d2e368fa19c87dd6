import { getDb } from '@/lib/db/client';
import { claims, complaints, customers, scans } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { createTestBrand } from './api-server';
import { createTestBatch, type TestBatch } from './codes';

// Test-only: a Manufacturer brand with two batches, Retailer organisations, and scans and
// complaints of a batch's units written straight to the database (scanning and complaining are
// tested on their own), for the sharing tests.

export async function manufacturerWithBatches() {
  const brand = await createTestBrand();
  const sold = await createTestBatch(brand, { units: 2 });
  const other = await createTestBatch(brand, { units: 1 });
  return { brand, sold, other };
}

export const retailer = () => createTestBrand({ organizationType: 'Retailer' });

/** A customer of the brand, with a name and contact details the retailer must never see. */
export async function secretCustomer(clientId: string) {
  const db = await getDb();
  const id = randomId('cus');
  const secret = `secret-${id.toLowerCase()}`;
  await db.insert(customers).values({ id, clientId, userName: `Name ${secret}`, email: `${secret}@example.com`, mobile: '9990001112' });
  return { id, secret };
}

/** A scan of a unit's overt code by that customer, from a device and session of theirs. */
export async function scanOf(clientId: string, unit: TestBatch['units'][number], customerId: string, opts: { at?: Date; lat?: number; lng?: number; result?: string } = {}) {
  const db = await getDb();
  const id = randomId('scn', 16);
  await db.insert(scans).values({
    id,
    clientId,
    codeId: unit.overt.id,
    unitKey: unit.overt.pairId,
    qrIdRaw: unit.overt.qrId,
    customerId,
    at: opts.at ?? new Date(),
    kind: 'overt',
    layer: 1,
    result: opts.result ?? 'GENUINE',
    lat: opts.lat ?? 12.9716,
    lng: opts.lng ?? 77.5946,
    deviceId: `dev-${id}`,
    sessionKey: `session-${id}`,
    risk: 'none',
  });
  return id;
}

/** A complaint about a unit (claimed by the customer first, as the app requires). */
export async function complaintOf(clientId: string, unit: TestBatch['units'][number], customerId: string, opts: { priority?: string; createdAt?: Date } = {}) {
  const db = await getDb();
  const unitId = unit.overt.pairId!;
  await db.insert(claims).values({ unitId, clientId, customerId }).onConflictDoNothing();
  const ticketId = randomId('T', 10);
  await db.insert(complaints).values({
    id: randomId('cmp', 16),
    clientId,
    customerId,
    ticketId,
    unitId,
    productId: unit.overt.productId,
    category: 'Quality',
    priority: opts.priority ?? 'high',
    description: 'It leaks',
    ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
  });
  return ticketId;
}

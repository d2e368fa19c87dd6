import { getDb } from '@/lib/db/client';
import { complaints, feedback, files, redFlags, staff, staffMemberships, ticketCounters, warranties } from '@/lib/db/schema';
import { sql } from 'drizzle-orm';
import type { StaffRole } from '@/lib/domain/staff-roles';
import { ticketId as formatTicketId } from '@/lib/domain/complaints';
import { randomId } from '@/lib/ids';
import { claimedUnit, fixtures, signedInCustomer } from './aftersales';
import { createTestBrand } from './api-server';

// Rows for the console's support areas (complaints, warranty, red flags, feedback), written
// straight to the database so each test sets up only what it reads.

export async function supportBrand() {
  return createTestBrand({ flags: { isComplaintManagementEnabled: true }, complaintConfig: { priorities: ['Low', 'High'], targetHours: { High: 4 } } });
}

/** A staff member of the brand with a role (no password: the use cases do not sign in). */
export async function addStaff(clientId: string, role: StaffRole, name = '') {
  const db = await getDb();
  const id = randomId('stf', 16);
  const email = `${id.toLowerCase()}@staff.example.com`;
  await db.insert(staff).values({ id, email, name });
  await db.insert(staffMemberships).values({ staffId: id, clientId, role });
  return { staffId: id, email, name: name || email, role };
}

/** A ticket as the customer side raises it, with an optional image attachment, raised `hoursAgo`. */
export async function insertComplaint(
  clientId: string,
  opts: { customerId?: string; priority?: string; hoursAgo?: number; status?: 'unassigned' | 'open' | 'inprogress' | 'closed'; attachment?: boolean; productId?: string } = {},
) {
  const db = await getDb();
  const customerId = opts.customerId ?? (await signedInCustomer(clientId)).customerId;
  const [counter] = await db
    .insert(ticketCounters)
    .values({ clientId, lastNumber: 1 })
    .onConflictDoUpdate({ target: ticketCounters.clientId, set: { lastNumber: sql`${ticketCounters.lastNumber} + 1` } })
    .returning({ n: ticketCounters.lastNumber });
  const attachmentIds: string[] = [];
  if (opts.attachment) {
    const bytes = fixtures.png();
    const fileId = randomId('fl', 16);
    await db.insert(files).values({ id: fileId, clientId, customerId, mediaType: 'image', contentType: 'image/png', size: bytes.byteLength, originalName: 'photo.png', sha256: 'x', bytes });
    attachmentIds.push(fileId);
  }
  const createdAt = new Date(Date.now() - (opts.hoursAgo ?? 0) * 3_600_000);
  const ticketId = formatTicketId(counter!.n);
  await db.insert(complaints).values({
    id: randomId('cp', 16),
    clientId,
    customerId,
    ticketId,
    productId: opts.productId ?? null,
    category: 'Damaged product',
    priority: opts.priority ?? 'Low',
    description: 'The seal was broken when I opened it.',
    attachmentIds,
    status: opts.status ?? 'unassigned',
    createdAt,
    updatedAt: createdAt,
  });
  return { ticketId, customerId, attachmentIds };
}

export async function insertRedFlag(clientId: string, opts: { productId?: string; codeId?: string; unitKey?: string; rules?: string[]; blacklisted?: boolean } = {}) {
  const db = await getDb();
  const id = randomId('rf', 16);
  await db.insert(redFlags).values({
    id,
    clientId,
    unitKey: opts.unitKey ?? randomId('un', 16),
    codeId: opts.codeId ?? null,
    productId: opts.productId ?? null,
    rules: opts.rules ?? ['sessions'],
    reasons: ['Checked from many devices'],
    blacklisted: opts.blacklisted ?? false,
  });
  return id;
}

/** A claimed unit with a registered warranty and its invoice (a PDF). */
export async function insertWarranty(clientId: string, opts: { endsOn?: string; userName?: string } = {}) {
  const db = await getDb();
  const customer = await signedInCustomer(clientId, { userName: opts.userName ?? 'Asha' });
  const unit = await claimedUnit(clientId, customer.customerId);
  const bytes = fixtures.pdf();
  const fileId = randomId('fl', 16);
  await db.insert(files).values({ id: fileId, clientId, customerId: customer.customerId, mediaType: 'pdf', contentType: 'application/pdf', size: bytes.byteLength, originalName: 'bill.pdf', sha256: 'x', bytes });
  const id = randomId('wr', 16);
  await db.insert(warranties).values({
    id,
    clientId,
    customerId: customer.customerId,
    unitId: unit.unitId,
    productId: unit.productId,
    purchaseDate: '2026-01-10',
    invoiceFileId: fileId,
    startsOn: '2026-01-10',
    endsOn: opts.endsOn ?? '2099-01-09',
  });
  return { warrantyId: id, fileId, ...unit, customerId: customer.customerId };
}

export async function insertFeedback(clientId: string, opts: { rating: number; comment?: string; unitId?: string; customerId?: string }) {
  const db = await getDb();
  const customerId = opts.customerId ?? (await signedInCustomer(clientId)).customerId;
  const id = randomId('fb', 16);
  await db.insert(feedback).values({ id, clientId, customerId, unitId: opts.unitId ?? null, rating: opts.rating, comment: opts.comment ?? '' });
  return id;
}

export { createTestBrand };

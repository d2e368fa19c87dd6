import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { auditLog, codes, complaintMessages, complaints, redFlags } from '@/lib/db/schema';
import { cliScope, type ConsoleScope } from '@/lib/console/scope';
import { assignComplaint, assignableStaff, complaintAttachment, getComplaint, listComplaints, replyComplaint, setComplaintStatus } from '@/lib/console/complaints';
import { closeRedFlag, listRedFlags } from '@/lib/console/red-flags';
import { getWarranty, listWarranties, warrantyInvoice } from '@/lib/console/warranty';
import { listFeedback } from '@/lib/console/feedback';
import { complaintListQuerySchema } from '@/lib/schemas/console-complaints';
import { warrantyListQuerySchema } from '@/lib/schemas/console-warranty';
import { feedbackListQuerySchema } from '@/lib/schemas/console-feedback';
import { getComplaint as customerComplaint } from '@/lib/api/complaints/find-complaints';
import { runOperatorCommand } from '@/lib/operator/commands';
import { apiServerForFile } from '../support/api-server';
import { claimedUnit, signedInCustomer } from '../support/aftersales';
import { addStaff, insertComplaint, insertFeedback, insertRedFlag, insertWarranty, supportBrand } from '../support/console-support';

// The console's support use cases (lib/console/complaints, warranty, red-flags, feedback) against
// the database: scoped by brand, status moves by the allowed moves only, every change audited.

apiServerForFile();

type Brand = Awaited<ReturnType<typeof supportBrand>>;
const staffScope = (brand: Brand, s: { staffId: string; email: string }): ConsoleScope => ({
  clientId: brand.id,
  slug: brand.slug,
  actor: { kind: 'staff', staffId: s.staffId, email: s.email, role: 'support' },
});
const q = (query: Record<string, unknown> = {}) => complaintListQuerySchema.parse(query);

async function audits(clientId: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(eq(auditLog.clientId, clientId)).orderBy(auditLog.at);
}

describe('complaints inbox', () => {
  it('lists with filters and pages, shows each ticket\'s age against its priority\'s target time, and never another brand\'s tickets', async () => {
    const brand = await supportBrand();
    const other = await supportBrand();
    await insertComplaint(other.id, { priority: 'High', hoursAgo: 100 });
    const a = await insertComplaint(brand.id, { priority: 'High', hoursAgo: 5 }); // target 4 h (brand setting): overdue
    const b = await insertComplaint(brand.id, { priority: 'Low', hoursAgo: 30 }); // target 168 h (default for Low): not overdue
    const c = await insertComplaint(brand.id, { priority: 'High', hoursAgo: 2 });
    const d = await insertComplaint(brand.id, { priority: 'High', hoursAgo: 50, status: 'closed' }); // closed: never overdue
    const scope = cliScope(brand.id, brand.slug);

    const all = await listComplaints(scope, q());
    expect(all.total).toBe(4);
    expect(all.complaints.map((r) => r.ticketId)).toEqual([c.ticketId, a.ticketId, b.ticketId, d.ticketId]);
    expect(all.priorities).toEqual(['Low', 'High']);
    const byTicket = Object.fromEntries(all.complaints.map((r) => [r.ticketId, r]));
    expect(byTicket[a.ticketId]).toMatchObject({ targetHours: 4, overdue: true, ageHours: 5, customerName: 'Asha', assignee: null, status: 'unassigned' });
    expect(byTicket[b.ticketId]).toMatchObject({ targetHours: 168, overdue: false, ageHours: 30 });
    expect(byTicket[d.ticketId]).toMatchObject({ overdue: false });

    expect((await listComplaints(scope, q({ age: 'overdue' }))).complaints.map((r) => r.ticketId)).toEqual([a.ticketId]);
    expect((await listComplaints(scope, q({ age: '1d' }))).complaints.map((r) => r.ticketId)).toEqual([b.ticketId, d.ticketId]);
    expect((await listComplaints(scope, q({ status: 'closed' }))).complaints.map((r) => r.ticketId)).toEqual([d.ticketId]);
    expect((await listComplaints(scope, q({ priority: 'Low' }))).complaints.map((r) => r.ticketId)).toEqual([b.ticketId]);
    const page2 = await listComplaints(scope, q({ page: '2', pageSize: '3' }));
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.complaints.map((r) => r.ticketId)).toEqual([d.ticketId]);
  });

  it('refuses filters it does not know, naming the field', () => {
    expect(complaintListQuerySchema.safeParse({ status: 'pending' }).error?.issues[0]).toMatchObject({ path: ['status'] });
    expect(complaintListQuerySchema.safeParse({ age: 'ancient' }).error?.issues[0]).toMatchObject({ path: ['age'] });
    expect(complaintListQuerySchema.safeParse({ pageSize: '1000' }).error?.issues[0]).toMatchObject({ path: ['pageSize'], message: 'must be at most 100' });
    expect(complaintListQuerySchema.safeParse({ colour: 'x' }).error?.issues[0]).toMatchObject({ code: 'unrecognized_keys' });
    expect(complaintListQuerySchema.safeParse({ sort: 'x' }).error?.issues[0]).toMatchObject({ path: ['sort'] }); // a sort by a column the inbox does not have
    expect(complaintListQuerySchema.parse({ status: '', age: '' })).toMatchObject({ status: 'all', age: undefined, page: 1, pageSize: 25 });
  });

  it('assigns to a support member of the brand (opening it), replies into the customer\'s thread, moves the status by the allowed moves, and audits each change', async () => {
    const brand = await supportBrand();
    const agent = await addStaff(brand.id, 'support', 'Ravi');
    const analyst = await addStaff(brand.id, 'analyst');
    const outsider = await addStaff((await supportBrand()).id, 'support');
    const t = await insertComplaint(brand.id, { attachment: true });
    const scope = staffScope(brand, agent);

    expect((await assignableStaff(scope)).map((s) => s.staffId)).toEqual([agent.staffId]);
    await expect(assignComplaint(scope, { ticketId: t.ticketId, to: { staffId: analyst.staffId } })).rejects.toMatchObject({ code: 'unprocessable', field: 'staffId', message: 'staffId: a analyst may not handle complaints' });
    await expect(assignComplaint(scope, { ticketId: t.ticketId, to: { staffId: outsider.staffId } })).rejects.toMatchObject({ code: 'unprocessable', field: 'staffId' });
    expect(await assignComplaint(scope, { ticketId: t.ticketId, to: { staffId: agent.staffId } })).toEqual({ ticketId: t.ticketId, status: 'open', assignee: 'Ravi' });
    expect((await listComplaints(scope, q({ assignee: 'me' }))).complaints.map((r) => r.ticketId)).toEqual([t.ticketId]);

    await replyComplaint(scope, { ticketId: t.ticketId, message: 'A replacement is on its way.' });
    const db = await getDb();
    const seen = await customerComplaint(db, brand.id, t.customerId, t.ticketId);
    expect(seen.messages.map((m) => [m.author, m.authorName, m.body])).toEqual([['brand', `Brand ${brand.slug}`, 'A replacement is on its way.']]);

    await expect(setComplaintStatus(scope, { ticketId: t.ticketId, status: 'unassigned' })).rejects.toMatchObject({
      code: 'conflict',
      message: 'A open complaint cannot move to unassigned; it can move to: inprogress, closed',
    });
    expect(await setComplaintStatus(scope, { ticketId: t.ticketId, status: 'inprogress' })).toEqual({ ticketId: t.ticketId, status: 'inprogress' });
    const detail = await getComplaint(scope, t.ticketId);
    expect(detail).toMatchObject({ status: 'inprogress', assignee: { staffId: agent.staffId, name: 'Ravi' }, nextStatuses: ['open', 'closed'], customer: { name: 'Asha' } });
    expect(detail.attachments).toEqual([expect.objectContaining({ name: 'photo.png', mediaType: 'image', url: `/api/console/brands/${brand.slug}/complaints/${t.ticketId}/attachments/${t.attachmentIds[0]}` })]);
    expect((await complaintAttachment(scope, t.ticketId, t.attachmentIds[0]!)).contentType).toBe('image/png');

    expect(await assignComplaint(scope, { ticketId: t.ticketId, to: null })).toEqual({ ticketId: t.ticketId, status: 'inprogress', assignee: null });
    await setComplaintStatus(scope, { ticketId: t.ticketId, status: 'closed' });
    await expect(replyComplaint(scope, { ticketId: t.ticketId, message: 'late' })).rejects.toMatchObject({ code: 'conflict' });
    await expect(assignComplaint(scope, { ticketId: t.ticketId, to: { staffId: agent.staffId } })).rejects.toMatchObject({ code: 'conflict' });

    const log = await audits(brand.id);
    expect(log.map((e) => [e.action, e.target, e.actor, e.staffId])).toEqual([
      ['complaint.assign', t.ticketId, agent.email, agent.staffId],
      ['complaint.reply', t.ticketId, agent.email, agent.staffId],
      ['complaint.status', t.ticketId, agent.email, agent.staffId],
      ['complaint.unassign', t.ticketId, agent.email, agent.staffId],
      ['complaint.status', t.ticketId, agent.email, agent.staffId],
    ]);
    expect(log[2]).toMatchObject({ before: { status: 'open' }, after: { status: 'inprogress' } });
    expect(await db.select().from(complaintMessages).where(eq(complaintMessages.clientId, brand.id))).toHaveLength(1);
  });

  it('answers 404 for another brand\'s ticket and attachment, and changes nothing there', async () => {
    const brand = await supportBrand();
    const other = await supportBrand();
    const t = await insertComplaint(other.id, { attachment: true });
    const mine = await insertComplaint(brand.id);
    const scope = cliScope(brand.id, brand.slug);
    // Ticket numbers are per brand: the other brand's TKT-000001 is not ours.
    await expect(getComplaint(scope, 'TKT-999999')).rejects.toMatchObject({ code: 'not_found' });
    await expect(complaintAttachment(scope, mine.ticketId, t.attachmentIds[0]!)).rejects.toMatchObject({ code: 'not_found' });
    await expect(setComplaintStatus(scope, { ticketId: 'TKT-999999', status: 'open' })).rejects.toMatchObject({ code: 'not_found' });
    const db = await getDb();
    const [row] = await db.select().from(complaints).where(and(eq(complaints.clientId, other.id), eq(complaints.ticketId, t.ticketId)));
    expect(row!.status).toBe('unassigned');
    expect(await audits(other.id)).toEqual([]);
  });

  it('the command line calls the same use cases: an e-mail of a staff member ties the ticket to them, a free name stays a name, both audited as the command line', async () => {
    const brand = await supportBrand();
    const agent = await addStaff(brand.id, 'support', 'Meera');
    const t1 = await insertComplaint(brand.id);
    const t2 = await insertComplaint(brand.id);
    await runOperatorCommand('assign-complaint', { slug: brand.slug, ticket: t1.ticketId, assignee: agent.email });
    await runOperatorCommand('assign-complaint', { slug: brand.slug, ticket: t2.ticketId, assignee: 'Ravi' });
    const list = await listComplaints(cliScope(brand.id, brand.slug), q({ assignee: agent.staffId }));
    expect(list.complaints.map((r) => [r.ticketId, r.assignee])).toEqual([[t1.ticketId, { staffId: agent.staffId, name: 'Meera' }]]);
    expect((await getComplaint(cliScope(brand.id, brand.slug), t2.ticketId)).assignee).toEqual({ staffId: null, name: 'Ravi' });
    expect((await audits(brand.id)).map((e) => [e.action, e.actor, e.staffId])).toEqual([
      ['complaint.assign', 'command line', null],
      ['complaint.assign', 'command line', null],
    ]);
  });
});

describe('warranty registrations', () => {
  it('lists, filters by status, product, customer and dates, and shows one with its invoice; another brand\'s is 404', async () => {
    const brand = await supportBrand();
    const other = await supportBrand();
    const active = await insertWarranty(brand.id, { userName: 'Kiran' });
    const expired = await insertWarranty(brand.id, { endsOn: '2026-01-11', userName: 'Lata' });
    const foreign = await insertWarranty(other.id);
    const scope = cliScope(brand.id, brand.slug);
    const list = (query: Record<string, unknown>) => listWarranties(scope, warrantyListQuerySchema.parse(query));

    expect((await list({})).warranties.map((w) => w.warrantyId).sort()).toEqual([active.warrantyId, expired.warrantyId].sort());
    expect((await list({ status: 'ACTIVE' })).warranties.map((w) => w.warrantyId)).toEqual([active.warrantyId]);
    expect((await list({ status: 'EXPIRED' })).warranties.map((w) => [w.warrantyId, w.status])).toEqual([[expired.warrantyId, 'EXPIRED']]);
    expect((await list({ customer: 'kir' })).warranties.map((w) => w.customerName)).toEqual(['Kiran']);
    expect((await list({ product: expired.productId })).total).toBe(1);
    expect((await list({ to: '2000-01-01' })).total).toBe(0);
    expect(warrantyListQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).error?.issues[0]).toMatchObject({ path: ['to'], message: 'must not be before from' });
    expect(warrantyListQuerySchema.safeParse({ from: '2026-13-45' }).error?.issues[0]).toMatchObject({ path: ['from'] });

    const detail = await getWarranty(scope, active.warrantyId);
    expect(detail).toMatchObject({ status: 'ACTIVE', customer: { name: 'Kiran' }, productName: 'Water Purifier', purchaseDate: '2026-01-10', warrantyMonths: 12 });
    expect(detail.invoice).toMatchObject({ name: 'bill.pdf', mediaType: 'pdf', url: `/api/console/brands/${brand.slug}/warranty/${active.warrantyId}/invoice` });
    expect((await warrantyInvoice(scope, active.warrantyId)).id).toBe(active.fileId);
    await expect(getWarranty(scope, foreign.warrantyId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(warrantyInvoice(scope, foreign.warrantyId)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('red flags', () => {
  it('lists and filters by status, rule and product; dismissing with a note lifts the blacklisting and is audited; a closed flag or another brand\'s is refused', async () => {
    const brand = await supportBrand();
    const other = await supportBrand();
    const customer = await signedInCustomer(brand.id);
    const unit = await claimedUnit(brand.id, customer.customerId);
    const db = await getDb();
    await db.update(codes).set({ listStatus: 'Blacklisted' }).where(and(eq(codes.clientId, brand.id), eq(codes.pairId, unit.unitId)));
    const [code] = await db.select().from(codes).where(and(eq(codes.clientId, brand.id), eq(codes.pairId, unit.unitId)));
    const flagged = await insertRedFlag(brand.id, { unitKey: unit.unitId, codeId: code!.id, productId: unit.productId, rules: ['travel'], blacklisted: true });
    const plain = await insertRedFlag(brand.id, { rules: ['sessions'] });
    const foreign = await insertRedFlag(other.id);
    const agent = await addStaff(brand.id, 'support');
    const scope = staffScope(brand, agent);

    expect((await listRedFlags(scope, { status: 'open', limit: 10 })).total).toBe(2);
    expect((await listRedFlags(scope, { status: 'open', rule: 'travel', limit: 10 })).redFlags.map((f) => [f.id, f.qrId])).toEqual([[flagged, code!.qrId]]);
    expect((await listRedFlags(scope, { status: 'all', product: unit.productId, limit: 10 })).redFlags.map((f) => f.id)).toEqual([flagged]);

    expect(await closeRedFlag(scope, { id: flagged, note: 'Owner moved cities' }, 'dismissed')).toEqual({ id: flagged, status: 'dismissed', note: 'Owner moved cities', unblacklisted: true, blacklisted: [] });
    const lists = await db.select({ s: codes.listStatus }).from(codes).where(and(eq(codes.clientId, brand.id), eq(codes.pairId, unit.unitId)));
    expect(lists.map((r) => r.s)).toEqual(['Whitelisted', 'Whitelisted']);
    await expect(closeRedFlag(scope, { id: flagged, note: 'again' }, 'resolved')).rejects.toMatchObject({ code: 'conflict', message: `Red flag ${flagged} is already dismissed` });
    await expect(closeRedFlag(scope, { id: foreign, note: 'not mine' }, 'resolved')).rejects.toMatchObject({ code: 'not_found' });
    expect((await db.select().from(redFlags).where(eq(redFlags.id, foreign)))[0]!.status).toBe('open');
    expect((await listRedFlags(scope, { status: 'dismissed', limit: 10 })).redFlags).toEqual([expect.objectContaining({ id: flagged, note: 'Owner moved cities' })]);
    expect((await audits(brand.id)).map((e) => [e.action, e.target, e.actor, e.after])).toEqual([
      ['redFlag.dismiss', flagged, agent.email, { status: 'dismissed', note: 'Owner moved cities', unblacklisted: true }],
    ]);

    // The command line resolves through the same use case, audited as the command line.
    await runOperatorCommand('resolve-red-flag', { slug: brand.slug, id: plain, note: 'A copy' });
    expect((await audits(brand.id)).map((e) => [e.action, e.actor])).toEqual([
      ['redFlag.dismiss', agent.email],
      ['redFlag.resolve', 'command line'],
    ]);
  });
});

describe('feedback', () => {
  it('lists with rating, comment and product filters and the mean rating, only the brand\'s own', async () => {
    const brand = await supportBrand();
    const other = await supportBrand();
    const customer = await signedInCustomer(brand.id);
    const unit = await claimedUnit(brand.id, customer.customerId, { name: 'Kettle' });
    await insertFeedback(brand.id, { rating: 5, comment: 'Lovely', unitId: unit.unitId, customerId: customer.customerId });
    await insertFeedback(brand.id, { rating: 2 });
    await insertFeedback(other.id, { rating: 1, comment: 'elsewhere' });
    const scope = cliScope(brand.id, brand.slug);
    const list = (query: Record<string, unknown>) => listFeedback(scope, feedbackListQuerySchema.parse(query));

    const all = await list({});
    expect(all).toMatchObject({ total: 2, averageRating: 3.5 });
    expect((await list({ comment: 'with' })).feedback.map((f) => [f.rating, f.comment, f.productName])).toEqual([[5, 'Lovely', 'Kettle']]);
    expect((await list({ rating: '2' })).feedback.map((f) => f.rating)).toEqual([2]);
    expect((await list({ product: unit.productId })).total).toBe(1);
    expect(feedbackListQuerySchema.safeParse({ rating: '6' }).error?.issues[0]).toMatchObject({ path: ['rating'], message: 'must be from 1 to 5' });
  });
});

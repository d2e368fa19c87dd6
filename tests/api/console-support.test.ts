import { and, eq } from 'drizzle-orm';
import { apiServerForFile, call } from '../support/api-server';
import { createTestBatch } from '../support/codes';
import { as } from '../support/aftersales';
import { signedInStaff } from '../support/console';
import { insertComplaint, insertFeedback, insertRedFlag, insertWarranty, supportBrand } from '../support/console-support';
import { getDb } from '@/lib/db/client';
import { auditLog, codes, complaintMessages, complaints, redFlags } from '@/lib/db/schema';
import { STAFF_ROLES, roleMay, type ConsoleArea } from '@/lib/domain/staff-roles';
import { signedInCustomer } from '../support/aftersales';

// The console's support endpoints (lib/api/console/support-routes.ts): complaints inbox,
// warranty registrations, red flags and feedback, by role (the roles table), per brand (another
// brand's is 404), with a clear 4xx for bad input, and the customer seeing the brand's reply.

jest.setTimeout(60_000);
const server = apiServerForFile();

const base = (slug: string) => `/api/console/brands/${slug}`;

/** The brand's audited changes (refusals, security.* entries, are tested in security-events.test.ts). */
async function audits(clientId: string) {
  const db = await getDb();
  return (await db.select().from(auditLog).where(eq(auditLog.clientId, clientId)).orderBy(auditLog.at)).filter((e) => !e.action.startsWith('security.'));
}

describe('the complaints inbox', () => {
  it('lets a support agent find a ticket by status, take it, reply into the customer\'s thread and move its status, each change audited', async () => {
    const brand = await supportBrand();
    const alice = await signedInCustomer(brand.id);
    const t = await insertComplaint(brand.id, { customerId: alice.customerId, priority: 'High', hoursAgo: 6, attachment: true });
    await insertComplaint(brand.id, { status: 'closed' });
    const agent = await signedInStaff(server, { clientId: brand.id, role: 'support' });

    const list = await agent.fetch(`${base(brand.slug)}/complaints?status=unassigned&age=overdue`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 25, priorities: ['Low', 'High'] });
    expect(list.body.complaints[0]).toMatchObject({ ticketId: t.ticketId, overdue: true, targetHours: 4, status: 'unassigned' });

    const assignees = await agent.fetch(`${base(brand.slug)}/complaint-assignees`);
    expect(assignees.body.staff.map((s: { staffId: string }) => s.staffId)).toEqual([agent.staffId]);

    const assigned = await agent.fetch(`${base(brand.slug)}/complaints/${t.ticketId}/assign`, { method: 'POST', body: { staffId: agent.staffId } });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ status: 'open', assignee: { staffId: agent.staffId, name: 'Test Staff' } });

    const reply = await agent.fetch(`${base(brand.slug)}/complaints/${t.ticketId}/replies`, { method: 'POST', body: { message: 'A replacement is on its way.' } });
    expect(reply.status).toBe(201);
    const thread = await as(server, brand.domain, alice)('GET', `/api/customer/complaints/${t.ticketId}`);
    expect(thread.body.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([['brand', 'A replacement is on its way.']]);
    expect(thread.body.status).toBe('open');

    const moved = await agent.fetch(`${base(brand.slug)}/complaints/${t.ticketId}/status`, { method: 'POST', body: { status: 'inprogress' } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'inprogress', nextStatuses: ['open', 'closed'] });

    const file = await agent.fetch(`${base(brand.slug)}/complaints/${t.ticketId}/attachments/${t.attachmentIds[0]}?disposition=inline`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="photo.png"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    expect((await audits(brand.id)).map((e) => [e.action, e.target, e.staffId])).toEqual([
      ['complaint.assign', t.ticketId, agent.staffId],
      ['complaint.reply', t.ticketId, agent.staffId],
      ['complaint.status', t.ticketId, agent.staffId],
    ]);
  });

  it('refuses a status move the ticket may not make with 409 naming the allowed ones, and changes nothing', async () => {
    const brand = await supportBrand();
    const t = await insertComplaint(brand.id);
    const agent = await signedInStaff(server, { clientId: brand.id, role: 'support' });
    const res = await agent.fetch(`${base(brand.slug)}/complaints/${t.ticketId}/status`, { method: 'POST', body: { status: 'inprogress' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errorMessage: 'A unassigned complaint cannot move to inprogress; it can move to: open, closed', field: 'status' });
    expect((await agent.fetch(`${base(brand.slug)}/complaints/${t.ticketId}`)).body.status).toBe('unassigned');
    expect(await audits(brand.id)).toEqual([]);
  });

  it.each([
    ['an unknown status', 'status', { status: 'pending' }, 422, /^status: must be one of: unassigned, open, inprogress, closed$/],
    ['a status missing', 'status', {}, 422, /^status: is required$/],
    ['an empty reply', 'replies', { message: '   ' }, 422, /^message: is required$/],
    ['a long reply', 'replies', { message: 'x'.repeat(2001) }, 422, /^message: must be at most 2000 characters$/],
    ['an unknown field', 'replies', { message: 'hi', author: 'customer' }, 422, /^Unknown field: author$/],
    ['a staff member of no brand of theirs', 'assign', { staffId: 'stf_nobody' }, 422, /^staffId: is not a staff member of this brand$/],
  ])('refuses %s with a clear 4xx naming the field, and changes nothing', async (_what, action, body, status, message) => {
    const brand = await supportBrand();
    const t = await insertComplaint(brand.id);
    const agent = await signedInStaff(server, { clientId: brand.id, role: 'support' });
    const res = await agent.fetch(`${base(brand.slug)}/complaints/${t.ticketId}/${action}`, { method: 'POST', body });
    expect(res.status).toBe(status);
    expect(res.body.errorMessage).toMatch(message);
    expect(res.body.field).toBeTruthy();
    const db = await getDb();
    expect((await db.select().from(complaints).where(and(eq(complaints.clientId, brand.id), eq(complaints.ticketId, t.ticketId))))[0]).toMatchObject({ status: 'unassigned', assignee: null });
    expect(await db.select().from(complaintMessages).where(eq(complaintMessages.clientId, brand.id))).toEqual([]);
  });

  it('refuses bad filters and a malformed ticket id with 422 naming the field', async () => {
    const brand = await supportBrand();
    const agent = await signedInStaff(server, { clientId: brand.id, role: 'support' });
    for (const [query, field] of [['status=pending', 'status'], ['age=ancient', 'age'], ['page=0', 'page'], ['pageSize=500', 'pageSize'], ['sort=age', 'sort']] as const) {
      const res = await agent.fetch(`${base(brand.slug)}/complaints?${query}`);
      expect(res.status).toBe(422);
      expect(res.body.field).toBe(field);
    }
    const bad = await agent.fetch(`${base(brand.slug)}/complaints/not-a-ticket`);
    expect(bad.status).toBe(422);
    expect(bad.body.errorMessage).toBe('ticketId: must be a ticket id like TKT-000123');
  });
});

describe('who may see and change the support areas', () => {
  const reads: Array<[ConsoleArea, string]> = [
    ['complaints', 'complaints'],
    ['warranty', 'warranty'],
    ['redFlags', 'red-flags'],
    ['feedback', 'feedback'],
  ];

  it.each(STAFF_ROLES)('lets a %s read and change exactly what the roles table says', async (role) => {
    const brand = await supportBrand();
    const t = await insertComplaint(brand.id);
    const flag = await insertRedFlag(brand.id);
    const member = await signedInStaff(server, { clientId: brand.id, role });
    for (const [area, path] of reads) {
      const res = await member.fetch(`${base(brand.slug)}/${path}`);
      expect([area, res.status]).toEqual([area, roleMay(role, area, 'read') ? 200 : 403]);
    }
    const status = await member.fetch(`${base(brand.slug)}/complaints/${t.ticketId}/status`, { method: 'POST', body: { status: 'closed' } });
    expect(status.status).toBe(roleMay(role, 'complaints', 'write') ? 200 : 403);
    const reply = await member.fetch(`${base(brand.slug)}/complaints/${t.ticketId}/replies`, { method: 'POST', body: { message: 'Hello' } });
    // A closed ticket takes no reply: 409 for those who may write, 403 for the others (role first).
    expect(reply.status).toBe(roleMay(role, 'complaints', 'write') ? 409 : 403);
    const dismiss = await member.fetch(`${base(brand.slug)}/red-flags/${flag}/dismiss`, { method: 'POST', body: { note: 'not a copy' } });
    expect(dismiss.status).toBe(roleMay(role, 'redFlags', 'write') ? 200 : 403);
  });

  it('answers 404 for another brand\'s inbox, ticket, attachment, invoice and flag, and changes nothing there', async () => {
    const mine = await supportBrand();
    const theirs = await supportBrand();
    const t = await insertComplaint(theirs.id, { attachment: true });
    const w = await insertWarranty(theirs.id);
    const flag = await insertRedFlag(theirs.id);
    const owner = await signedInStaff(server, { clientId: mine.id, role: 'owner' });
    const paths = [
      `${base(theirs.slug)}/complaints`,
      `${base(theirs.slug)}/complaints/${t.ticketId}`,
      `${base(theirs.slug)}/complaints/${t.ticketId}/attachments/${t.attachmentIds[0]}`,
      `${base(theirs.slug)}/warranty/${w.warrantyId}/invoice`,
      `${base(theirs.slug)}/red-flags`,
      `${base(theirs.slug)}/feedback`,
    ];
    for (const p of paths) expect([p, (await owner.fetch(p)).status]).toEqual([p, 404]);
    // Under their own brand's path, the other brand's ids are not found either.
    expect((await owner.fetch(`${base(mine.slug)}/warranty/${w.warrantyId}`)).status).toBe(404);
    expect((await owner.fetch(`${base(mine.slug)}/warranty/${w.warrantyId}/invoice`)).status).toBe(404);
    expect((await owner.fetch(`${base(mine.slug)}/red-flags/${flag}/dismiss`, { method: 'POST', body: { note: 'not mine' } })).status).toBe(404);
    expect((await owner.fetch(`${base(theirs.slug)}/complaints/${t.ticketId}/status`, { method: 'POST', body: { status: 'closed' } })).status).toBe(404);
    const db = await getDb();
    expect((await db.select().from(redFlags).where(eq(redFlags.id, flag)))[0]!.status).toBe('open');
    expect((await db.select().from(complaints).where(and(eq(complaints.clientId, theirs.id), eq(complaints.ticketId, t.ticketId))))[0]!.status).toBe('unassigned');
    expect(await audits(theirs.id)).toEqual([]);
  });
});

describe('warranty registrations, red flags and feedback', () => {
  it('lists and shows warranty registrations with the invoice served to staff of the brand', async () => {
    const brand = await supportBrand();
    const w = await insertWarranty(brand.id, { userName: 'Kiran' });
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    const list = await analyst.fetch(`${base(brand.slug)}/warranty?status=ACTIVE&customer=kir`);
    expect(list.body).toMatchObject({ total: 1, warranties: [{ warrantyId: w.warrantyId, customerName: 'Kiran', status: 'ACTIVE' }] });
    const detail = await analyst.fetch(`${base(brand.slug)}/warranty/${w.warrantyId}`);
    expect(detail.body.invoice).toMatchObject({ name: 'bill.pdf', mediaType: 'pdf' });
    const pdf = await analyst.fetch(detail.body.invoice.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    const bad = await analyst.fetch(`${base(brand.slug)}/warranty?from=2026-02-01&to=2026-01-01`);
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ field: 'to', errorMessage: 'to: must not be before from' });
  });

  it('lists red flags by status and rule and closes one with a note; a second close is 409 and a missing note 422', async () => {
    const brand = await supportBrand();
    const flag = await insertRedFlag(brand.id, { rules: ['travel'] });
    await insertRedFlag(brand.id, { rules: ['sessions'] });
    const manager = await signedInStaff(server, { clientId: brand.id, role: 'manager' });
    const list = await manager.fetch(`${base(brand.slug)}/red-flags?rule=travel`);
    expect(list.body).toMatchObject({ total: 1, redFlags: [{ id: flag, status: 'open' }] });
    const noNote = await manager.fetch(`${base(brand.slug)}/red-flags/${flag}/resolve`, { method: 'POST', body: { note: ' ' } });
    expect(noNote.status).toBe(422);
    expect(noNote.body).toMatchObject({ field: 'note', errorMessage: 'note: is required' });
    const ok = await manager.fetch(`${base(brand.slug)}/red-flags/${flag}/resolve`, { method: 'POST', body: { note: 'A copy' } });
    expect(ok.body).toEqual({ id: flag, status: 'resolved', note: 'A copy', unblacklisted: false, blacklisted: [] });
    const again = await manager.fetch(`${base(brand.slug)}/red-flags/${flag}/dismiss`, { method: 'POST', body: { note: 'oops' } });
    expect(again.status).toBe(409);
    expect(again.body.errorMessage).toBe(`Red flag ${flag} is already resolved`);
    expect((await manager.fetch(`${base(brand.slug)}/red-flags?rule=bogus`)).body.field).toBe('rule');
    expect((await audits(brand.id)).map((e) => [e.action, e.target])).toEqual([['redFlag.resolve', flag]]);
  });

  it('lets support resolve a red flag as a copy and blacklist the unit\'s printed and hidden codes; customers then see the blacklisted verdict', async () => {
    const brand = await supportBrand();
    const { units } = await createTestBatch(brand, { units: 2 });
    const { overt, covert } = units[0]!;
    const flag = await insertRedFlag(brand.id, { unitKey: overt.pairId!, codeId: overt.id, rules: ['travel'] });
    const agent = await signedInStaff(server, { clientId: brand.id, role: 'support' });
    const verdict = async (qrId: string) => (await call(server, brand.domain, 'GET', `/api/verify/info/${qrId}`)).body.result;
    const before = await verdict(overt.qrId);
    expect(before).not.toBe('Fake');
    // A value that is not a yes or no is refused at its field, and nothing changes.
    const bad = await agent.fetch(`${base(brand.slug)}/red-flags/${flag}/resolve`, { method: 'POST', body: { note: 'A copy', blacklist: 'yes' } });
    expect([bad.status, bad.body.field]).toEqual([422, 'blacklist']);
    const done = await agent.fetch(`${base(brand.slug)}/red-flags/${flag}/resolve`, { method: 'POST', body: { note: 'A copy bought online', blacklist: true } });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ id: flag, status: 'resolved', note: 'A copy bought online', unblacklisted: false, blacklisted: [overt.qrId, covert.qrId].sort() });
    const db = await getDb();
    const rows = await db.select({ qrId: codes.qrId, listStatus: codes.listStatus }).from(codes).where(and(eq(codes.clientId, brand.id), eq(codes.pairId, overt.pairId!)));
    expect(rows.map((r) => r.listStatus)).toEqual(['Blacklisted', 'Blacklisted']);
    // The other unit of the batch is untouched.
    expect((await db.select({ l: codes.listStatus }).from(codes).where(eq(codes.id, units[1]!.overt.id)))[0]!.l).toBe('Whitelisted');
    expect(await verdict(overt.qrId)).toBe('Fake');
    expect((await agent.fetch(`${base(brand.slug)}/red-flags?status=resolved`)).body.redFlags[0]).toMatchObject({ id: flag, blacklisted: true });
    const log = (await audits(brand.id)).filter((e) => e.actor === agent.email).map((e) => [e.action, e.target]);
    expect(log.sort()).toEqual([
      ['code.blacklist', overt.qrId],
      ['code.blacklist', covert.qrId],
      ['redFlag.resolve', flag],
    ].sort());
  });

  it('lists feedback with filters; bad ratings are 422', async () => {
    const brand = await supportBrand();
    await insertFeedback(brand.id, { rating: 4, comment: 'Works well' });
    await insertFeedback(brand.id, { rating: 1 });
    const support = await signedInStaff(server, { clientId: brand.id, role: 'support' });
    const list = await support.fetch(`${base(brand.slug)}/feedback?comment=with`);
    expect(list.body).toMatchObject({ total: 1, averageRating: 4, feedback: [{ rating: 4, comment: 'Works well', customerName: 'Asha' }] });
    const bad = await support.fetch(`${base(brand.slug)}/feedback?rating=9`);
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ field: 'rating', errorMessage: 'rating: must be from 1 to 5' });
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { createTestBatch, type TestBatch } from '../support/codes';
import { signedInStaff, type SignedInStaff } from '../support/console';
import { insertComplaint, insertRedFlag, supportBrand } from '../support/console-support';
import { signedInCustomer } from '../support/aftersales';
import { getDb } from '@/lib/db/client';
import { auditLog, codes, complaints, products, redFlags } from '@/lib/db/schema';
import { cliScope } from '@/lib/console/scope';
import { exportCodes, CODE_EXPORT_HEADER } from '@/lib/console/codes';
import { csvStream } from '@/lib/console/list-kit';
import type { StaffRole } from '@/lib/domain/staff-roles';
import { rowsOf } from '../support/console-lists';

// The console's lists through the table kit (docs/console.md, "Lists"): sort and filter by the
// query (a value not understood is a 422 naming it), the count, and the CSV of exactly what is
// filtered, streamed a page at a time; scoped by brand and role.

const server = apiServerForFile();
jest.setTimeout(120_000);

type Brand = Awaited<ReturnType<typeof createTestBrand>>;
let brand: Brand;
let other: Brand;
let a: TestBatch;
let b: TestBatch;
const staffOf: Partial<Record<StaffRole, SignedInStaff>> = {};
let outsider: SignedInStaff;
const base = () => `/api/console/brands/${brand.slug}`;


beforeAll(async () => {
  brand = await createTestBrand();
  other = await createTestBrand();
  a = await createTestBatch(brand, { units: 3 });
  b = await createTestBatch(brand, { units: 2 });
  for (const role of ['owner', 'support', 'finance', 'analyst'] as const) staffOf[role] = await signedInStaff(server, { clientId: brand.id, role });
  outsider = await signedInStaff(server, { clientId: other.id, role: 'owner' });
  const db = await getDb();
  // Batch b was made on a day of its own, and one of its codes is blacklisted.
  await db.update(codes).set({ createdAt: new Date('2026-01-15T10:00:00Z') }).where(and(eq(codes.clientId, brand.id), eq(codes.batchId, b.units[0]!.overt.batchId)));
  await db.update(codes).set({ listStatus: 'Blacklisted' }).where(and(eq(codes.clientId, brand.id), eq(codes.id, b.units[1]!.overt.id)));
});

describe('the codes list', () => {
  it('filters by batch, state, kind and days, counts, and sorts both ways', async () => {
    const all = await staffOf.owner!.fetch(`${base()}/codes`);
    expect([all.status, all.body.total]).toEqual([200, 10]);
    const ofB = await staffOf.owner!.fetch(`${base()}/codes?batch=${b.batchNumber}&kind=overt&sort=qrId`);
    expect(ofB.body.total).toBe(2);
    const ids = [b.units[0]!.overt.qrId, b.units[1]!.overt.qrId].sort();
    expect(ofB.body.codes.map((c: { qrId: string }) => c.qrId)).toEqual(ids);
    const desc = await staffOf.owner!.fetch(`${base()}/codes?batch=${b.batchNumber}&kind=overt&sort=-qrId`);
    expect(desc.body.codes.map((c: { qrId: string }) => c.qrId)).toEqual([...ids].reverse());
    const black = await staffOf.owner!.fetch(`${base()}/codes?status=blacklisted`);
    expect([black.body.total, black.body.codes[0].qrId]).toEqual([1, b.units[1]!.overt.qrId]);
    const day = await staffOf.owner!.fetch(`${base()}/codes?from=2026-01-15&to=2026-01-15`);
    expect(day.body.total).toBe(4);
    const product = await staffOf.owner!.fetch(`${base()}/codes?product=${a.units[0]!.overt.productId}`);
    expect(product.body.total).toBe(6);
  });

  it('pages a sort by its keyset, every code once', async () => {
    const seen: string[] = [];
    let after = '';
    for (let i = 0; i < 10; i++) {
      const page = await staffOf.owner!.fetch(`${base()}/codes?sort=-created&limit=3${after ? `&after=${after}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.codes.map((c: { qrId: string }) => c.qrId));
      after = page.body.next;
      if (!after) break;
    }
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
  });

  it('answers a filter or sort not understood with 422 naming it', async () => {
    for (const [q, field] of [
      ['sort=colour', 'sort'],
      ['status=lost', 'status'],
      ['kind=box', 'kind'],
      ['from=2026-02-30', 'from'],
      ['from=2026-03-10&to=2026-03-01', 'to'],
      ['shade=red', 'shade'],
      ['sort=created&after=not-a-cursor', 'after'],
    ] as const) {
      for (const path of ['codes', 'codes.csv']) {
        if (path === 'codes.csv' && q.includes('after')) continue;
        const res = await staffOf.owner!.fetch(`${base()}/${path}?${q}`);
        expect([q, path, res.status, res.body.field]).toEqual([q, path, 422, field]);
        expect(res.body.errorMessage).toEqual(expect.any(String));
      }
    }
  });

  it('exports exactly what is filtered, in its order, audited; secrets by role; scoped by brand', async () => {
    const csv = await staffOf.owner!.fetch(`${base()}/codes.csv?batch=${b.batchNumber}&sort=-qrId`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`${brand.slug}-codes-`);
    const rows = rowsOf(csv.text);
    expect(rows[0]).toBe(CODE_EXPORT_HEADER.join(','));
    const expected = b.units.flatMap((u) => [u.overt.qrId, u.covert.qrId]).sort().reverse();
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(expected);
    expect(rows.slice(1).filter((r) => r.split(',')[6] !== '')).toHaveLength(2); // the hidden codes' authentication codes, for a printing role
    const db = await getDb();
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'codes.export')));
    expect(entry).toBeDefined();
    // A role that does not print downloads no file of codes (copies are printed from one): it reads the list a page at a time.
    const exports = async () => (await db.select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'codes.export')))).length;
    const audited = await exports();
    for (const role of ['analyst', 'support'] as const) {
      const refused = await staffOf[role]!.fetch(`${base()}/codes.csv?batch=${b.batchNumber}`);
      expect([role, refused.status, refused.body.errorMessage]).toEqual([role, 403, expect.any(String)]);
    }
    expect(await exports()).toBe(audited); // nothing was exported
    expect((await staffOf.finance!.fetch(`${base()}/codes.csv`)).status).toBe(403);
    expect((await outsider.fetch(`${base()}/codes.csv`)).status).toBe(404);
    const mine = rowsOf((await outsider.fetch(`/api/console/brands/${other.slug}/codes.csv`)).text);
    expect(mine).toHaveLength(1); // the other brand's own (empty) list: the header only
    expect((await call(server, 'console.localhost', 'GET', `${base()}/codes.csv`)).status).toBe(401);
  });

  it('streams: the header and the first page leave before the rest is read, a page at a time', async () => {
    const big = await createTestBrand();
    await createTestBatch(big, { units: 1300 }); // 2,600 codes: three pages of 1,000
    const db = await getDb();
    const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(codes).where(eq(codes.clientId, big.id));
    expect(n).toBe(2600);
    const { rows } = await exportCodes(cliScope(big.id, big.slug), { sort: 'created' });
    let pagesRead = 0;
    async function* counted() {
      for await (const page of rows) {
        pagesRead++;
        yield page;
      }
    }
    const reader = csvStream(CODE_EXPORT_HEADER, counted()).getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    const header = decoder.decode((await reader.read()).value);
    expect(header.startsWith('\uFEFFCode id,')).toBe(true);
    expect(pagesRead).toBe(0); // nothing read from the database until asked
    const first = decoder.decode((await reader.read()).value);
    expect(rowsOf(first)).toHaveLength(1000);
    expect(pagesRead).toBe(1); // one page in memory, the other codes not read yet
    let total = 1000;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += rowsOf(decoder.decode(value)).length;
    }
    expect([total, pagesRead]).toEqual([2600, 3]);
  });
});

describe('the complaints inbox as a list', () => {
  it('sorts, filters by days and product, exports what is filtered (formula cells as text), and refuses what it does not know', async () => {
    const sb = await supportBrand();
    const agent = await signedInStaff(server, { clientId: sb.id, role: 'support' });
    const finance = await signedInStaff(server, { clientId: sb.id, role: 'finance' });
    const theirs = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const batch = await createTestBatch(sb, { units: 1 });
    const productId = batch.units[0]!.overt.productId;
    const t1 = await insertComplaint(sb.id, { priority: 'High', hoursAgo: 1, productId });
    const t2 = await insertComplaint(sb.id, { priority: 'Low', hoursAgo: 2 });
    const t3 = await insertComplaint(sb.id, { priority: 'Low', hoursAgo: 3, status: 'closed' });
    const db = await getDb();
    await db.update(complaints).set({ createdAt: new Date('2026-02-01T12:00:00Z'), category: '=cmd|calc' }).where(and(eq(complaints.clientId, sb.id), eq(complaints.ticketId, t3.ticketId)));
    const P = `/api/console/brands/${sb.slug}`;

    const byTicket = await agent.fetch(`${P}/complaints?sort=ticket`);
    expect(byTicket.body.complaints.map((c: { ticketId: string }) => c.ticketId)).toEqual([t1.ticketId, t2.ticketId, t3.ticketId]);
    const byTicketDesc = await agent.fetch(`${P}/complaints?sort=-ticket&pageSize=2`);
    expect([byTicketDesc.body.total, byTicketDesc.body.complaints.map((c: { ticketId: string }) => c.ticketId)]).toEqual([3, [t3.ticketId, t2.ticketId]]);
    const byPriority = await agent.fetch(`${P}/complaints?sort=priority`);
    expect(byPriority.body.complaints[0].priority).toBe('High');
    const day = await agent.fetch(`${P}/complaints?from=2026-02-01&to=2026-02-01`);
    expect(day.body.complaints.map((c: { ticketId: string }) => c.ticketId)).toEqual([t3.ticketId]);
    const ofProduct = await agent.fetch(`${P}/complaints?product=${productId}`);
    expect(ofProduct.body.complaints.map((c: { ticketId: string }) => c.ticketId)).toEqual([t1.ticketId]);

    const csv = await agent.fetch(`${P}/complaints.csv?sort=-ticket&status=all`);
    expect(csv.status).toBe(200);
    const rows = rowsOf(csv.text);
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual([t3.ticketId, t2.ticketId, t1.ticketId]);
    expect(rows[1]!.split(',')[5]).toBe("'=cmd|calc"); // a formula in a cell opens as text
    const closedOnly = rowsOf((await agent.fetch(`${P}/complaints.csv?status=closed`)).text);
    expect(closedOnly).toHaveLength(2);

    for (const [q, field] of [['sort=colour', 'sort'], ['from=2026-13-01', 'from'], ['from=2026-02-02&to=2026-02-01', 'to'], ['status=lost', 'status']] as const) {
      for (const path of ['complaints', 'complaints.csv']) {
        const res = await agent.fetch(`${P}/${path}?${q}`);
        expect([path, q, res.status, res.body.field]).toEqual([path, q, 422, field]);
      }
    }
    expect((await finance.fetch(`${P}/complaints.csv`)).status).toBe(403);
    expect((await theirs.fetch(`${P}/complaints.csv`)).status).toBe(404);
  });

  it("names the customers in the complaints' file only for the roles that answer them (owner, support); manager and analyst get it without", async () => {
    const sb = await supportBrand();
    const customer = await signedInCustomer(sb.id, { userName: 'Meera Iyer' });
    const t = await insertComplaint(sb.id, { customerId: customer.customerId });
    const P = `/api/console/brands/${sb.slug}`;
    for (const role of ['owner', 'support', 'manager', 'analyst'] as const) {
      const who = await signedInStaff(server, { clientId: sb.id, role });
      // Everyone who reads complaints sees the name on the screen's list ...
      expect((await who.fetch(`${P}/complaints?status=all`)).body.complaints[0].customerName).toBe('Meera Iyer');
      const csv = await who.fetch(`${P}/complaints.csv?status=all`);
      expect([role, csv.status]).toEqual([role, 200]);
      const [header, row] = rowsOf(csv.text);
      const names = role === 'owner' || role === 'support';
      // ... but the file names customers in bulk only for those who act on them.
      expect([role, header!.split(',').includes('Customer'), csv.text.includes('Meera Iyer')]).toEqual([role, names, names]);
      expect(header!.split(',')).toHaveLength(names ? 12 : 11);
      expect(row!.split(',')).toHaveLength(header!.split(',').length);
      expect(row!.split(',')[0]).toBe(t.ticketId);
    }
    const db = await getDb();
    const entries = await db.select().from(auditLog).where(and(eq(auditLog.clientId, sb.id), eq(auditLog.action, 'complaints.export')));
    expect(entries.map((e) => (e.after as { customerNames: boolean }).customerNames).sort()).toEqual([false, false, true, true]);
  });

  it('assigns or closes several at once, asked first, all or nothing, each audited', async () => {
    const sb = await supportBrand();
    const agent = await signedInStaff(server, { clientId: sb.id, role: 'support' });
    const analyst = await signedInStaff(server, { clientId: sb.id, role: 'analyst' });
    const [a1, a2, closed] = [await insertComplaint(sb.id), await insertComplaint(sb.id), await insertComplaint(sb.id, { status: 'closed' })];
    // Ticket numbers count per brand: another brand's TKT-000004 is no ticket of this one.
    const other = await supportBrand();
    for (let i = 0; i < 4; i++) await insertComplaint(other.id);
    const foreign = { ticketId: 'TKT-000004' };
    const P = `/api/console/brands/${sb.slug}`;
    const bulk = (body: unknown, who = agent) => who.fetch(`${P}/complaints/bulk`, { method: 'POST', body });

    expect((await bulk({ action: 'assign', ticketIds: [a1.ticketId], staffId: agent.staffId })).body).toMatchObject({ field: 'confirm' });
    expect((await bulk({ action: 'assign', ticketIds: [], staffId: null, confirm: true })).body).toMatchObject({ field: 'ticketIds' });
    expect((await bulk({ action: 'assign', ticketIds: [a1.ticketId, a1.ticketId], staffId: null, confirm: true })).status).toBe(422);
    expect((await bulk({ action: 'delete', ticketIds: [a1.ticketId], confirm: true })).status).toBe(422);
    expect((await bulk({ action: 'close', ticketIds: [a1.ticketId], confirm: true }, analyst)).status).toBe(403);
    // Another brand's ticket, or a closed one to assign: nothing changes.
    expect((await bulk({ action: 'assign', ticketIds: [a1.ticketId, foreign.ticketId], staffId: agent.staffId, confirm: true })).status).toBe(404);
    expect((await bulk({ action: 'assign', ticketIds: [a1.ticketId, closed.ticketId], staffId: agent.staffId, confirm: true })).status).toBe(409);
    const db = await getDb();
    const statusOf = async (t: string) => (await db.select().from(complaints).where(and(eq(complaints.clientId, sb.id), eq(complaints.ticketId, t))))[0]!;
    expect((await statusOf(a1.ticketId)).status).toBe('unassigned');

    const assigned = await bulk({ action: 'assign', ticketIds: [a1.ticketId, a2.ticketId], staffId: agent.staffId, confirm: true });
    expect([assigned.status, assigned.body.changed]).toEqual([200, [{ ticketId: a1.ticketId, status: 'open' }, { ticketId: a2.ticketId, status: 'open' }]]);
    expect((await statusOf(a2.ticketId)).assigneeStaffId).toBe(agent.staffId);
    const closing = await bulk({ action: 'close', ticketIds: [a1.ticketId, closed.ticketId], confirm: true });
    expect(closing.body).toEqual({ action: 'close', changed: [{ ticketId: a1.ticketId, status: 'closed' }], unchanged: [closed.ticketId] });
    const actions = (await db.select().from(auditLog).where(eq(auditLog.clientId, sb.id)).orderBy(auditLog.at)).map((e) => [e.action, e.target]).filter(([a]) => !a!.startsWith('security.'));
    expect(actions).toEqual([
      ['complaint.assign', a1.ticketId],
      ['complaint.assign', a2.ticketId],
      ['complaints.assign.bulk', '2 complaints'],
      ['complaint.status', a1.ticketId],
      ['complaints.close.bulk', '1 complaint'],
    ]);
  });
});

describe('red flags as a list', () => {
  it('sorts, filters by batch and days, exports what is filtered, and resolves several at once with their codes blacklisted', async () => {
    const owner = staffOf.owner!;
    const analyst = staffOf.analyst!;
    const f1 = await insertRedFlag(brand.id, { codeId: a.units[0]!.overt.id, unitKey: a.units[0]!.overt.pairId!, productId: a.units[0]!.overt.productId });
    const f2 = await insertRedFlag(brand.id, { codeId: a.units[1]!.overt.id, unitKey: a.units[1]!.overt.pairId! });
    const f3 = await insertRedFlag(brand.id, { codeId: b.units[0]!.overt.id, unitKey: b.units[0]!.overt.pairId! });
    const db = await getDb();
    await db.update(redFlags).set({ createdAt: new Date('2026-03-01T08:00:00Z') }).where(and(eq(redFlags.clientId, brand.id), eq(redFlags.id, f3)));

    const ofA = await analyst.fetch(`${base()}/red-flags?batch=${a.batchNumber}&sort=created`);
    expect([ofA.status, ofA.body.total]).toEqual([200, 2]);
    expect(ofA.body.redFlags.map((f: { id: string }) => f.id).sort()).toEqual([f1, f2].sort());
    const oldest = await analyst.fetch(`${base()}/red-flags?sort=created&pageSize=1`);
    expect(oldest.body.redFlags[0].id).toBe(f3);
    const day = await analyst.fetch(`${base()}/red-flags?from=2026-03-01&to=2026-03-01`);
    expect(day.body.redFlags.map((f: { id: string }) => f.id)).toEqual([f3]);
    const csv = rowsOf((await analyst.fetch(`${base()}/red-flags.csv?sort=created`)).text);
    expect(csv.slice(1).map((r) => r.split(',')[0])[0]).toBe(f3);
    expect(csv).toHaveLength(4);
    expect((await analyst.fetch(`${base()}/red-flags.csv?sort=rules`)).status).toBe(422);
    expect((await outsider.fetch(`${base()}/red-flags.csv`)).status).toBe(404);

    const resolve = (body: unknown, who = owner) => who.fetch(`${base()}/red-flags/resolve`, { method: 'POST', body });
    expect((await resolve({ ids: [f1, f2], note: 'Copies', blacklist: true })).body).toMatchObject({ field: 'confirm' });
    expect((await resolve({ ids: [f1], note: 'Copies', confirm: true }, analyst)).status).toBe(403);
    expect((await resolve({ ids: [f1, 'rf_nosuchflag'], note: 'Copies', blacklist: true, confirm: true })).status).toBe(404);
    const unit0 = await db.select().from(codes).where(and(eq(codes.clientId, brand.id), eq(codes.pairId, a.units[0]!.overt.pairId!)));
    expect(unit0.every((c) => c.listStatus !== 'Blacklisted')).toBe(true); // nothing half-done

    const done = await resolve({ ids: [f1, f2], note: 'Copies seen at one market', blacklist: true, confirm: true });
    expect(done.status).toBe(200);
    expect(done.body.resolved.map((r: { id: string; blacklisted: string[] }) => [r.id, r.blacklisted.length])).toEqual([
      [f1, 2],
      [f2, 2],
    ]); // each unit's printed and hidden code
    const again = await resolve({ ids: [f2], note: 'Again', confirm: true });
    expect(again.status).toBe(409);
    const [bulkEntry] = await db.select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'redFlags.resolve.bulk')));
    expect(bulkEntry?.target).toBe('2 red flags');
  });
});

describe('the audit log as a list', () => {
  it('exports every entry the filters match, newest first, and audits the export; owner only', async () => {
    const owner = staffOf.owner!;
    await owner.fetch(`${base()}/codes.csv?status=deleted`); // codes.export entries of its own
    await owner.fetch(`${base()}/codes.csv?kind=case`);
    const csv = await owner.fetch(`${base()}/audit.csv?action=codes.export`);
    expect(csv.status).toBe(200);
    const rows = rowsOf(csv.text);
    expect(rows[0]).toBe('At,Who,Action,On,Changes');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.slice(1).every((r) => r.split(',')[2] === 'codes.export')).toBe(true);
    const ats = rows.slice(1).map((r) => r.split(',')[0]!);
    expect([...ats].sort().reverse()).toEqual(ats); // newest first
    const today = new Date().toISOString().slice(0, 10);
    expect(rowsOf((await owner.fetch(`${base()}/audit.csv?action=codes.export&to=2020-01-01`)).text)).toHaveLength(1);
    expect(rowsOf((await owner.fetch(`${base()}/audit.csv?action=codes.export&from=${today}`)).text).length).toBe(rows.length);
    const bad = await owner.fetch(`${base()}/audit.csv?from=yesterday`);
    expect([bad.status, bad.body.field]).toEqual([422, 'from']);
    expect((await owner.fetch(`${base()}/audit?from=2026-02-02&to=2026-02-01`)).body.field).toBe('to');
    expect((await staffOf.analyst!.fetch(`${base()}/audit.csv`)).status).toBe(403);
    const db = await getDb();
    expect((await db.select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'audit.export')))).length).toBe(3);
  });
  it('answers the actions and actors to filter by, each once, only of its own brand; owner only', async () => {
    const owner = staffOf.owner!;
    await owner.fetch(`${base()}/codes.csv?kind=case`);
    await outsider.fetch(`/api/console/brands/${other.slug}/codes.csv`); // an entry of the other brand's
    const choices = await owner.fetch(`${base()}/audit/choices`);
    expect(choices.status).toBe(200);
    expect(Object.keys(choices.body).sort()).toEqual(['actions', 'actors']);
    expect(choices.body.actions).toContain('codes.export');
    expect(choices.body.actors).toContain(owner.email);
    const db = await getDb();
    const held = (column: typeof auditLog.action | typeof auditLog.actor, clientId: string) =>
      db.selectDistinct({ v: column }).from(auditLog).where(eq(auditLog.clientId, clientId)).then((rows) => rows.map((r) => r.v).sort());
    expect([...choices.body.actions].sort()).toEqual(await held(auditLog.action, brand.id));
    expect([...choices.body.actors].sort()).toEqual(await held(auditLog.actor, brand.id));
    // The other brand's log is its own: its owner's export there, none of this brand's staff.
    const theirs = await outsider.fetch(`/api/console/brands/${other.slug}/audit/choices`);
    expect(theirs.body.actors).toContain(outsider.email);
    expect(theirs.body.actors).not.toContain(owner.email);
    expect((await staffOf.analyst!.fetch(`${base()}/audit/choices`)).status).toBe(403);
    expect((await outsider.fetch(`${base()}/audit/choices`)).status).toBe(404);
  });
});

describe("the lists' product choices", () => {
  it("answers the brand's products (by name) with the codes list and the complaints inbox, as with the other lists", async () => {
    const db = await getDb();
    const mine = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.clientId, brand.id)).orderBy(products.name, products.id);
    expect(mine.length).toBeGreaterThan(0);
    const codesList = await staffOf.analyst!.fetch(`${base()}/codes`);
    expect([codesList.status, codesList.body.products]).toEqual([200, mine]);
    const inbox = await staffOf.support!.fetch(`${base()}/complaints`);
    expect([inbox.status, inbox.body.products]).toEqual([200, mine]);
    const theirs = await outsider.fetch(`/api/console/brands/${other.slug}/codes`);
    expect(theirs.body.products.map((p: { id: string }) => p.id)).not.toContain(mine[0]!.id);
  });
});

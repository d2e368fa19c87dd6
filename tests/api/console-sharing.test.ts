import { eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { consoleCall, signedInStaff, type SignedInStaff } from '../support/console';
import { auditOf } from '../support/console-money';
import { complaintOf, manufacturerWithBatches, retailer, scanOf, secretCustomer } from '../support/sharing';
import { getDb } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { consoleHost } from '@/lib/edge/console-host';

// Sharing with Retailer organisations over HTTP on the console host (docs/console.md, "Retailer
// organisations"): the brand's manager shares by the retailer's slug and assigns a batch; the
// retailer's staff then see, under their own organisation, the scans and complaints of that batch
// only, and only the kinds switched on; never a customer, device or session; nothing else of the
// brand.

jest.setTimeout(120_000);
const server = apiServerForFile();

const sharing = (slug: string) => `/api/console/brands/${slug}/sharing`;
const shared = (slug: string) => `/api/console/brands/${slug}/shared`;

async function world() {
  const m = await manufacturerWithBatches();
  const r = await retailer();
  const manager = await signedInStaff(server, { clientId: m.brand.id, role: 'manager' });
  const analyst = await signedInStaff(server, { clientId: r.id, role: 'analyst' });
  const customer = await secretCustomer(m.brand.id);
  const soldScans = [
    await scanOf(m.brand.id, m.sold.units[0]!, customer.id, { at: new Date(Date.now() - 60_000), lat: 12.9716, lng: 77.5946 }),
    await scanOf(m.brand.id, m.sold.units[1]!, customer.id, { result: 'SUSPECT' }),
  ];
  await scanOf(m.brand.id, m.other.units[0]!, customer.id);
  const soldTicket = await complaintOf(m.brand.id, m.sold.units[0]!, customer.id);
  const otherTicket = await complaintOf(m.brand.id, m.other.units[0]!, customer.id);
  const assigned = await manager.fetch(`${sharing(m.brand.slug)}/batches`, { method: 'POST', body: { batchNumber: m.sold.batchNumber.toLowerCase(), retailer: r.slug } });
  expect([assigned.status, assigned.body]).toEqual([200, { batchNumber: m.sold.batchNumber, retailer: r.slug }]);
  return { ...m, r, manager, analyst, customer, soldScans, soldTicket, otherTicket };
}

function expectNoSecrets(text: string, w: Awaited<ReturnType<typeof world>>) {
  expect(text).not.toContain(w.customer.secret);
  expect(text).not.toContain(w.customer.id);
  expect(text).not.toContain('9990001112');
  expect(text).not.toMatch(/dev-scn|session-scn/);
  for (const id of w.soldScans) expect(text).not.toContain(id);
}

it('shows the retailer nothing while nothing is shared, even with its batch assigned', async () => {
  const w = await world();
  expect((await w.analyst.fetch(shared(w.r.slug))).body).toEqual({ brands: [] });
  expect((await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/scans`)).status).toBe(404);
  expect((await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/complaints`)).status).toBe(404);
  // A share with both kinds off is no share either.
  expect((await w.manager.fetch(sharing(w.brand.slug), { method: 'POST', body: { retailer: w.r.slug } })).status).toBe(200);
  expect((await w.analyst.fetch(shared(w.r.slug))).body).toEqual({ brands: [] });
  expect((await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/scans`)).status).toBe(404);
});

it('shares scans: the retailer sees the scans of its batch only, coarse and without who scanned; complaints stay closed until shared', async () => {
  const w = await world();
  const on = await w.manager.fetch(sharing(w.brand.slug), { method: 'POST', body: { retailer: w.r.slug, scans: true } });
  expect(on.status).toBe(200);
  expect(on.body.shares).toEqual([expect.objectContaining({ retailer: w.r.slug, scans: true, complaints: false, batches: [{ batchNumber: w.sold.batchNumber, productName: 'Test Serum' }] })]);
  expect((await auditOf(w.brand.id, 'sharing.add'))[0]).toMatchObject({ actor: w.manager.email, target: w.r.slug });

  expect((await w.analyst.fetch(shared(w.r.slug))).body).toEqual({ brands: [{ slug: w.brand.slug, name: w.brand.name, scans: true, complaints: false }] });
  const list = await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/scans`);
  expect(list.status).toBe(200);
  expect(list.body).toMatchObject({ page: 1, pageSize: 50, total: 2 });
  expect(list.body.scans.map((s: { batchNumber: string }) => s.batchNumber)).toEqual([w.sold.batchNumber, w.sold.batchNumber]);
  expect(list.body.scans[0]).toEqual({ at: expect.any(String), place: { lat: 13, lng: 77.6, near: 'Bengaluru' }, product: 'Test Serum', batchNumber: w.sold.batchNumber, result: 'SUSPECT', risk: 'none' });
  expect(Object.keys(list.body.scans[1]).sort()).toEqual(['at', 'batchNumber', 'place', 'product', 'result', 'risk']);
  expectNoSecrets(list.text, w);
  expect((await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/complaints`)).status).toBe(404);

  // Switching complaints on keeps scans on; the complaints are those of the retailer's batch only.
  await w.manager.fetch(sharing(w.brand.slug), { method: 'POST', body: { retailer: w.r.slug, complaints: true } });
  const tickets = await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/complaints`);
  expect(tickets.status).toBe(200);
  expect(tickets.body).toMatchObject({ total: 1, complaints: [{ ticketId: w.soldTicket, product: 'Test Serum', batchNumber: w.sold.batchNumber, status: 'unassigned', priority: 'high', ageDays: 0 }] });
  expect(tickets.text).not.toContain(w.otherTicket);
  expect(tickets.text).not.toContain('It leaks');
  expectNoSecrets(tickets.text, w);
  expect((await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/scans`)).body.total).toBe(2);

  // Scans off: closed again; removing the share closes everything.
  await w.manager.fetch(sharing(w.brand.slug), { method: 'POST', body: { retailer: w.r.slug, scans: false } });
  expect((await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/scans`)).status).toBe(404);
  const removed = await w.manager.fetch(`${sharing(w.brand.slug)}/remove`, { method: 'POST', body: { retailer: w.r.slug } });
  expect([removed.status, removed.body.shares]).toEqual([200, []]);
  expect((await auditOf(w.brand.id, 'sharing.remove'))[0]).toMatchObject({ actor: w.manager.email, before: { scans: false, complaints: true } });
  expect((await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/complaints`)).status).toBe(404);
  expect((await w.manager.fetch(`${sharing(w.brand.slug)}/remove`, { method: 'POST', body: { retailer: w.r.slug } })).status).toBe(404);
});

it('shows another retailer none of it, and a retailer shared with but without batches an empty list', async () => {
  const w = await world();
  await w.manager.fetch(sharing(w.brand.slug), { method: 'POST', body: { retailer: w.r.slug, scans: true, complaints: true } });
  const r2 = await retailer();
  const theirs = await signedInStaff(server, { clientId: r2.id, role: 'owner' });
  expect((await theirs.fetch(shared(r2.slug))).body).toEqual({ brands: [] });
  expect((await theirs.fetch(`${shared(r2.slug)}/${w.brand.slug}/scans`)).status).toBe(404);
  // Asking at the first retailer's organisation: not a member, 404.
  expect((await theirs.fetch(`${shared(w.r.slug)}/${w.brand.slug}/scans`)).status).toBe(404);

  await w.manager.fetch(sharing(w.brand.slug), { method: 'POST', body: { retailer: r2.slug, scans: true, complaints: true } });
  expect((await theirs.fetch(`${shared(r2.slug)}/${w.brand.slug}/scans`)).body).toMatchObject({ total: 0, scans: [] });
  expect((await theirs.fetch(`${shared(r2.slug)}/${w.brand.slug}/complaints`)).body).toMatchObject({ total: 0, complaints: [] });
});

it('gives a manufacturer-type membership no shared view, also once a retailer becomes a Manufacturer', async () => {
  const w = await world();
  await w.manager.fetch(sharing(w.brand.slug), { method: 'POST', body: { retailer: w.r.slug, scans: true } });
  expect((await w.manager.fetch(shared(w.brand.slug))).body).toEqual({ brands: [] });
  expect((await w.manager.fetch(`${shared(w.brand.slug)}/${w.brand.slug}/scans`)).status).toBe(404);
  expect((await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/scans`)).status).toBe(200);
  const db = await getDb();
  await db.update(clients).set({ organizationType: 'Manufacturer' }).where(eq(clients.id, w.r.id));
  expect((await w.analyst.fetch(shared(w.r.slug))).body).toEqual({ brands: [] });
  expect((await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/scans`)).status).toBe(404);
});

it('answers bad input with 422 at its field; a Manufacturer cannot be the retailer, nor can a Retailer share', async () => {
  const w = await world();
  const other = await createTestBrand();
  for (const [body, field] of [
    [{ retailer: 'Not A Slug!' }, 'retailer'],
    [{ retailer: 'no-such-org-anywhere' }, 'retailer'],
    [{ retailer: other.slug, scans: true }, 'retailer'],
    [{ retailer: w.brand.slug, scans: true }, 'retailer'],
    [{ retailer: w.r.slug, scans: 'yes' }, 'scans'],
    [{ retailer: w.r.slug, surprise: 1 }, 'surprise'],
  ] as const) {
    const res = await w.manager.fetch(sharing(w.brand.slug), { method: 'POST', body });
    expect([res.status, res.body.field]).toEqual([422, field]);
    expect(res.body.errorMessage).toEqual(expect.any(String));
  }
  // A slug nobody has, a Manufacturer's and the brand's own get one answer: the look-up tells nothing about them (issue 28).
  const answers = [];
  for (const retailer of ['no-such-org-anywhere', other.slug, w.brand.slug]) {
    const res = await w.manager.fetch(sharing(w.brand.slug), { method: 'POST', body: { retailer } });
    answers.push([res.status, res.body.errorMessage.replace(retailer, 'SLUG')]);
  }
  expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  expect(answers[0]![1]).not.toMatch(/Manufacturer|itself/);
  for (const [body, field] of [
    [{ batchNumber: 'NO-SUCH-BATCH', retailer: w.r.slug }, 'batchNumber'],
    [{ batchNumber: '', retailer: w.r.slug }, 'batchNumber'],
    [{ batchNumber: w.other.batchNumber, retailer: other.slug }, 'retailer'],
  ] as const) {
    const res = await w.manager.fetch(`${sharing(w.brand.slug)}/batches`, { method: 'POST', body });
    expect([res.status, res.body.field]).toEqual([422, field]);
  }
  expect((await w.manager.fetch(sharing(w.brand.slug))).body.shares).toEqual([]);
  expect((await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/scans?page=0`)).body.field).toBe('page');

  const retailOwner = await signedInStaff(server, { clientId: w.r.id, role: 'owner' });
  const r2 = await retailer();
  const refused = await retailOwner.fetch(sharing(w.r.slug), { method: 'POST', body: { retailer: r2.slug, scans: true } });
  expect(refused.status).toBe(409);
  // The analyst of the brand reads its sharing but may not change it.
  const analyst = await signedInStaff(server, { clientId: w.brand.id, role: 'analyst' });
  expect((await analyst.fetch(sharing(w.brand.slug))).status).toBe(200);
  expect((await analyst.fetch(sharing(w.brand.slug), { method: 'POST', body: { retailer: w.r.slug, scans: true } })).status).toBe(403);
});

it('pages the shared scans on the server, 50 a page, newest first', async () => {
  const w = await world();
  await w.manager.fetch(sharing(w.brand.slug), { method: 'POST', body: { retailer: w.r.slug, scans: true } });
  const start = Date.now() - 3_600_000;
  for (let i = 0; i < 51; i++) await scanOf(w.brand.id, w.sold.units[0]!, w.customer.id, { at: new Date(start - i * 1000) });
  const one = await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/scans`);
  const two = await w.analyst.fetch(`${shared(w.r.slug)}/${w.brand.slug}/scans?page=2`);
  expect([one.body.total, one.body.scans.length, two.body.page, two.body.scans.length]).toEqual([53, 50, 2, 3]);
  const times = [...one.body.scans, ...two.body.scans].map((s: { at: string }) => Date.parse(s.at));
  expect(times).toEqual([...times].sort((a, b) => b - a));
});

it('opens nothing else of the brand to the retailer\'s staff: every staff endpoint of the brand answers 404', async () => {
  const w = await world();
  await w.manager.fetch(sharing(w.brand.slug), { method: 'POST', body: { retailer: w.r.slug, scans: true, complaints: true } });
  const owner: SignedInStaff = await signedInStaff(server, { clientId: w.r.id, role: 'owner' });
  const doc = (await call(server, consoleHost(), 'GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  const problems: string[] = [];
  let checked = 0;
  for (const [fullPath, item] of Object.entries(doc.paths)) {
    if (!fullPath.startsWith('/api/console/brands/{brand}/')) continue;
    for (const method of Object.keys(item)) {
      const path = fullPath.replace('{brand}', w.brand.slug).replace(/\{[^}]+\}/g, w.brand.slug);
      for (const who of [owner, w.analyst]) {
        const res = await who.fetch(path, { method: method.toUpperCase(), ...(method === 'get' ? {} : { body: {} }) });
        checked++;
        if (res.status !== 404) problems.push(`${method.toUpperCase()} ${fullPath}: ${res.status}`);
      }
    }
  }
  expect(checked).toBeGreaterThan(40);
  expect(problems).toEqual([]);
  // Without a session at all: 401, as every staff endpoint.
  expect((await consoleCall(server, 'GET', `${shared(w.r.slug)}/${w.brand.slug}/scans`)).status).toBe(401);
});

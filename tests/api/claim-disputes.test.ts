import { and, eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { signedInStaff } from '../support/console';
import { createTestBatch, type TestBatch } from '../support/codes';
import { createTestCustomer, type TestCustomer } from '../support/customers';
import { fixtures, postForm, type Part } from '../support/aftersales';
import { getDb } from '@/lib/db/client';
import { auditLog, claimDisputes, claims, files, payouts, rewardGrants, rewards, warranties } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';

// Disputed claims (issue 27, docs/verification.md "Disputed claims"): a genuine buyer whose check of
// the hidden code answers Product Cliamed disputes the claim with a photo of the pack; the brand's
// claims staff move the claim (with its warranty and unpaid rewards; paid rewards stay) or reject it,
// each audited; every read is scoped by brand and customer.

jest.setTimeout(90_000);
const server = apiServerForFile();
const base = (slug: string) => `/api/console/brands/${slug}/disputes`;

type Brand = Awaited<ReturnType<typeof createTestBrand>>;

async function setup(units = 1) {
  const brand = await createTestBrand();
  const batch = await createTestBatch(brand, { units });
  const [a, b] = [await createTestCustomer(brand.id), await createTestCustomer(brand.id)];
  const check = (who: TestCustomer, qrId: string) => call(server, brand.domain, 'GET', `/api/verify/covert-post/${qrId}`, { token: who.token });
  // A claims every unit; B then checks each hidden code and is told it is claimed.
  for (const u of batch.units) {
    expect((await check(a, u.covert.qrId)).body.result).toBe('Genuine Post Sale');
    expect((await check(b, u.covert.qrId)).body.result).toBe('Product Cliamed');
  }
  return { brand, batch, a, b, check };
}

const photoPart = (bytes = fixtures.png(), filename = 'pack.png', type = 'image/png'): Part => ({ name: 'photo', filename, type, bytes });
const dispute = (brand: Brand, who: TestCustomer, qrId: string, extra: Part[] = [photoPart()]) =>
  postForm(server, brand.domain, who, '/api/disputes', [{ name: 'qrId', value: qrId }, ...extra]);
const countDisputes = async (clientId: string) => (await (await getDb()).select().from(claimDisputes).where(eq(claimDisputes.clientId, clientId))).length;

/** A warranty, a cashback not yet claimed and one paid, all of the claimant's on this unit. */
async function afterSales(clientId: string, customerId: string, batch: TestBatch) {
  const db = await getDb();
  const unitId = batch.units[0]!.covert.pairId!;
  const productId = batch.units[0]!.covert.productId;
  const fileId = randomId('fl', 24);
  await db.insert(files).values({ id: fileId, clientId, customerId, mediaType: 'pdf', contentType: 'application/pdf', size: 10, originalName: 'invoice.pdf', sha256: 'x', bytes: fixtures.pdf(10) });
  await db.insert(warranties).values({ id: randomId('wr'), clientId, customerId, unitId, productId, purchaseDate: '2026-11-01', invoiceFileId: fileId, startsOn: '2026-11-01', endsOn: '2027-11-01' });
  const grants: string[] = [];
  for (const status of ['NOT_CLAIMED', 'TRANSFER_COMPLETED'] as const) {
    const rewardId = randomId('rw');
    await db.insert(rewards).values({ id: rewardId, clientId, name: `Cashback ${status}`, type: 'Cashback', amount: 5000, budgetTotal: 100000 });
    const grantId = randomId('gr');
    await db.insert(rewardGrants).values({ id: grantId, clientId, customerId, rewardId, unitId, productId });
    await db.insert(payouts).values({ id: randomId('po'), clientId, customerId, grantId, amount: 5000, status, vpa: 'first@upi', reference: randomId('PO', 14) });
    grants.push(grantId);
  }
  return { unitId, unpaidGrant: grants[0]!, paidGrant: grants[1]! };
}

describe('disputing a claim', () => {
  it('opens a dispute with a real PNG or JPEG photo, lists it for its customer only, never naming the claimant', async () => {
    const { brand, batch, a, b } = await setup(2);
    const png = await dispute(brand, b, batch.units[0]!.covert.qrId, [photoPart(), { name: 'purchase', value: 'Sharma Stores, Pune, 20 Nov' }]);
    expect(png.status).toBe(201);
    expect(png.body).toEqual({ disputeId: expect.stringMatching(/^dp_[0-9A-Za-z]{16}$/), status: 'open', createdAt: expect.any(String) });
    const jpeg = await dispute(brand, b, batch.units[1]!.covert.qrId, [photoPart(fixtures.jpeg(), 'pack.jpg', 'image/jpeg')]);
    expect(jpeg.status).toBe(201);

    const mine = await call(server, brand.domain, 'GET', '/api/disputes', { token: b.token });
    expect(mine.status).toBe(200);
    expect(mine.body.disputes).toEqual([
      { disputeId: jpeg.body.disputeId, productName: 'Test Serum', status: 'open', reason: null, createdAt: expect.any(String), decidedAt: null },
      { disputeId: png.body.disputeId, productName: 'Test Serum', status: 'open', reason: null, createdAt: expect.any(String), decidedAt: null },
    ]);
    expect(JSON.stringify(mine.body)).not.toContain(a.customerId);
    // The claimant, and another brand's customer, see none of them.
    expect((await call(server, brand.domain, 'GET', '/api/disputes', { token: a.token })).body.disputes).toEqual([]);
    const other = await createTestBrand();
    const stranger = await createTestCustomer(other.id);
    expect((await call(server, other.domain, 'GET', '/api/disputes', { token: stranger.token })).body.disputes).toEqual([]);
    // Anonymous: no dispute at all.
    expect((await call(server, brand.domain, 'GET', '/api/disputes')).status).toBe(401);
    // The claimant's own verdict is unchanged by the dispute: their pack is still theirs.
    const claimant = await call(server, brand.domain, 'GET', `/api/verify/covert-post/${batch.units[0]!.covert.qrId}`, { token: a.token });
    expect(claimant.body.result).toBe('Genuine Post Sale');
    expect(claimant.body.risk.level).not.toBe('suspect');
  });

  it('refuses a photo that is not an image whatever its name says, and a dispute without a photo or with too long a note, storing nothing', async () => {
    const { brand, batch, b } = await setup();
    const qrId = batch.units[0]!.covert.qrId;
    const disguised = await dispute(brand, b, qrId, [photoPart(fixtures.text(), 'pack.png', 'image/png')]);
    expect(disguised.status).toBe(415);
    expect(disguised.body).toMatchObject({ field: 'photo', errorMessage: expect.stringMatching(/^photo: the file's content is not an image/) });
    const pdf = await dispute(brand, b, qrId, [photoPart(fixtures.pdf(), 'pack.jpg', 'image/jpeg')]);
    expect(pdf.status).toBe(415);
    expect(pdf.body.field).toBe('photo');
    const svg = await dispute(brand, b, qrId, [photoPart(fixtures.svg(), 'pack.svg', 'image/svg+xml')]);
    expect(svg.status).toBe(415);
    expect(svg.body.errorMessage).toMatch(/^photo: SVG files are not accepted/);
    const none = await dispute(brand, b, qrId, []);
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ field: 'photo', errorMessage: 'photo: a photo of the pack is required' });
    const long = await dispute(brand, b, qrId, [photoPart(), { name: 'purchase', value: 'x'.repeat(501) }]);
    expect(long.status).toBe(422);
    expect(long.body).toMatchObject({ field: 'purchase', errorMessage: 'purchase: must be at most 500 characters' });
    const big = await dispute(brand, b, qrId, [photoPart(fixtures.png(5 * 1024 * 1024 + 1))]);
    expect(big.status).toBe(413);
    expect(big.body.errorMessage).toMatch(/^photo: /);
    const noCode = await postForm(server, brand.domain, b, '/api/disputes', [photoPart()]);
    expect(noCode.status).toBe(422);
    expect(noCode.body.field).toBe('qrId');
    expect(await countDisputes(brand.id)).toBe(0);
  });

  it('refuses a unit nobody else holds, the claimant, a customer who never checked it, a visible code, a second open dispute, and a fourth in a day', async () => {
    const { brand, batch, a, b, check } = await setup(4);
    const unclaimed = await createTestBatch(brand, { units: 1 });
    const free = await dispute(brand, b, unclaimed.units[0]!.covert.qrId);
    expect(free.status).toBe(409);
    expect(free.body.errorMessage).toBe('Nobody has claimed this product: check its hidden code to claim it.');
    const own = await dispute(brand, a, batch.units[0]!.covert.qrId);
    expect(own.status).toBe(409);
    expect(own.body.errorMessage).toBe('This product is already yours: there is nothing to dispute.');
    const c = await createTestCustomer(brand.id);
    const unchecked = await dispute(brand, c, batch.units[0]!.covert.qrId);
    expect(unchecked.status).toBe(409);
    expect(unchecked.body.errorMessage).toMatch(/^Check the hidden code of your pack first/);
    // After C's own check it is accepted (below the limit of C's own day).
    await check(c, batch.units[0]!.covert.qrId);
    expect((await dispute(brand, c, batch.units[0]!.covert.qrId)).status).toBe(201);
    const visible = await dispute(brand, b, batch.units[0]!.overt.qrId);
    expect(visible.status).toBe(422);
    expect(visible.body.field).toBe('qrId');
    const unknown = await dispute(brand, b, 'NoSuchCode7654321');
    expect(unknown.status).toBe(404);
    expect(unknown.body.field).toBe('qrId');
    // Another brand's hidden code does not exist here.
    const other = await setup();
    expect((await dispute(brand, b, other.batch.units[0]!.covert.qrId)).status).toBe(404);

    expect((await dispute(brand, b, batch.units[0]!.covert.qrId)).status).toBe(201);
    const again = await dispute(brand, b, batch.units[0]!.covert.qrId);
    expect(again.status).toBe(409);
    expect(again.body.errorMessage).toBe('You already have an open dispute about this product. The brand will answer it.');
    // The refusals above gave their places back: three disputes a day, the fourth refused.
    expect((await dispute(brand, b, batch.units[1]!.covert.qrId)).status).toBe(201);
    expect((await dispute(brand, b, batch.units[2]!.covert.qrId)).status).toBe(201);
    const fourth = await dispute(brand, b, batch.units[3]!.covert.qrId);
    expect(fourth.status).toBe(429);
    expect(fourth.body.errorMessage).toBe('You can open at most 3 disputes a day. Please try again tomorrow.');
    expect(await countDisputes(brand.id)).toBe(4);
  });
});

describe('disputes sent at the same time', () => {
  it('opens at most three a day however many arrive together, and one per unit', async () => {
    const { brand, batch, b } = await setup(8);
    // Eight valid disputes at once, on eight units: the day's limit holds under the race.
    const answers = await Promise.all(batch.units.map((u) => dispute(brand, b, u.covert.qrId)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(await countDisputes(brand.id)).toBe(3);

    // Another customer sends the same dispute five times at once: one opens; the others are refused
    // as a duplicate (409) or, while three attempts are still in flight, by the day's limit (429).
    const other = await setup(1);
    const same = await Promise.all(Array.from({ length: 5 }, () => dispute(other.brand, other.b, other.batch.units[0]!.covert.qrId)));
    expect(same.filter((r) => r.status === 201)).toHaveLength(1);
    expect(same.filter((r) => r.status !== 201).every((r) => r.status === 409 || r.status === 429)).toBe(true);
    expect(await countDisputes(other.brand.id)).toBe(1);
  });
});

describe('erasing the disputing account', () => {
  it('erases where the pack was bought and the photo; the brand sees the dispute without them and cannot move a claim to the erased account', async () => {
    const { brand, batch, b } = await setup();
    const id = (await dispute(brand, b, batch.units[0]!.covert.qrId, [photoPart(), { name: 'purchase', value: 'Shop near my home' }])).body.disputeId as string;
    expect((await call(server, brand.domain, 'POST', '/api/customer/delete-account', { token: b.token, body: { confirm: 'DELETE' } })).status).toBe(200);
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    expect((await owner.fetch(`${base(brand.slug)}/${id}`)).body).toMatchObject({ purchase: '', hasPhoto: false, status: 'open' });
    expect((await owner.fetch(`${base(brand.slug)}/${id}/photo`)).status).toBe(404);
    const move = await owner.fetch(`${base(brand.slug)}/${id}/move`, { method: 'POST', body: {} });
    expect(move.status).toBe(409);
    expect(move.body.errorMessage).toMatch(/^The disputing customer's account was deleted/);
  });
});

describe('deciding a dispute in the console', () => {
  it("moves the claim with its warranty and unpaid cashback to the disputing customer, leaves paid rewards, audits it, and the unit is the new holder's", async () => {
    const { brand, batch, a, b, check } = await setup();
    const { unitId, unpaidGrant, paidGrant } = await afterSales(brand.id, a.customerId, batch);
    const opened = await dispute(brand, b, batch.units[0]!.covert.qrId, [photoPart(), { name: 'purchase', value: 'Corner shop, 21 Nov' }]);
    const id = opened.body.disputeId as string;
    const support = await signedInStaff(server, { clientId: brand.id, role: 'support' });

    const list = await support.fetch(base(brand.slug));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, open: 1, page: 1, pageSize: 25 });
    expect(list.body.disputes[0]).toMatchObject({ id, status: 'open', overtQrId: batch.units[0]!.overt.qrId, productName: 'Test Serum', disputer: { customerId: b.customerId, name: 'Test Customer' } });
    const detail = await support.fetch(`${base(brand.slug)}/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id,
      status: 'open',
      hiddenQrId: null, // a secret of the printing roles, not the support agent's
      overtQrId: batch.units[0]!.overt.qrId,
      purchase: 'Corner shop, 21 Nov',
      hasPhoto: true,
      disputer: { customerId: b.customerId, contact: `${b.customerId.toLowerCase()}@test.example` },
      claimantThen: { customerId: a.customerId, claimedAt: expect.any(String) },
      claimNow: { customerId: a.customerId },
      scans: { total: 2, byDisputer: 1, byResult: expect.arrayContaining([{ result: 'Genuine Post Sale', count: 1 }, { result: 'Product Cliamed', count: 1 }]) },
      decision: null,
      moves: { warranty: true, unpaidRewards: 1, paidRewards: 1 },
    });
    const photo = await support.fetch(`${base(brand.slug)}/${id}/photo?disposition=inline`);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');

    const moved = await support.fetch(`${base(brand.slug)}/${id}/move`, { method: 'POST', body: { note: 'Receipt matches' } });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ id, status: 'moved', moved: { warranty: true, rewards: 1, paidRewardsStayed: 1 } });

    const db = await getDb();
    expect((await db.select().from(claims).where(and(eq(claims.clientId, brand.id), eq(claims.unitId, unitId))))[0]!.customerId).toBe(b.customerId);
    expect((await db.select().from(warranties).where(and(eq(warranties.clientId, brand.id), eq(warranties.unitId, unitId))))[0]!.customerId).toBe(b.customerId);
    const grantOwner = async (g: string) => (await db.select().from(rewardGrants).where(eq(rewardGrants.id, g)))[0]!.customerId;
    expect(await grantOwner(unpaidGrant)).toBe(b.customerId);
    expect(await grantOwner(paidGrant)).toBe(a.customerId);
    const unpaidPayout = (await db.select().from(payouts).where(eq(payouts.grantId, unpaidGrant)))[0]!;
    expect(unpaidPayout).toMatchObject({ customerId: b.customerId, vpa: null, status: 'NOT_CLAIMED' });
    expect((await db.select().from(payouts).where(eq(payouts.grantId, paidGrant)))[0]).toMatchObject({ customerId: a.customerId, vpa: 'first@upi', status: 'TRANSFER_COMPLETED' });

    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'claim.dispute.move')));
    expect(entry).toMatchObject({ actor: support.email, target: id, before: { status: 'open', claimant: a.customerId }, after: { status: 'moved', claimant: b.customerId, warrantyMoved: true, rewardsMoved: [unpaidGrant], paidRewardsStayed: 1, note: 'Receipt matches' } });

    // The unit is now B's: in B's products, out of A's; their checks answer accordingly.
    const ofB = await call(server, brand.domain, 'GET', '/api/customer/my-products', { token: b.token });
    expect(ofB.body.products.map((p: { unitId: string }) => p.unitId)).toEqual([unitId]);
    expect((await call(server, brand.domain, 'GET', '/api/customer/my-products', { token: a.token })).body.products).toEqual([]);
    expect((await check(b, batch.units[0]!.covert.qrId)).body.result).toBe('Genuine Post Sale');
    expect((await check(a, batch.units[0]!.covert.qrId)).body.result).toBe('Product Cliamed');
    expect((await call(server, brand.domain, 'GET', '/api/disputes', { token: b.token })).body.disputes[0]).toMatchObject({ status: 'moved', decidedAt: expect.any(String), reason: null });

    // Decided once: a second decision is refused and changes nothing.
    const twice = await support.fetch(`${base(brand.slug)}/${id}/reject`, { method: 'POST', body: { reason: 'No' } });
    expect(twice.status).toBe(409);
    expect(twice.body.errorMessage).toBe('This dispute has already been decided.');
    expect((await support.fetch(`${base(brand.slug)}?status=moved`)).body).toMatchObject({ total: 1, open: 0 });
  });

  it('rejects a dispute with a reason the customer reads, leaving the claim, audited', async () => {
    const { brand, batch, a, b } = await setup();
    const id = (await dispute(brand, b, batch.units[0]!.covert.qrId)).body.disputeId as string;
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const blank = await owner.fetch(`${base(brand.slug)}/${id}/reject`, { method: 'POST', body: { reason: '  ' } });
    expect(blank.status).toBe(422);
    expect(blank.body).toMatchObject({ field: 'reason', errorMessage: 'reason: is required' });
    const rejected = await owner.fetch(`${base(brand.slug)}/${id}/reject`, { method: 'POST', body: { reason: 'The photo shows another batch.' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({ id, status: 'rejected', moved: null });
    const db = await getDb();
    expect((await db.select().from(claims).where(and(eq(claims.clientId, brand.id), eq(claims.unitId, batch.units[0]!.covert.pairId!))))[0]!.customerId).toBe(a.customerId);
    expect((await call(server, brand.domain, 'GET', '/api/disputes', { token: b.token })).body.disputes[0]).toMatchObject({ status: 'rejected', reason: 'The photo shows another batch.' });
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'claim.dispute.reject')));
    expect(entry).toMatchObject({ actor: owner.email, target: id, before: { status: 'open' }, after: { status: 'rejected', reason: 'The photo shows another batch.' } });
    // Rejected, B may dispute again (one open dispute at a time).
    expect((await dispute(brand, b, batch.units[0]!.covert.qrId)).status).toBe(201);
  });

  it("keeps disputes to their brand's claims staff: another brand's staff get 404, roles without claims 403, the analyst reads only", async () => {
    const { brand, batch, a, b } = await setup();
    const id = (await dispute(brand, b, batch.units[0]!.covert.qrId)).body.disputeId as string;
    const other = await createTestBrand();
    const stranger = await signedInStaff(server, { clientId: other.id, role: 'owner' });
    for (const path of [base(brand.slug), `${base(brand.slug)}/${id}`, `${base(brand.slug)}/${id}/photo`]) expect((await stranger.fetch(path)).status).toBe(404);
    expect((await stranger.fetch(`${base(brand.slug)}/${id}/move`, { method: 'POST', body: {} })).status).toBe(404);
    // Their own brand has no such dispute either.
    expect((await stranger.fetch(`${base(other.slug)}/${id}`)).status).toBe(404);
    expect((await stranger.fetch(`${base(other.slug)}/${id}/move`, { method: 'POST', body: {} })).status).toBe(404);
    for (const role of ['manager', 'finance'] as const) {
      const staff = await signedInStaff(server, { clientId: brand.id, role });
      expect((await staff.fetch(base(brand.slug))).status).toBe(403);
      expect((await staff.fetch(`${base(brand.slug)}/${id}/move`, { method: 'POST', body: {} })).status).toBe(403);
    }
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    expect((await analyst.fetch(`${base(brand.slug)}/${id}`)).status).toBe(200);
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    expect((await owner.fetch(`${base(brand.slug)}/${id}`)).body.hiddenQrId).toBe(batch.units[0]!.covert.qrId);
    expect(JSON.stringify((await analyst.fetch(base(brand.slug))).body)).not.toContain(batch.units[0]!.covert.qrId);
    expect((await analyst.fetch(`${base(brand.slug)}/${id}/move`, { method: 'POST', body: {} })).status).toBe(403);
    const db = await getDb();
    expect((await db.select().from(claimDisputes).where(eq(claimDisputes.id, id)))[0]!.status).toBe('open');
    expect((await db.select().from(claims).where(eq(claims.unitId, batch.units[0]!.covert.pairId!)))[0]!.customerId).toBe(a.customerId);
    const bad = await (await signedInStaff(server, { clientId: brand.id, role: 'support' })).fetch(`${base(brand.slug)}?status=maybe`);
    expect(bad.status).toBe(422);
    expect(bad.body.field).toBe('status');
  });
});

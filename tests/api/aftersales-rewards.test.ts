import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { createTestBrand, apiServerForFile } from '../support/api-server';
import { as, claimedUnit, countRows, op, signedInCustomer, type TestCustomer } from '../support/aftersales';
import { getDb } from '@/lib/db/client';
import { journeyAnswers, payouts, rewardGrants, rewards } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';

// Scan journeys, rewards, cashback claims and the manual payout settlement, over HTTP.

const server = apiServerForFile();

const tmp = mkdtempSync(path.join(os.tmpdir(), 'payouts-'));
const tmpFile = (name: string) => path.join(tmp, `${randomId('f', 8)}-${name}`);

const FLAGS = { isLoyalityProgramEnabled: true };

/** A brand with a ₹25 cashback and a journey INFO → DECISION → INPUT → REWARD on a product. */
async function setup(opts: { budget?: number; perCustomer?: number; flags?: Record<string, boolean> } = {}) {
  const brand = await createTestBrand({ flags: { ...FLAGS, ...opts.flags } });
  const alice = await signedInCustomer(brand.id);
  const unit = await claimedUnit(brand.id, alice.customerId);
  const reward = (await op('create-reward', { slug: brand.slug, name: 'Scan cashback', type: 'Cashback', amount: 25, budget: opts.budget ?? 1000, perCustomer: opts.perCustomer ?? 5 })) as { rewardId: string };
  await op('set-journey', {
    slug: brand.slug,
    product: unit.productId,
    config: {
      steps: [
        { type: 'INFO', title: 'Thank you', config: { body: 'Your product is genuine.' } },
        { type: 'DECISION', title: 'Where did you buy it?', config: { question: 'Where?', options: ['Shop', 'Online'] } },
        { type: 'INPUT', title: 'Invoice', config: { label: 'Invoice number', maxLength: 20 } },
        { type: 'REWARD', title: 'Your cashback', config: { rewardId: reward.rewardId } },
      ],
    },
  });
  return { brand, alice, unit, rewardId: reward.rewardId };
}

async function walkJourney(host: string, who: TestCustomer, unitId: string) {
  const api = as(server, host, who);
  const j = await api('GET', `/api/customer/my-products/${unitId}/journey`);
  expect(j.status).toBe(200);
  const answers = [{}, { choice: 'Shop' }, { value: 'INV-1001' }, {}];
  let last;
  for (const [i, step] of j.body.steps.entries()) {
    last = await api('POST', `/api/customer/my-products/${unitId}/journey/steps/${step.stepId}`, { body: answers[i] });
    expect(last.status).toBe(200);
  }
  return last!.body.grant as { grantId: string; payout: { status: string; payoutId: string } };
}

const claim = (host: string, who: TestCustomer, grantId: string, key: string) =>
  as(server, host, who)('POST', `/api/customer/rewards/${grantId}/claim`, { headers: { 'idempotency-key': key } });

async function payoutRow(clientId: string, grantId: string) {
  const db = await getDb();
  const [row] = await db.select().from(payouts).where(and(eq(payouts.clientId, clientId), eq(payouts.grantId, grantId)));
  return row!;
}

describe('scan journey', () => {
  it('walks INFO → DECISION → INPUT → REWARD in order and grants the cashback at the REWARD step', async () => {
    const { brand, alice, unit } = await setup();
    const api = as(server, brand.domain, alice);
    const j = await api('GET', `/api/customer/my-products/${unit.unitId}/journey`);
    expect(j.body.steps.map((s: { type: string }) => s.type)).toEqual(['INFO', 'DECISION', 'INPUT', 'REWARD']);
    expect(j.body.steps[3].reward).toMatchObject({ type: 'Cashback', amount: 2500, amountText: '₹25.00' });
    expect(j.body.nextStepId).toBe(j.body.steps[0].stepId);
    const outOfOrder = await api('POST', `/api/customer/my-products/${unit.unitId}/journey/steps/${j.body.steps[2].stepId}`, { body: { value: 'X' } });
    expect(outOfOrder.status).toBe(409);
    const grant = await walkJourney(brand.domain, alice, unit.unitId);
    expect(grant.payout.status).toBe('NOT_CLAIMED');
    const after = await api('GET', `/api/customer/my-products/${unit.unitId}/journey`);
    expect(after.body).toMatchObject({ completed: true, nextStepId: null });
    expect(after.body.steps[2].answer).toEqual({ value: 'INV-1001' });
    const again = await api('POST', `/api/customer/my-products/${unit.unitId}/journey/steps/${j.body.steps[3].stepId}`, { body: {} });
    expect(again.status).toBe(409);
    expect(await countRows(rewardGrants, brand.id)).toBe(1);
  });

  it('refuses a choice that is not an option, naming the field, and records nothing', async () => {
    const { brand, alice, unit } = await setup();
    const api = as(server, brand.domain, alice);
    const j = await api('GET', `/api/customer/my-products/${unit.unitId}/journey`);
    await api('POST', `/api/customer/my-products/${unit.unitId}/journey/steps/${j.body.steps[0].stepId}`, { body: {} });
    const before = await countRows(journeyAnswers, brand.id);
    const bad = await api('POST', `/api/customer/my-products/${unit.unitId}/journey/steps/${j.body.steps[1].stepId}`, { body: { choice: 'Market' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errorMessage).toMatch(/^choice: must be one of: Shop, Online/);
    expect(bad.body.field).toBe('choice');
    expect(await countRows(journeyAnswers, brand.id)).toBe(before);
  });

  it('pays a unit at most once even when the journey is set again', async () => {
    const { brand, alice, unit, rewardId } = await setup();
    await walkJourney(brand.domain, alice, unit.unitId);
    await op('set-journey', { slug: brand.slug, product: unit.productId, config: { steps: [{ type: 'REWARD', title: 'Again', config: { rewardId } }] } });
    const api = as(server, brand.domain, alice);
    const j = await api('GET', `/api/customer/my-products/${unit.unitId}/journey`);
    const res = await api('POST', `/api/customer/my-products/${unit.unitId}/journey/steps/${j.body.steps[0].stepId}`, { body: {} });
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe('This product has already earned this reward');
    expect(await countRows(payouts, brand.id)).toBe(1);
  });

  it('stops granting when the budget is spent, leaving the step open', async () => {
    const { brand, alice, unit } = await setup({ budget: 25 });
    await walkJourney(brand.domain, alice, unit.unitId);
    const other = await claimedUnit(brand.id, alice.customerId);
    const db = await getDb();
    const [r] = await db.select().from(rewards).where(eq(rewards.clientId, brand.id));
    expect(r!.budgetUsed).toBe(2500);
    await op('set-journey', { slug: brand.slug, product: other.productId, config: { steps: [{ type: 'REWARD', title: 'R', config: { rewardId: r!.id } }] } });
    const api = as(server, brand.domain, alice);
    const j = await api('GET', `/api/customer/my-products/${other.unitId}/journey`);
    const res = await api('POST', `/api/customer/my-products/${other.unitId}/journey/steps/${j.body.steps[0].stepId}`, { body: {} });
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe('This reward has run out');
    expect((await api('GET', `/api/customer/my-products/${other.unitId}/journey`)).body.completed).toBe(false);
    expect(await countRows(rewardGrants, brand.id)).toBe(1);
  });
});

describe('coupon rewards', () => {
  it('hands out pool codes once each, refuses when the pool is empty, and has nothing to claim', async () => {
    const brand = await createTestBrand({ flags: FLAGS });
    const alice = await signedInCustomer(brand.id);
    const r = (await op('create-reward', { slug: brand.slug, name: 'Coupon', type: 'Coupon', perCustomer: 5 })) as { rewardId: string };
    const file = tmpFile('codes.csv');
    writeFileSync(file, 'code\nSAVE-001\nSAVE-002\nSAVE-001\n');
    expect(await op('upload-coupons', { slug: brand.slug, reward: r.rewardId, file })).toMatchObject({ added: 2, skippedDuplicates: 1 });
    const badFile = tmpFile('bad.txt');
    writeFileSync(badFile, 'OK-1\nnot a code!\n');
    await expect(op('upload-coupons', { slug: brand.slug, reward: r.rewardId, file: badFile })).rejects.toThrow(/Nothing uploaded; line 2/);
    const api = as(server, brand.domain, alice);
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const unit = await claimedUnit(brand.id, alice.customerId);
      await op('set-journey', { slug: brand.slug, product: unit.productId, config: { steps: [{ type: 'REWARD', title: 'Coupon', config: { rewardId: r.rewardId } }] } });
      const j = await api('GET', `/api/customer/my-products/${unit.unitId}/journey`);
      const res = await api('POST', `/api/customer/my-products/${unit.unitId}/journey/steps/${j.body.steps[0].stepId}`, { body: {} });
      if (i < 2) {
        expect(res.status).toBe(200);
        expect(res.body.grant).toMatchObject({ type: 'Coupon', payout: null });
        codes.push(res.body.grant.couponCode);
        const c = await claim(brand.domain, alice, res.body.grant.grantId, `coupon-key-${i}`);
        expect(c.status).toBe(422);
      } else {
        expect(res.status).toBe(409);
        expect(res.body.errorMessage).toBe('This reward has run out');
      }
    }
    expect(codes.sort()).toEqual(['SAVE-001', 'SAVE-002']);
    expect((await api('GET', '/api/customer/rewards')).body.rewards).toHaveLength(2);
  });
});

describe('POST /api/customer/rewards/{grantId}/claim', () => {
  it('pays once when the same Idempotency-Key is sent twice, answering the same payout', async () => {
    const { brand, alice, unit } = await setup();
    const grant = await walkJourney(brand.domain, alice, unit.unitId);
    const first = await claim(brand.domain, alice, grant.grantId, 'key-aaaaaaaa');
    const second = await claim(brand.domain, alice, grant.grantId, 'key-aaaaaaaa');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({ status: 'TRANSFER_PENDING', vpa: 'asha@okbank', amount: 2500, amountText: '₹25.00' });
    expect((await payoutRow(brand.id, grant.grantId)).attempts).toBe(1);
    const third = await claim(brand.domain, alice, grant.grantId, 'key-bbbbbbbb');
    expect(third.status).toBe(409);
  });

  it('lets exactly one of 20 concurrent claims with different keys move the payout', async () => {
    const { brand, alice, unit } = await setup();
    const grant = await walkJourney(brand.domain, alice, unit.unitId);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => claim(brand.domain, alice, grant.grantId, `concurrent-${i}-key`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const row = await payoutRow(brand.id, grant.grantId);
    expect(row.status).toBe('TRANSFER_PENDING');
    expect(row.attempts).toBe(1);
    expect(await countRows(payouts, brand.id)).toBe(1);
  });

  it('answers concurrent claims with one key alike and pays once', async () => {
    const { brand, alice, unit } = await setup();
    const grant = await walkJourney(brand.domain, alice, unit.unitId);
    const results = await Promise.all(Array.from({ length: 10 }, () => claim(brand.domain, alice, grant.grantId, 'same-key-123')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.payoutId)).size).toBe(1);
    expect((await payoutRow(brand.id, grant.grantId)).attempts).toBe(1);
  });

  it('needs a UPI id, and changes nothing without one', async () => {
    const brand = await createTestBrand({ flags: FLAGS });
    const bob = await signedInCustomer(brand.id, { vpa: null });
    const unit = await claimedUnit(brand.id, bob.customerId);
    const r = (await op('create-reward', { slug: brand.slug, name: 'C', type: 'Cashback', amount: '10.50', budget: 100 })) as { rewardId: string };
    await op('set-journey', { slug: brand.slug, product: unit.productId, config: { steps: [{ type: 'REWARD', title: 'R', config: { rewardId: r.rewardId } }] } });
    const api = as(server, brand.domain, bob);
    const j = await api('GET', `/api/customer/my-products/${unit.unitId}/journey`);
    const g = await api('POST', `/api/customer/my-products/${unit.unitId}/journey/steps/${j.body.steps[0].stepId}`, { body: {} });
    expect(g.body.grant.amountText).toBe('₹10.50');
    const res = await claim(brand.domain, bob, g.body.grant.grantId, 'no-vpa-key-1');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'unprocessable', field: 'vpa' });
    expect(res.body.errorMessage).toMatch(/^vpa: add your UPI id/);
    expect((await payoutRow(brand.id, g.body.grant.grantId)).status).toBe('NOT_CLAIMED');
  });

  it('refuses an invalid UPI id on the profile, naming the field', async () => {
    const brand = await createTestBrand({ flags: FLAGS });
    const bob = await signedInCustomer(brand.id, { vpa: null });
    for (const vpa of ['not-a-upi', 'a@', '@bank', 'x y@bank', 'name@ba nk']) {
      const res = await as(server, brand.domain, bob)('PUT', '/api/customer/customer-profile', { body: { vpa } });
      expect(res.status).toBe(422);
      expect(res.body.errorMessage).toMatch(/vpa/);
    }
  });

  it('requires an Idempotency-Key of the right form', async () => {
    const { brand, alice, unit } = await setup();
    const grant = await walkJourney(brand.domain, alice, unit.unitId);
    const none = await as(server, brand.domain, alice)('POST', `/api/customer/rewards/${grant.grantId}/claim`);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ errorMessage: 'Idempotency-Key header is required', code: 'bad_request', field: 'Idempotency-Key' });
    const bad = await claim(brand.domain, alice, grant.grantId, 'short');
    expect(bad.status).toBe(422);
    expect(bad.body.errorMessage).toMatch(/^Idempotency-Key:/);
    expect((await payoutRow(brand.id, grant.grantId)).status).toBe('NOT_CLAIMED');
  });
});

describe('isolation of rewards and payouts', () => {
  it('answers 404 for another customer\'s or another brand\'s unit, journey, reward and payout, and changes nothing', async () => {
    const { brand, alice, unit } = await setup();
    const grant = await walkJourney(brand.domain, alice, unit.unitId);
    const mallory = await signedInCustomer(brand.id);
    const other = await createTestBrand({ flags: FLAGS });
    const eve = await signedInCustomer(other.id);
    const j = await as(server, brand.domain, alice)('GET', `/api/customer/my-products/${unit.unitId}/journey`);
    for (const [host, who] of [
      [brand.domain, mallory],
      [other.domain, eve],
    ] as const) {
      const api = as(server, host, who);
      expect((await api('GET', `/api/customer/my-products/${unit.unitId}`)).status).toBe(404);
      expect((await api('GET', `/api/customer/my-products/${unit.unitId}/journey`)).status).toBe(404);
      expect((await api('POST', `/api/customer/my-products/${unit.unitId}/journey/steps/${j.body.steps[0].stepId}`, { body: {} })).status).toBe(404);
      expect((await claim(host, who, grant.grantId, 'thief-key-001')).status).toBe(404);
      expect((await api('GET', '/api/customer/rewards')).body.rewards).toEqual([]);
      expect((await api('GET', '/api/customer/transactions')).body.transactions).toEqual([]);
    }
    const row = await payoutRow(brand.id, grant.grantId);
    expect(row.status).toBe('NOT_CLAIMED');
    expect(row.idempotencyKey).toBeNull();
  });

  it('refuses rewards and transactions when the brand has the loyalty program off', async () => {
    const brand = await createTestBrand({ flags: { isLoyalityProgramEnabled: false } });
    const bob = await signedInCustomer(brand.id);
    for (const p of ['/api/customer/rewards', '/api/customer/transactions']) {
      const res = await as(server, brand.domain, bob)('GET', p);
      expect(res.status).toBe(403);
      expect(res.body.errorMessage).toBe(`This service is not offered by Brand ${brand.slug}.`);
    }
  });
});

describe('manual payout settlement (operator)', () => {
  it('exports claimed payouts as a bank CSV, imports results, and retries a failure under the same reference', async () => {
    const { brand, alice, unit } = await setup();
    const g1 = await walkJourney(brand.domain, alice, unit.unitId);
    const unit2 = await claimedUnit(brand.id, alice.customerId);
    const rewardId = (await getDb().then((db) => db.select().from(rewards).where(eq(rewards.clientId, brand.id))))[0]!.id;
    await op('set-journey', { slug: brand.slug, product: unit2.productId, config: { steps: [{ type: 'REWARD', title: 'R', config: { rewardId } }] } });
    const api = as(server, brand.domain, alice);
    const j2 = await api('GET', `/api/customer/my-products/${unit2.unitId}/journey`);
    const g2 = (await api('POST', `/api/customer/my-products/${unit2.unitId}/journey/steps/${j2.body.steps[0].stepId}`, { body: {} })).body.grant;
    const p1 = (await claim(brand.domain, alice, g1.grantId, 'settle-key-1')).body;
    const p2 = (await claim(brand.domain, alice, g2.grantId, 'settle-key-2')).body;

    const out = tmpFile('export.csv');
    const exported = (await op('export-payouts', { slug: brand.slug, out })) as { count: number; total: string };
    expect(exported).toMatchObject({ count: 2, total: '50.00' });
    const lines = readFileSync(out, 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('reference,vpa,amount,name');
    expect(lines.slice(1).sort()).toEqual([`${p1.reference},asha@okbank,25.00,Asha`, `${p2.reference},asha@okbank,25.00,Asha`].sort());
    expect((await payoutRow(brand.id, g1.grantId)).status).toBe('PENDING_AT_BANK');
    await expect(op('export-payouts', { slug: brand.slug, out })).rejects.toThrow(/exists/);
    const empty = tmpFile('empty.csv');
    expect(await op('export-payouts', { slug: brand.slug, out: empty })).toMatchObject({ count: 0 });

    // A file with an unknown reference and a bad row applies nothing.
    const bad = tmpFile('bad.csv');
    writeFileSync(bad, `reference,status,bank_ref,reason\n${p1.reference},SUCCESS,UTR1,\nPO00000000000000,SUCCESS,UTR2,\n${p2.reference},MAYBE,,\n`);
    await expect(op('import-bank-results', { slug: brand.slug, file: bad })).rejects.toThrow(/Nothing imported; 2 problems: line 3: unknown reference PO00000000000000; line 4: status must be SUCCESS or FAILED/);
    expect((await payoutRow(brand.id, g1.grantId)).status).toBe('PENDING_AT_BANK');

    const results = tmpFile('results.csv');
    writeFileSync(results, `reference,status,bank_ref,reason\r\n${p1.reference},SUCCESS,UTR123,\r\n${p2.reference},FAILED,,"Invalid VPA, account closed"\r\n`);
    expect(await op('import-bank-results', { slug: brand.slug, file: results })).toEqual({ completed: 1, failed: 1, unchanged: 0 });
    expect(await op('import-bank-results', { slug: brand.slug, file: results })).toEqual({ completed: 0, failed: 0, unchanged: 2 });
    const tx = (await api('GET', '/api/customer/transactions')).body.transactions;
    const byRef = Object.fromEntries(tx.map((t: { reference: string }) => [t.reference, t]));
    expect(byRef[p1.reference]).toMatchObject({ status: 'TRANSFER_COMPLETED' });
    expect(byRef[p2.reference]).toMatchObject({ status: 'TRANSFER_FAILED', failureReason: 'Invalid VPA, account closed' });

    await expect(op('retry-payout', { slug: brand.slug, reference: p1.reference })).rejects.toThrow(/only TRANSFER_FAILED/);
    expect(await op('retry-payout', { slug: brand.slug, reference: p2.reference })).toMatchObject({ reference: p2.reference, status: 'TRANSFER_PENDING', attempts: 2 });
    const again = tmpFile('again.csv');
    expect(await op('export-payouts', { slug: brand.slug, out: again })).toMatchObject({ count: 1 });
    expect(readFileSync(again, 'utf8')).toContain(`${p2.reference},asha@okbank,25.00,Asha`);
    expect((await payoutRow(brand.id, g1.grantId)).status).toBe('TRANSFER_COMPLETED');
  });

  it('refuses invalid reward amounts and budgets, naming the field, and creates nothing', async () => {
    const brand = await createTestBrand({ flags: FLAGS });
    for (const [args, field] of [
      [{ amount: -5, budget: 100 }, 'amount'],
      [{ amount: '25.555', budget: 100 }, 'amount'],
      [{ amount: 0, budget: 100 }, 'amount'],
      [{ amount: 'ten', budget: 100 }, 'amount'],
      [{ amount: 25, budget: 'lots' }, 'budget'],
      [{ amount: 25, budget: 10 }, 'budget'],
      [{ budget: 100 }, 'amount'],
    ] as const) {
      await expect(op('create-reward', { slug: brand.slug, name: 'X', type: 'Cashback', ...args })).rejects.toMatchObject({
        message: expect.stringMatching(new RegExp(field)),
      });
    }
    expect(await countRows(rewards, brand.id)).toBe(0);
  });
});

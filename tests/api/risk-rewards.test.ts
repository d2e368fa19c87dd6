import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { as, claimedUnit, op, signedInCustomer, type TestCustomer } from '../support/aftersales';
import { getDb } from '@/lib/db/client';
import { codes, payouts } from '@/lib/db/schema';
import { newDeviceId } from '@/lib/edge/device-id';
import { phoneHeaders, SIX_CITIES } from '../support/devices';

// Rewards and payouts of a unit suspected of being copied wait for the brand's review
// (docs/verification.md, "Risk"): a cashback cannot be claimed, and a claimed one is not exported
// to the bank, while the unit has an open red flag.

const server = apiServerForFile({ env: { TRUST_PROXY: '1' } });
jest.setTimeout(30_000);

const tmp = mkdtempSync(path.join(os.tmpdir(), 'risk-payouts-'));

async function setup(rewardArgs: Record<string, unknown> = { name: 'Cashback', type: 'Cashback', amount: 25, budget: 1000, perCustomer: 5 }, redFlagging = true) {
  const brand = await createTestBrand({ flags: { isLoyalityProgramEnabled: true, isRedFlaggingEnabled: redFlagging } });
  const alice = await signedInCustomer(brand.id);
  const unit = await claimedUnit(brand.id, alice.customerId);
  const reward = (await op('create-reward', { slug: brand.slug, ...rewardArgs })) as { rewardId: string };
  await op('set-journey', { slug: brand.slug, product: unit.productId, config: { steps: [{ type: 'REWARD', title: 'Your cashback', config: { rewardId: reward.rewardId } }] } });
  const db = await getDb();
  const [overt] = await db.select().from(codes).where(and(eq(codes.clientId, brand.id), eq(codes.pairId, unit.unitId), eq(codes.level, 6)));
  return { brand, alice, unit, overtQrId: overt!.qrId };
}

async function earn(host: string, who: TestCustomer, unitId: string) {
  const api = as(server, host, who);
  const j = await api('GET', `/api/customer/my-products/${unitId}/journey`);
  const step = await api('POST', `/api/customer/my-products/${unitId}/journey/steps/${j.body.steps[0].stepId}`, { body: {} });
  expect(step.status).toBe(200);
  return step.body.grant.grantId as string;
}
const claim = (host: string, who: TestCustomer, grantId: string, key: string) =>
  as(server, host, who)('POST', `/api/customer/rewards/${grantId}/claim`, { headers: { 'idempotency-key': key } });

/** Checks in six cities by unrelated phones: suspicion corroborated beyond any three witnesses. */
async function makeSuspect(domain: string, qrId: string) {
  for (const q of SIX_CITIES) {
    const res = await call(server, domain, 'GET', `/api/verify/info/${qrId}${q}`, { headers: await phoneHeaders(domain, newDeviceId()) });
    expect(res.status).toBe(200);
  }
}

describe('rewards of a suspect unit', () => {
  it('holds the cashback claim while the unit is flagged, and releases it when the flag is dismissed', async () => {
    const { brand, alice, unit, overtQrId } = await setup();
    const grantId = await earn(brand.domain, alice, unit.unitId);
    await makeSuspect(brand.domain, overtQrId);
    const held = await claim(brand.domain, alice, grantId, 'key-held-0001');
    expect(held.status).toBe(409);
    expect(held.body.errorMessage).toBe('This product is being checked for copies; its cashback can be claimed once the check ends.');
    const db = await getDb();
    const [before] = await db.select().from(payouts).where(and(eq(payouts.clientId, brand.id), eq(payouts.grantId, grantId)));
    expect(before!.status).toBe('NOT_CLAIMED');
    const [flag] = (await op('red-flags', { slug: brand.slug })) as Array<{ id: string }>;
    await op('dismiss-red-flag', { slug: brand.slug, id: flag!.id, note: 'Genuine: the buyer travelled' });
    const paid = await claim(brand.domain, alice, grantId, 'key-held-0002');
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('TRANSFER_PENDING');
  });

  it('holds nothing for a brand without red flags: a hold ends only when its flag is closed, and such a brand has none to close', async () => {
    const { brand, alice, unit, overtQrId } = await setup(undefined, false);
    const grantId = await earn(brand.domain, alice, unit.unitId);
    await makeSuspect(brand.domain, overtQrId);
    const seen = await call(server, brand.domain, 'GET', `/api/verify/info/${overtQrId}`, { headers: await phoneHeaders(brand.domain, newDeviceId()) });
    expect(seen.body.risk.level).toBe('suspect'); // suspect all the same, and told so
    const paid = await claim(brand.domain, alice, grantId, 'key-noflag-0001');
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('TRANSFER_PENDING');
  });

  it('keeps a payout claimed before the flag out of the bank export until the review ends', async () => {
    const { brand, alice, unit, overtQrId } = await setup();
    const grantId = await earn(brand.domain, alice, unit.unitId);
    expect((await claim(brand.domain, alice, grantId, 'key-early-0001')).status).toBe(200);
    await makeSuspect(brand.domain, overtQrId);
    const first = await op('export-payouts', { slug: brand.slug, out: path.join(tmp, `${brand.slug}-1.csv`) });
    expect(first).toMatchObject({ count: 0, held: 1 });
    const [flag] = (await op('red-flags', { slug: brand.slug })) as Array<{ id: string }>;
    await op('resolve-red-flag', { slug: brand.slug, id: flag!.id, note: 'Reviewed: the first buyer is genuine' });
    const second = await op('export-payouts', { slug: brand.slug, out: path.join(tmp, `${brand.slug}-2.csv`) });
    expect(second).toMatchObject({ count: 1, held: 0 });
  });

  it('withholds a coupon\'s code while the unit is flagged, says why, and gives it once the flag is closed', async () => {
    const { brand, alice, unit, overtQrId } = await setup({ name: 'Ten off', type: 'Coupon', couponCode: 'TENOFF-7QX', budget: 100, perCustomer: 5 });
    const grantId = await earn(brand.domain, alice, unit.unitId);
    const list = () => as(server, brand.domain, alice)('GET', '/api/customer/rewards');
    const before = await list();
    expect(before.body.rewards).toEqual([expect.objectContaining({ grantId, type: 'Coupon', couponCode: 'TENOFF-7QX', hold: null })]);
    await makeSuspect(brand.domain, overtQrId);
    const held = await list();
    expect(held.status).toBe(200);
    expect(held.body.rewards).toEqual([
      expect.objectContaining({ grantId, couponCode: null, hold: 'This product is being checked for copies; your coupon code will be shown once the check ends.' }),
    ]);
    expect(held.text).not.toContain('TENOFF-7QX');
    const [flag] = (await op('red-flags', { slug: brand.slug })) as Array<{ id: string }>;
    await op('dismiss-red-flag', { slug: brand.slug, id: flag!.id, note: 'Genuine: the buyer travelled' });
    expect((await list()).body.rewards).toEqual([expect.objectContaining({ grantId, couponCode: 'TENOFF-7QX', hold: null })]);
  });

  it('withholds a coupon earned while the unit is already flagged, in the journey\'s answer too', async () => {
    const { brand, alice, unit, overtQrId } = await setup({ name: 'Ten off', type: 'Coupon', couponCode: 'TENOFF-8QX', budget: 100, perCustomer: 5 });
    await makeSuspect(brand.domain, overtQrId);
    const api = as(server, brand.domain, alice);
    const j = await api('GET', `/api/customer/my-products/${unit.unitId}/journey`);
    const step = await api('POST', `/api/customer/my-products/${unit.unitId}/journey/steps/${j.body.steps[0].stepId}`, { body: {} });
    expect(step.status).toBe(200);
    expect(step.body.grant).toMatchObject({ couponCode: null, hold: expect.stringContaining('your coupon code will be shown once the check ends') });
    expect(step.text).not.toContain('TENOFF-8QX');
  });

  it('tells the customer why a cashback waits in the rewards list', async () => {
    const { brand, alice, unit, overtQrId } = await setup();
    await earn(brand.domain, alice, unit.unitId);
    await makeSuspect(brand.domain, overtQrId);
    const res = await as(server, brand.domain, alice)('GET', '/api/customer/rewards');
    expect(res.body.rewards[0]).toMatchObject({ type: 'Cashback', hold: 'This product is being checked for copies; its cashback can be claimed once the check ends.' });
  });
});

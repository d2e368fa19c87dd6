import { eq } from 'drizzle-orm';
import { ZodError } from 'zod';
import { createTestBrand } from '../support/api-server';
import { createProductWithUnit } from '../support/aftersales';
import { auditOf, payoutIn, payoutStatus } from '../support/console-money';
import { getDb } from '@/lib/db/client';
import { clientDomains, clients, rewards } from '@/lib/db/schema';
import type { ConsoleScope } from '@/lib/console/scope';
import { createReward, getReward, listJourneys, listRewards, setJourney, updateReward, uploadCoupons } from '@/lib/console/rewards';
import { exportPayouts, importBankResults, listPayouts, retryPayout } from '@/lib/console/payouts';
import { addDomain, approveDomain, getSettings, removeDomain, updateSettings } from '@/lib/console/settings';
import { findClientByHost } from '@/lib/brands/find-client';
import { rewardInputSchema } from '@/lib/schemas/console-money';
import { ApiError } from '@/lib/errors';

// The console's rewards, journeys, payouts and settings use cases (lib/console), on the database
// directly: scoped by brand, audited, all-or-nothing. Over HTTP: console-money.test.ts.

async function brandScope(role: 'owner' | 'finance' | 'manager' = 'owner'): Promise<ConsoleScope & { domain: string }> {
  const b = await createTestBrand({ flags: { isLoyalityProgramEnabled: true } });
  return { clientId: b.id, slug: b.slug, domain: b.domain, actor: { kind: 'staff', staffId: `st_${b.slug}`, email: `${role}@${b.domain}`, role } };
}

const reward = (input: Record<string, unknown>) => rewardInputSchema.parse(input);

describe('rewards and coupon pools', () => {
  it('creates, lists with budgets and edits rewards, audited with who and before/after', async () => {
    const scope = await brandScope('finance');
    const cash = await createReward(scope, reward({ name: 'Scan cashback', type: 'Cashback', amount: '25', budget: '1000', perCustomer: 2 }));
    expect(cash).toMatchObject({ type: 'Cashback', amount: 2500, amountText: '₹25.00', budgetTotal: 100_000, budgetUsed: 0, remainingText: '₹1000.00', pool: false, poolLeft: null });
    const db = await getDb();
    await db.update(rewards).set({ budgetUsed: 7500 }).where(eq(rewards.id, cash.rewardId));
    const [listed] = await listRewards(scope);
    expect(listed).toMatchObject({ rewardId: cash.rewardId, budgetUsed: 7500, budgetRemaining: 92_500, usedText: '₹75.00', remainingText: '₹925.00' });

    const edited = await updateReward(scope, cash.rewardId, { name: 'Cashback ₹30', amount: 3000, budget: '500', active: false });
    expect(edited).toMatchObject({ name: 'Cashback ₹30', amount: 3000, budgetTotal: 50_000, active: false });
    const [created, updated] = [...(await auditOf(scope.clientId, 'reward.create')), ...(await auditOf(scope.clientId, 'reward.update'))];
    expect(created).toMatchObject({ actor: `finance@${scope.domain}`, staffId: `st_${scope.slug}`, target: cash.rewardId, after: expect.objectContaining({ budgetTotal: 100_000 }) });
    expect(updated).toMatchObject({ before: expect.objectContaining({ name: 'Scan cashback', amount: 2500, active: true }), after: expect.objectContaining({ name: 'Cashback ₹30', amount: 3000, active: false }) });
  });

  it('refuses a budget below what is used, naming the field, and changes nothing', async () => {
    const scope = await brandScope();
    const cash = await createReward(scope, reward({ name: 'Cashback', type: 'Cashback', amount: 25, budget: 1000 }));
    const db = await getDb();
    await db.update(rewards).set({ budgetUsed: 50_000 }).where(eq(rewards.id, cash.rewardId));
    await expect(updateReward(scope, cash.rewardId, { budget: '400' })).rejects.toMatchObject({ code: 'unprocessable', field: 'budget', message: expect.stringMatching(/at least what is already used \(₹500\.00\)/) });
    await expect(updateReward(scope, cash.rewardId, { budget: 'lots' })).rejects.toMatchObject({ field: 'budget' });
    expect((await getReward(scope, cash.rewardId)).budgetTotal).toBe(100_000);
    expect(await auditOf(scope.clientId, 'reward.update')).toHaveLength(0);
    expect(() => reward({ name: 'X', type: 'Cashback', budget: 100 })).toThrow(ZodError);
    expect(rewardInputSchema.safeParse({ name: 'X', type: 'Coupon', budget: 5 }).error?.issues[0]?.path).toEqual(['budget']);
  });

  it('fills a coupon pool from an uploaded list: counts what is left, skips repeats, refuses a bad list whole', async () => {
    const scope = await brandScope('manager');
    const pool = await createReward(scope, reward({ name: 'Ten off', type: 'Coupon' }));
    expect(pool).toMatchObject({ pool: true, poolLeft: 0, budgetTotal: 0 });
    expect(await uploadCoupons(scope, pool.rewardId, 'code\nTEN-0001\nTEN-0002\nTEN-0003\n')).toMatchObject({ added: 3, skippedDuplicates: 0, left: 3 });
    expect(await uploadCoupons(scope, pool.rewardId, 'TEN-0003\r\nTEN-0004\r\n')).toMatchObject({ added: 1, skippedDuplicates: 1, left: 4 });
    await expect(uploadCoupons(scope, pool.rewardId, 'TEN-0005\nnot a code!\n')).rejects.toMatchObject({ field: 'file', message: expect.stringMatching(/Nothing uploaded; line 2/) });
    expect(await getReward(scope, pool.rewardId)).toMatchObject({ poolLeft: 4, budgetTotal: 4, remainingText: '4 coupons' });
    const shared = await createReward(scope, reward({ name: 'Shared', type: 'Coupon', couponCode: 'SAVE10', budget: 50 }));
    await expect(uploadCoupons(scope, shared.rewardId, 'A-001\n')).rejects.toMatchObject({ field: 'reward' });
    expect((await auditOf(scope.clientId, 'reward.coupons.upload')).map((a) => a.after)).toEqual([
      { added: 3, skippedDuplicates: 0, left: 3 },
      { added: 1, skippedDuplicates: 1, left: 4 },
    ]);
  });

  it('never reads or changes another brand\'s reward', async () => {
    const mine = await brandScope();
    const theirs = await brandScope();
    const r = await createReward(theirs, reward({ name: 'Theirs', type: 'Coupon' }));
    await expect(getReward(mine, r.rewardId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(updateReward(mine, r.rewardId, { active: false })).rejects.toMatchObject({ code: 'not_found' });
    await expect(uploadCoupons(mine, r.rewardId, 'ABC-1\n')).rejects.toMatchObject({ code: 'not_found' });
    expect(await listRewards(mine)).toEqual([]);
    expect((await getReward(theirs, r.rewardId)).active).toBe(true);
  });
});

describe('journeys', () => {
  it('sets a product\'s steps, lists them, audits before/after, and refuses another brand\'s product or reward', async () => {
    const scope = await brandScope();
    const other = await brandScope();
    const { productId } = await createProductWithUnit(scope.clientId, { name: 'Kettle' });
    const { productId: theirProduct } = await createProductWithUnit(other.clientId);
    const theirReward = await createReward(other, reward({ name: 'Theirs', type: 'Coupon' }));
    const r = await createReward(scope, reward({ name: 'Cashback', type: 'Cashback', amount: 10, budget: 100 }));
    const steps = [
      { type: 'INFO' as const, title: 'Thanks', config: { body: 'Genuine.' } },
      { type: 'REWARD' as const, title: 'Your cashback', config: { rewardId: r.rewardId } },
    ];
    await setJourney(scope, productId, { steps });
    await setJourney(scope, productId, { steps: steps.slice(1) });
    expect(await listJourneys(scope)).toEqual([{ productId, productName: 'Kettle', journeyId: expect.any(String), steps: steps.slice(1) }]);
    const audits = await auditOf(scope.clientId, 'journey.set');
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [null, { steps }],
      [{ steps }, { steps: steps.slice(1) }],
    ]);
    await expect(setJourney(scope, theirProduct, { steps })).rejects.toMatchObject({ code: 'not_found' });
    await expect(setJourney(scope, productId, { steps: [{ type: 'REWARD', title: 'R', config: { rewardId: theirReward.rewardId } }] })).rejects.toMatchObject({ field: 'config.steps' });
    expect((await listJourneys(scope))[0]!.steps).toEqual(steps.slice(1));
  });
});

describe('payouts', () => {
  it('lists by status with counts, exports the bank file, imports results and retries a failure, each audited', async () => {
    const scope = await brandScope('finance');
    const a = await payoutIn(scope.clientId, 'TRANSFER_PENDING', { userName: 'Asha' });
    const b = await payoutIn(scope.clientId, 'TRANSFER_PENDING', { userName: 'Ravi', vpa: 'ravi@okbank' });
    await payoutIn(scope.clientId, 'NOT_CLAIMED');
    const listed = await listPayouts(scope, { status: 'TRANSFER_PENDING' });
    expect(listed.payouts.map((p) => p.reference).sort()).toEqual([a.reference, b.reference].sort());
    expect(listed.counts).toMatchObject({ TRANSFER_PENDING: 2, NOT_CLAIMED: 1, PENDING_AT_BANK: 0 });
    expect(listed.payouts[0]).toMatchObject({ amountText: '₹25.00', rewardName: 'Scan cashback', held: false });

    const exported = await exportPayouts(scope);
    expect(exported).toMatchObject({ count: 2, total: '50.00', held: 0 });
    expect(exported.fileName).toMatch(new RegExp(`^payouts-${scope.slug}-.+\\.csv$`));
    const lines = exported.csv.trim().split('\r\n');
    expect(lines[0]).toBe('reference,vpa,amount,name');
    expect(lines.slice(1).sort()).toEqual([`${a.reference},asha@okbank,25.00,Asha`, `${b.reference},ravi@okbank,25.00,Ravi`].sort());
    expect(await payoutStatus(scope.clientId, a.reference)).toBe('PENDING_AT_BANK');
    expect((await exportPayouts(scope)).count).toBe(0);

    const header = 'reference,status,bank_ref,reason\n';
    await expect(importBankResults(scope, `${header}${a.reference},SUCCESS,UTR1,\nPO00000000000000,SUCCESS,UTR2,\n`)).rejects.toMatchObject({
      code: 'unprocessable',
      message: expect.stringMatching(/Nothing imported; 1 problem: line 3: unknown reference/),
    });
    expect(await payoutStatus(scope.clientId, a.reference)).toBe('PENDING_AT_BANK');
    expect(await importBankResults(scope, `${header}${a.reference},SUCCESS,UTR1,\n${b.reference},FAILED,,Account closed\n`)).toEqual({ completed: 1, failed: 1, unchanged: 0 });
    expect(await payoutStatus(scope.clientId, b.reference)).toBe('TRANSFER_FAILED');

    await expect(retryPayout(scope, a.reference)).rejects.toMatchObject({ code: 'conflict' });
    expect(await retryPayout(scope, b.reference)).toMatchObject({ status: 'TRANSFER_PENDING', attempts: 2, vpa: 'ravi@okbank' });
    const [exp] = await auditOf(scope.clientId, 'payouts.export');
    expect(exp).toMatchObject({ actor: `finance@${scope.domain}`, after: expect.objectContaining({ count: 2, total: '50.00' }) });
    expect((await auditOf(scope.clientId, 'payouts.import'))[0]!.after).toMatchObject({ completed: 1, failed: 1 });
    expect((await auditOf(scope.clientId, 'payout.retry'))[0]).toMatchObject({ target: b.reference, before: expect.objectContaining({ status: 'TRANSFER_FAILED' }), after: expect.objectContaining({ status: 'TRANSFER_PENDING' }) });
  });

  it('never lists, exports, imports or retries another brand\'s payouts', async () => {
    const mine = await brandScope();
    const theirs = await brandScope();
    const failed = await payoutIn(theirs.clientId, 'TRANSFER_FAILED');
    const pending = await payoutIn(theirs.clientId, 'TRANSFER_PENDING');
    expect((await listPayouts(mine)).payouts).toEqual([]);
    expect((await exportPayouts(mine)).count).toBe(0);
    await expect(importBankResults(mine, `reference,status,bank_ref,reason\n${pending.reference},SUCCESS,UTR9,\n`)).rejects.toMatchObject({ message: expect.stringMatching(/unknown reference/) });
    await expect(retryPayout(mine, failed.reference)).rejects.toMatchObject({ code: 'not_found' });
    expect(await payoutStatus(theirs.clientId, pending.reference)).toBe('TRANSFER_PENDING');
    expect(await payoutStatus(theirs.clientId, failed.reference)).toBe('TRANSFER_FAILED');
  });
});

describe('brand settings', () => {
  it('applies a change with before/after in the audit log and drops the brand caches', async () => {
    const scope = await brandScope('manager');
    expect((await findClientByHost(scope.domain))?.config.ui.primaryColor).toBe('#1f4fd8');
    const s = await updateSettings(scope, { ui: { primaryColor: '#aa3300' }, complaintConfig: { priorities: ['P1', 'P2'] } });
    expect(s.config.ui.primaryColor).toBe('#aa3300');
    expect(s.config.ui.secondaryColor).toBe('#0d9488');
    expect((await findClientByHost(scope.domain))?.config.ui.primaryColor).toBe('#aa3300');
    const [entry] = await auditOf(scope.clientId, 'settings.update');
    expect(entry).toMatchObject({ actor: `manager@${scope.domain}`, target: 'ui, complaintConfig' });
    expect((entry!.before as { config: { ui: { primaryColor: string } } }).config.ui.primaryColor).toBe('#1f4fd8');
    expect((entry!.after as { config: { ui: { primaryColor: string } } }).config.ui.primaryColor).toBe('#aa3300');
  });

  it('refuses an invalid change naming the field and leaves the stored config unchanged', async () => {
    const scope = await brandScope();
    const before = await getSettings(scope);
    for (const [patch, path] of [
      [{ ui: { primaryColor: 'red' } }, ['ui', 'primaryColor']],
      [{ ui: { isEmbeddingRequired: true } }, ['ui', 'embeddingURL']],
      [{ flags: { noSuchFlag: true } }, ['flags']],
    ] as const) {
      const err = await updateSettings(scope, patch as never).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ZodError);
      expect((err as ZodError).issues[0]!.path).toEqual(path);
    }
    const db = await getDb();
    const [row] = await db.select().from(clients).where(eq(clients.id, scope.clientId));
    expect(row!.config).toEqual(before.config);
    expect(await auditOf(scope.clientId, 'settings.update')).toHaveLength(0);
  });

  it('adds and removes domains, keeping the last one and refusing another brand\'s', async () => {
    const scope = await brandScope();
    const other = await brandScope();
    const extra = `${scope.slug}-shop.localhost`;
    expect((await addDomain(scope, ` ${extra.toUpperCase()}. `)).pendingDomains).toEqual([extra]);
    expect(await findClientByHost(extra)).toBeUndefined();
    expect((await approveDomain(scope, extra)).domains).toEqual([scope.domain, extra].sort());
    expect(await findClientByHost(extra)).toMatchObject({ id: scope.clientId });
    await expect(addDomain(scope, other.domain)).rejects.toMatchObject({ code: 'unprocessable', field: 'domain' });
    await expect(addDomain(scope, 'https://x.example.com/')).rejects.toBeInstanceOf(ZodError);
    await expect(removeDomain(scope, other.domain)).rejects.toMatchObject({ code: 'not_found' });
    expect((await removeDomain(scope, extra)).domains).toEqual([scope.domain]);
    expect(await findClientByHost(extra)).toBeUndefined();
    await expect(removeDomain(scope, scope.domain)).rejects.toBeInstanceOf(ApiError);
    const db = await getDb();
    expect(await db.select().from(clientDomains).where(eq(clientDomains.clientId, other.clientId))).toHaveLength(1);
    expect((await auditOf(scope.clientId, 'settings.domain.add')).map((a) => a.target)).toEqual([extra]);
    expect((await auditOf(scope.clientId, 'settings.domain.approve')).map((a) => a.target)).toEqual([extra]);
    expect((await auditOf(scope.clientId, 'settings.domain.remove')).map((a) => a.target)).toEqual([extra]);
  });
});

import { eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { signedInStaff } from '../support/console';
import { createProductWithUnit } from '../support/aftersales';
import { auditOf, payoutIn, payoutStatus } from '../support/console-money';
import { getDb } from '@/lib/db/client';
import { clients, rewards } from '@/lib/db/schema';
import type { StaffRole } from '@/lib/domain/staff-roles';

// The console's Rewards, Payouts and Brand settings endpoints over HTTP on the console host:
// who may read and change each, bad input answered 4xx with the field, another brand 404, and
// a settings change seen by the customer app's clone-info at once. The use cases themselves:
// console-money-cases.test.ts.

jest.setTimeout(60_000);
const server = apiServerForFile();

const base = (slug: string) => `/api/console/brands/${slug}`;

async function brandWith(role: StaffRole) {
  const brand = await createTestBrand({ flags: { isLoyalityProgramEnabled: true } });
  const staff = await signedInStaff(server, { clientId: brand.id, role });
  return { brand, staff };
}

describe('rewards and journeys', () => {
  it('lets finance create, list and edit a reward, with budgets, and audits it as them', async () => {
    const { brand, staff } = await brandWith('finance');
    const created = await staff.fetch(`${base(brand.slug)}/rewards`, { method: 'POST', body: { name: 'Scan cashback', type: 'Cashback', amount: '25', budget: '1000', perCustomer: 2 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Scan cashback', amount: 2500, budgetText: '₹1000.00', remainingText: '₹1000.00', perCustomer: 2, active: true });
    const db = await getDb();
    await db.update(rewards).set({ budgetUsed: 5000 }).where(eq(rewards.id, created.body.rewardId));
    const list = await staff.fetch(`${base(brand.slug)}/rewards`);
    expect(list.status).toBe(200);
    expect(list.body.rewards).toEqual([expect.objectContaining({ rewardId: created.body.rewardId, usedText: '₹50.00', remainingText: '₹950.00' })]);
    const edited = await staff.fetch(`${base(brand.slug)}/rewards/${created.body.rewardId}`, { method: 'PATCH', body: { active: false, budget: 600 } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ active: false, budgetTotal: 60_000 });
    expect((await auditOf(brand.id, 'reward.update'))[0]).toMatchObject({ actor: staff.email, staffId: staff.staffId });
  });

  it('answers bad reward input with 422 and the field, creating nothing', async () => {
    const { brand, staff } = await brandWith('manager');
    for (const [body, field] of [
      [{ name: 'X', type: 'Cashback', amount: '25.555', budget: 100 }, 'amount'],
      [{ name: 'X', type: 'Cashback', amount: 25 }, 'budget'],
      [{ name: 'X', type: 'Cashback', amount: 25, budget: 10 }, 'budget'],
      [{ name: '', type: 'Coupon' }, 'name'],
      [{ name: 'X', type: 'Voucher' }, 'type'],
      [{ name: 'X', type: 'Coupon', couponCode: 'no spaces allowed', budget: 5 }, 'couponCode'],
      [{ name: 'X', type: 'Coupon', surprise: true }, 'surprise'],
    ] as const) {
      const res = await staff.fetch(`${base(brand.slug)}/rewards`, { method: 'POST', body });
      expect([res.status, res.body.field]).toEqual([422, field]);
      expect(res.body.errorMessage).toEqual(expect.any(String));
    }
    expect((await staff.fetch(`${base(brand.slug)}/rewards`)).body.rewards).toEqual([]);
  });

  it('fills a coupon pool from uploaded text and sets a journey; a bad list and another brand\'s reward are refused', async () => {
    const { brand, staff } = await brandWith('owner');
    const pool = (await staff.fetch(`${base(brand.slug)}/rewards`, { method: 'POST', body: { name: 'Ten off', type: 'Coupon' } })).body;
    const up = await staff.fetch(`${base(brand.slug)}/rewards/${pool.rewardId}/coupons`, { method: 'POST', body: { text: 'code\nTEN-001\nTEN-002\n' } });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ rewardId: pool.rewardId, added: 2, skippedDuplicates: 0, left: 2 });
    const bad = await staff.fetch(`${base(brand.slug)}/rewards/${pool.rewardId}/coupons`, { method: 'POST', body: { text: 'TEN-003\n!!\n' } });
    expect([bad.status, bad.body.field]).toEqual([422, 'file']);
    expect((await staff.fetch(`${base(brand.slug)}/rewards/${pool.rewardId}/coupons`, { method: 'POST', body: { text: '' } })).body.field).toBe('text');

    const { productId } = await createProductWithUnit(brand.id, { name: 'Kettle' });
    const steps = [{ type: 'REWARD', title: 'Your coupon', config: { rewardId: pool.rewardId } }];
    const set = await staff.fetch(`${base(brand.slug)}/journeys/${productId}`, { method: 'PUT', body: { steps } });
    expect(set.status).toBe(200);
    expect((await staff.fetch(`${base(brand.slug)}/journeys`)).body.journeys).toEqual([expect.objectContaining({ productId, productName: 'Kettle', steps })]);
    expect((await staff.fetch(`${base(brand.slug)}/journeys/${productId}`, { method: 'PUT', body: { steps: [] } })).status).toBe(422);

    const other = await createTestBrand();
    const theirs = await signedInStaff(server, { clientId: other.id, role: 'owner' });
    const theirPool = (await theirs.fetch(`${base(other.slug)}/rewards`, { method: 'POST', body: { name: 'Theirs', type: 'Coupon' } })).body;
    expect((await staff.fetch(`${base(brand.slug)}/rewards/${theirPool.rewardId}`, { method: 'PATCH', body: { active: false } })).status).toBe(404);
    expect((await staff.fetch(`${base(brand.slug)}/rewards/${theirPool.rewardId}/coupons`, { method: 'POST', body: { text: 'ABC-1\n' } })).status).toBe(404);
    expect((await staff.fetch(`${base(other.slug)}/rewards`)).status).toBe(404);
  });

  it('lets the analyst read but not change, and support not even read', async () => {
    const { brand, staff: analyst } = await brandWith('analyst');
    expect((await analyst.fetch(`${base(brand.slug)}/rewards`)).status).toBe(200);
    expect((await analyst.fetch(`${base(brand.slug)}/journeys`)).status).toBe(200);
    expect((await analyst.fetch(`${base(brand.slug)}/rewards`, { method: 'POST', body: { name: 'X', type: 'Coupon' } })).status).toBe(403);
    const support = await signedInStaff(server, { clientId: brand.id, role: 'support' });
    expect((await support.fetch(`${base(brand.slug)}/rewards`)).status).toBe(403);
  });
});

describe('payouts', () => {
  it('lists by status, exports the bank file, imports results and retries a failure', async () => {
    const { brand, staff } = await brandWith('finance');
    const a = await payoutIn(brand.id, 'TRANSFER_PENDING', { userName: 'Asha' });
    const b = await payoutIn(brand.id, 'TRANSFER_PENDING', { userName: 'Ravi', vpa: 'ravi@okbank' });
    const waiting = await staff.fetch(`${base(brand.slug)}/payouts?status=TRANSFER_PENDING`);
    expect(waiting.status).toBe(200);
    expect(waiting.body.counts.TRANSFER_PENDING).toBe(2);
    expect(waiting.body.payouts.map((p: { reference: string }) => p.reference).sort()).toEqual([a.reference, b.reference].sort());
    expect((await staff.fetch(`${base(brand.slug)}/payouts?status=PAID`)).body.field).toBe('status');

    const exp = await staff.fetch(`${base(brand.slug)}/payouts/export`, { method: 'POST' });
    expect(exp.status).toBe(200);
    expect(exp.body).toMatchObject({ count: 2, total: '50.00', held: 0 });
    expect(exp.body.csv).toContain(`${b.reference},ravi@okbank,25.00,Ravi`);
    expect(await payoutStatus(brand.id, a.reference)).toBe('PENDING_AT_BANK');

    const imp = (text: string) => staff.fetch(`${base(brand.slug)}/payouts/import`, { method: 'POST', body: { text } });
    const bad = await imp(`reference,status,bank_ref,reason\n${a.reference},SUCCESS,,\n`);
    expect([bad.status, bad.body.field]).toEqual([422, 'file']);
    expect(bad.body.errorMessage).toMatch(/^Nothing imported; 1 problem: line 2: bank_ref is required/);
    expect((await imp('')).status).toBe(422);
    const good = await imp(`reference,status,bank_ref,reason\n${a.reference},SUCCESS,UTR1,\n${b.reference},FAILED,,Account closed\n`);
    expect([good.status, good.body]).toEqual([200, { completed: 1, failed: 1, unchanged: 0 }]);

    expect((await staff.fetch(`${base(brand.slug)}/payouts/${a.reference}/retry`, { method: 'POST' })).status).toBe(409);
    expect((await staff.fetch(`${base(brand.slug)}/payouts/not-a-ref/retry`, { method: 'POST' })).body.field).toBe('reference');
    const retry = await staff.fetch(`${base(brand.slug)}/payouts/${b.reference}/retry`, { method: 'POST' });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ reference: b.reference, status: 'TRANSFER_PENDING', attempts: 2 });
    expect((await auditOf(brand.id, 'payout.retry'))[0]).toMatchObject({ actor: staff.email, target: b.reference });
  });

  it('accepts a result file larger than the usual JSON limit', async () => {
    const { brand, staff } = await brandWith('owner');
    const padding = `${'x'.repeat(100)}\n`.repeat(1500);
    const res = await staff.fetch(`${base(brand.slug)}/payouts/import`, { method: 'POST', body: { text: `${padding}` } });
    expect(res.status).toBe(422); // read and parsed (not a 413): the header line is wrong
    expect(res.body.errorMessage).toMatch(/the first line must be the header/);
  });

  it('keeps payouts from the manager and the analyst\'s hands, and from another brand', async () => {
    const { brand, staff: analyst } = await brandWith('analyst');
    const failed = await payoutIn(brand.id, 'TRANSFER_FAILED');
    expect((await analyst.fetch(`${base(brand.slug)}/payouts`)).status).toBe(200);
    expect((await analyst.fetch(`${base(brand.slug)}/payouts/export`, { method: 'POST' })).status).toBe(403);
    expect((await analyst.fetch(`${base(brand.slug)}/payouts/${failed.reference}/retry`, { method: 'POST' })).status).toBe(403);
    const manager = await signedInStaff(server, { clientId: brand.id, role: 'manager' });
    expect((await manager.fetch(`${base(brand.slug)}/payouts`)).status).toBe(403);
    const other = await brandWith('finance');
    expect((await other.staff.fetch(`${base(brand.slug)}/payouts`)).status).toBe(404);
    expect((await other.staff.fetch(`${base(other.brand.slug)}/payouts/${failed.reference}/retry`, { method: 'POST' })).status).toBe(404);
    expect(await payoutStatus(brand.id, failed.reference)).toBe('TRANSFER_FAILED');
  });
});

describe('brand settings', () => {
  it('applies a change the customer app sees right after, audited with before and after', async () => {
    const { brand, staff } = await brandWith('manager');
    const cloneInfo = async () => (await call(server, brand.domain, 'GET', '/api/client/clone-info')).body;
    expect((await cloneInfo()).uiDesignCriteria.themeColor.primaryColor).toBe('#1f4fd8');
    const res = await staff.fetch(`${base(brand.slug)}/settings`, { method: 'PATCH', body: { ui: { primaryColor: '#b91c1c' }, flags: { isWarrantyEnabled: true }, footer: { text: 'Made in Pune' } } });
    expect(res.status).toBe(200);
    expect(res.body.config.ui.primaryColor).toBe('#b91c1c');
    const info = await cloneInfo();
    expect(info.uiDesignCriteria.themeColor.primaryColor).toBe('#b91c1c');
    expect(info.uiDesignCriteria.themeColor.color).toBe('#ffffff');
    expect(info.isWarrantyEnabled).toBe(true);
    expect(info.footer.text).toBe('Made in Pune');
    const [entry] = await auditOf(brand.id, 'settings.update');
    expect(entry).toMatchObject({ actor: staff.email });
    expect(entry!.before).toMatchObject({ config: { ui: expect.objectContaining({ primaryColor: '#1f4fd8' }) } });
    expect(entry!.after).toMatchObject({ config: { ui: expect.objectContaining({ primaryColor: '#b91c1c' }) } });
  });

  it('shows in the audit log what a settings change changed, field by field, not the whole configuration twice', async () => {
    const { brand, staff } = await brandWith('owner');
    expect((await staff.fetch(`${base(brand.slug)}/settings`, { method: 'PATCH', body: { ui: { primaryColor: '#b91c1c' } } })).status).toBe(200);
    const log = await staff.fetch(`${base(brand.slug)}/audit?action=settings.update`);
    expect(log.status).toBe(200);
    expect(log.body.entries).toHaveLength(1);
    expect(log.body.entries[0].changes).toEqual([{ field: 'config.ui.primaryColor', before: '"#1f4fd8"', after: '"#b91c1c"' }]);
  });

  it('answers an invalid change with 422 naming the field and leaves the stored config unchanged', async () => {
    const { brand, staff } = await brandWith('owner');
    const db = await getDb();
    const stored = async () => (await db.select().from(clients).where(eq(clients.id, brand.id)))[0]!.config;
    const before = await stored();
    for (const [body, field] of [
      [{ ui: { primaryColor: 'red' } }, 'ui.primaryColor'],
      [{ ui: { gradientAngle: 400 } }, 'ui.gradientAngle'],
      [{ ui: { isEmbeddingRequired: true } }, 'ui.embeddingURL'],
      [{ ui: { isEmbeddingRequired: true, embeddingURL: 'http://shop.example.com' } }, 'ui.embeddingURL'],
      [{ complaintConfig: { priorities: [] } }, 'complaintConfig.priorities'],
      [{ flags: { isMagicEnabled: true } }, 'isMagicEnabled'],
    ] as const) {
      const res = await staff.fetch(`${base(brand.slug)}/settings`, { method: 'PATCH', body });
      expect([res.status, res.body.field]).toEqual([422, field]);
    }
    expect((await staff.fetch(`${base(brand.slug)}/settings`, { method: 'PATCH', body: { ui: { primaryColor: 'red' } } })).body.errorMessage).toBe('ui.primaryColor: must be a colour like #1a2b3c');
    expect(await stored()).toEqual(before);
    expect(await auditOf(brand.id, 'settings.update')).toHaveLength(0);
  });

  it('adds a pending domain and removes it; the last serving one stays', async () => {
    const { brand, staff } = await brandWith('owner');
    const extra = `${brand.slug}-shop.localhost`;
    const added = await staff.fetch(`${base(brand.slug)}/settings/domains`, { method: 'POST', body: { domain: extra } });
    expect(added.status).toBe(201);
    expect([added.body.domains, added.body.pendingDomains]).toEqual([[brand.domain], [extra]]);
    expect((await staff.fetch(`${base(brand.slug)}/settings/domains`, { method: 'POST', body: { domain: 'https://x.example.com/' } })).body.field).toBe('domain');
    expect((await staff.fetch(`${base(brand.slug)}/settings/domains`, { method: 'POST', body: { domain: extra } })).status).toBe(409);
    expect((await staff.fetch(`${base(brand.slug)}/settings/domains/remove`, { method: 'POST', body: { domain: extra } })).body.pendingDomains).toEqual([]);
    const last = await staff.fetch(`${base(brand.slug)}/settings/domains/remove`, { method: 'POST', body: { domain: brand.domain } });
    expect([last.status, last.body.field]).toEqual([409, 'domain']);
  });

  it('lets the analyst read the settings but not change them; support and another brand get nothing', async () => {
    const { brand, staff: analyst } = await brandWith('analyst');
    const read = await analyst.fetch(`${base(brand.slug)}/settings`);
    expect(read.status).toBe(200);
    expect(read.body.domains).toEqual([brand.domain]);
    const res = await analyst.fetch(`${base(brand.slug)}/settings`, { method: 'PATCH', body: { ui: { primaryColor: '#000000' } } });
    expect(res.status).toBe(403);
    expect((await analyst.fetch(`${base(brand.slug)}/settings/domains`, { method: 'POST', body: { domain: 'x.localhost' } })).status).toBe(403);
    const support = await signedInStaff(server, { clientId: brand.id, role: 'support' });
    expect((await support.fetch(`${base(brand.slug)}/settings`)).status).toBe(403);
    const other = await brandWith('owner');
    expect((await other.staff.fetch(`${base(brand.slug)}/settings`, { method: 'PATCH', body: { ui: { primaryColor: '#000000' } } })).status).toBe(404);
    const db = await getDb();
    const [row] = await db.select().from(clients).where(eq(clients.id, brand.id));
    expect((row!.config as { ui?: { primaryColor?: string } }).ui?.primaryColor ?? '#1f4fd8').toBe('#1f4fd8');
  });
});

import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { auditLog, payouts, rewardGrants, rewards } from '@/lib/db/schema';
import type { PayoutStatus } from '@/lib/domain/payouts';
import { randomId } from '@/lib/ids';
import { newPayoutReference } from '@/lib/payouts/reference';
import { claimedUnit, signedInCustomer } from './aftersales';

// Helpers of the console's rewards and payouts tests: a payout in a chosen status, written
// straight to the database (the customer's way there, journey and claim, is tested on its own in
// tests/api/aftersales-rewards.test.ts), and the brand's audit entries.

/** A ₹25 cashback payout of a new customer and unit of the brand, in `status`. */
export async function payoutIn(clientId: string, status: PayoutStatus, opts: { userName?: string; vpa?: string; failureReason?: string } = {}) {
  const db = await getDb();
  const who = await signedInCustomer(clientId, { userName: opts.userName ?? 'Asha', vpa: opts.vpa ?? 'asha@okbank' });
  const unit = await claimedUnit(clientId, who.customerId);
  const rewardId = randomId('rw', 16);
  await db.insert(rewards).values({ id: rewardId, clientId, name: 'Scan cashback', type: 'Cashback', amount: 2500, budgetTotal: 100_000, budgetUsed: 2500 });
  const grantId = randomId('rg', 16);
  await db.insert(rewardGrants).values({ id: grantId, clientId, customerId: who.customerId, rewardId, unitId: unit.unitId, productId: unit.productId });
  const reference = newPayoutReference();
  const claimed = status !== 'DEFAULT' && status !== 'NOT_CLAIMED';
  await db.insert(payouts).values({
    id: randomId('po', 16),
    clientId,
    customerId: who.customerId,
    grantId,
    amount: 2500,
    vpa: claimed ? (opts.vpa ?? 'asha@okbank') : null,
    status,
    reference,
    attempts: claimed ? 1 : 0,
    claimedAt: claimed ? new Date() : null,
    failureReason: status === 'TRANSFER_FAILED' ? (opts.failureReason ?? 'Invalid VPA') : null,
  });
  return { reference, grantId, customerId: who.customerId, unit };
}

export async function payoutStatus(clientId: string, reference: string) {
  const db = await getDb();
  const [row] = await db.select().from(payouts).where(and(eq(payouts.clientId, clientId), eq(payouts.reference, reference)));
  return row?.status;
}

/** The brand's audit entries with this action, oldest first. */
export async function auditOf(clientId: string, action: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(and(eq(auditLog.clientId, clientId), eq(auditLog.action, action))).orderBy(auditLog.at);
}

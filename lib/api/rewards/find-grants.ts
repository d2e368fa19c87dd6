import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { payouts, products, redFlags, rewardGrants, rewards } from '@/lib/db/schema';
import { rupees } from '@/lib/domain/payouts';
import type { Payout, RewardGrant } from '@/lib/schemas/rewards';
import type { DbOrTx } from '../aftersales/db';
import { COUPON_UNDER_REVIEW_MESSAGE, UNDER_REVIEW_MESSAGE } from '../verify/red-flag';

// The customer's earned rewards and payouts, reshaped for answers (no other customer's ids,
// no idempotency keys, no bank references). A reward of a unit the brand is checking for copies
// (an open red flag, docs/verification.md) is held: a coupon's code is not given until the check
// ends, and the answer says so (hold); a cashback's claim waits too (claim-reward.ts).

export const amountText = (paise: number) => `₹${rupees(paise)}`;

type PayoutRow = typeof payouts.$inferSelect;

export function shapePayout(p: PayoutRow, rewardName: string): Payout {
  return {
    payoutId: p.id,
    grantId: p.grantId,
    rewardName,
    reference: p.reference,
    amount: p.amount,
    amountText: amountText(p.amount),
    status: p.status,
    vpa: p.vpa,
    failureReason: p.status === 'TRANSFER_FAILED' ? p.failureReason : null,
    bankRef: p.status === 'TRANSFER_COMPLETED' ? p.bankRef : null,
    createdAt: p.createdAt.toISOString(),
    claimedAt: p.claimedAt?.toISOString() ?? null,
    settledAt: p.settledAt?.toISOString() ?? null,
  };
}

export async function findGrants(db: DbOrTx, clientId: string, customerId: string, grantId?: string): Promise<RewardGrant[]> {
  const rows = await db
    .select({ g: rewardGrants, r: rewards, productName: products.name, p: payouts, flagId: redFlags.id })
    .from(rewardGrants)
    .innerJoin(rewards, and(eq(rewards.id, rewardGrants.rewardId), eq(rewards.clientId, clientId)))
    .innerJoin(products, and(eq(products.id, rewardGrants.productId), eq(products.clientId, clientId)))
    .leftJoin(payouts, and(eq(payouts.grantId, rewardGrants.id), eq(payouts.clientId, clientId), eq(payouts.customerId, customerId)))
    // at most one open flag per unit (a partial unique index): no row is repeated
    .leftJoin(redFlags, and(eq(redFlags.clientId, clientId), eq(redFlags.unitKey, rewardGrants.unitId), eq(redFlags.status, 'open')))
    .where(and(eq(rewardGrants.clientId, clientId), eq(rewardGrants.customerId, customerId), grantId === undefined ? undefined : eq(rewardGrants.id, grantId)))
    .orderBy(desc(rewardGrants.createdAt));
  return rows.map(({ g, r, productName, p, flagId }) => ({
    grantId: g.id,
    rewardId: r.id,
    name: r.name,
    description: r.description,
    type: r.type,
    amount: r.amount,
    amountText: r.amount === null ? null : amountText(r.amount),
    couponCode: flagId ? null : g.couponCode,
    unitId: g.unitId,
    productName,
    earnedAt: g.createdAt.toISOString(),
    payout: p ? shapePayout(p, r.name) : null,
    hold: flagId ? (r.type === 'Coupon' ? COUPON_UNDER_REVIEW_MESSAGE : UNDER_REVIEW_MESSAGE) : null,
  }));
}

/** GET /api/customer/transactions — the customer's payouts, newest first. */
export async function listTransactions(db: DbOrTx, clientId: string, customerId: string): Promise<Payout[]> {
  const rows = await db
    .select({ p: payouts, rewardName: rewards.name })
    .from(payouts)
    .innerJoin(rewardGrants, and(eq(rewardGrants.id, payouts.grantId), eq(rewardGrants.clientId, clientId)))
    .innerJoin(rewards, and(eq(rewards.id, rewardGrants.rewardId), eq(rewards.clientId, clientId)))
    .where(and(eq(payouts.clientId, clientId), eq(payouts.customerId, customerId)))
    .orderBy(desc(payouts.createdAt));
  return rows.map(({ p, rewardName }) => shapePayout(p, rewardName));
}

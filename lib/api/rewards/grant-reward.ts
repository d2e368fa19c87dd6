import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { couponPool, payouts, products, rewardGrants, rewards } from '@/lib/db/schema';
import { rupees } from '@/lib/domain/payouts';
import { enqueueCustomerMessage } from '@/lib/messaging/queue';
import { randomId } from '@/lib/ids';
import { newPayoutReference } from '@/lib/payouts/reference';
import { ApiError } from '@/lib/errors';
import type { DbOrTx } from '../aftersales/db';
import { transitionPayout } from '@/lib/payouts/transition-payout';

// A REWARD step grants its reward for the unit, inside the step's transaction:
// 1. reserve the cost from the budget by a conditional update (this also locks the reward row,
//    so concurrent grants of one reward queue here and the per-customer count below is exact);
// 2. check the per-customer limit; 3. insert the grant — unique (reward_id, unit_id), so a unit
//    earns a reward at most once; 4. a Coupon takes the shared code or the next free pool code
//    (skip locked); a Cashback gets its payout, created DEFAULT and moved to NOT_CLAIMED.
// Any refusal throws, rolling back the whole step.

export async function grantReward(
  tx: DbOrTx,
  input: { clientId: string; customerId: string; rewardId: string; unitId: string; productId: string; runId: string | null },
) {
  const { clientId, customerId, rewardId, unitId } = input;
  const [reward] = await tx.select().from(rewards).where(and(eq(rewards.id, rewardId), eq(rewards.clientId, clientId)));
  if (!reward || !reward.active) throw new ApiError('conflict', 'This reward is no longer available');
  const cost = reward.type === 'Cashback' ? reward.amount! : 1;
  const reserved = await tx
    .update(rewards)
    .set({ budgetUsed: sql`${rewards.budgetUsed} + ${cost}` })
    .where(and(eq(rewards.id, rewardId), eq(rewards.clientId, clientId), eq(rewards.active, true), sql`${rewards.budgetUsed} + ${cost} <= ${rewards.budgetTotal}`))
    .returning({ id: rewards.id });
  if (!reserved.length) throw new ApiError('conflict', 'This reward has run out');
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(rewardGrants)
    .where(and(eq(rewardGrants.clientId, clientId), eq(rewardGrants.customerId, customerId), eq(rewardGrants.rewardId, rewardId)));
  if (Number(n) >= reward.perCustomerLimit) throw new ApiError('conflict', 'You have already received this reward as many times as it allows');
  const grantId = randomId('gr', 16);
  const inserted = await tx
    .insert(rewardGrants)
    .values({ id: grantId, clientId, customerId, rewardId, unitId, productId: input.productId, runId: input.runId })
    .onConflictDoNothing()
    .returning({ id: rewardGrants.id });
  if (!inserted.length) throw new ApiError('conflict', 'This product has already earned this reward');
  if (reward.type === 'Coupon') {
    let code = reward.couponCode;
    if (!code) {
      const [free] = await tx
        .update(couponPool)
        .set({ grantId, assignedAt: new Date() })
        .where(
          sql`${couponPool.id} = (select id from coupon_pool where reward_id = ${rewardId} and client_id = ${clientId} and grant_id is null order by id limit 1 for update skip locked)`,
        )
        .returning({ code: couponPool.code });
      if (!free) throw new ApiError('conflict', 'This reward has run out');
      code = free.code;
    }
    await tx.update(rewardGrants).set({ couponCode: code }).where(and(eq(rewardGrants.id, grantId), eq(rewardGrants.clientId, clientId)));
  } else {
    const payoutId = randomId('po', 16);
    await tx.insert(payouts).values({ id: payoutId, clientId, customerId, grantId, amount: reward.amount!, reference: newPayoutReference() });
    await transitionPayout(tx, { clientId, payoutId }, 'DEFAULT', 'NOT_CLAIMED', {});
  }
  // The customer hears of it (docs/messages.md), in the step's transaction.
  const [product] = await tx.select({ name: products.name }).from(products).where(and(eq(products.id, input.productId), eq(products.clientId, clientId)));
  await enqueueCustomerMessage(tx, {
    clientId,
    customerId,
    kind: 'reward-earned',
    eventKey: grantId,
    params: { reward: reward.type === 'Cashback' ? `${reward.name} (₹${rupees(reward.amount!)})` : reward.name, product: product?.name ?? '' },
  });
  return grantId;
}

import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { customers, payouts, rewardGrants } from '@/lib/db/schema';
import type { Payout } from '@/lib/schemas/rewards';
import { ApiError, fieldError, notFound } from '@/lib/errors';
import { isUniqueViolation } from '../aftersales/db';
import { findGrants } from './find-grants';
import { tryTransitionPayout } from '@/lib/payouts/transition-payout';
import { isUnitUnderReview, UNDER_REVIEW_MESSAGE } from '../verify/red-flag';

// POST /api/customer/rewards/{grantId}/claim — claims a cashback to the customer's UPI id.
// The payout moves NOT_CLAIMED → TRANSFER_PENDING by one conditional update that also stores
// the Idempotency-Key and a snapshot of the UPI id, so:
// - the same key again answers the same payout (200) and pays nothing more;
// - of concurrent claims with different keys exactly one moves it; the others get 409;
// - a key already used for another payout is refused (422).

const keyReused = () => fieldError('unprocessable', 'Idempotency-Key', 'this key was already used for another claim; send a new one');

async function payoutByKey(clientId: string, customerId: string, key: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: payouts.id, grantId: payouts.grantId })
    .from(payouts)
    .where(and(eq(payouts.clientId, clientId), eq(payouts.customerId, customerId), eq(payouts.idempotencyKey, key)));
  return row;
}

async function answer(clientId: string, customerId: string, grantId: string): Promise<Payout> {
  const [grant] = await findGrants(await getDb(), clientId, customerId, grantId);
  if (!grant?.payout) throw notFound('Reward');
  return grant.payout;
}

export async function claimReward(clientId: string, customerId: string, grantId: string, key: string): Promise<Payout> {
  const db = await getDb();
  const earlier = await payoutByKey(clientId, customerId, key);
  if (earlier) {
    if (earlier.grantId !== grantId) throw keyReused();
    return answer(clientId, customerId, grantId);
  }
  const [payout] = await db
    .select({ id: payouts.id, status: payouts.status, unitId: rewardGrants.unitId })
    .from(payouts)
    .innerJoin(rewardGrants, and(eq(rewardGrants.id, payouts.grantId), eq(rewardGrants.clientId, clientId), eq(rewardGrants.customerId, customerId)))
    .where(and(eq(payouts.grantId, grantId), eq(payouts.clientId, clientId), eq(payouts.customerId, customerId)));
  if (!payout) {
    const [grant] = await findGrants(db, clientId, customerId, grantId);
    if (!grant) throw notFound('Reward');
    throw new ApiError('unprocessable', 'This reward is a coupon: its code is already yours, there is nothing to claim');
  }
  // A unit suspected of being copied: its cashback waits for the brand's review.
  if (await isUnitUnderReview(db, clientId, payout.unitId)) throw new ApiError('conflict', UNDER_REVIEW_MESSAGE);
  const [me] = await db
    .select({ vpa: customers.vpa })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.clientId, clientId)));
  if (!me?.vpa) throw fieldError('unprocessable', 'vpa', 'add your UPI id (for example name@bank) before claiming a cashback');
  let moved;
  try {
    moved = await tryTransitionPayout(db, { clientId, customerId, payoutId: payout.id }, 'NOT_CLAIMED', 'TRANSFER_PENDING', {
      vpa: me.vpa,
      idempotencyKey: key,
      claimedAt: new Date(),
      countAttempt: true,
    });
  } catch (err) {
    if (isUniqueViolation(err, 'payouts_customer_idempotency_uq')) {
      // The same key raced in on two requests: the one that won decides the answer.
      const winner = await payoutByKey(clientId, customerId, key);
      if (winner?.grantId === grantId) return answer(clientId, customerId, grantId);
      throw keyReused();
    }
    throw err;
  }
  if (!moved) {
    const again = await payoutByKey(clientId, customerId, key);
    if (again?.grantId === grantId) return answer(clientId, customerId, grantId);
    throw new ApiError('conflict', 'This reward has already been claimed');
  }
  return answer(clientId, customerId, grantId);
}

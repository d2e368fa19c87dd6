import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { couponPool, rewards } from '@/lib/db/schema';
import { fieldError } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { parseCouponCodes } from './parse-coupon-codes';
import { requireReward, poolCounts } from './shared';

/** Adds codes to a pool coupon; a code already in the pool is skipped. */
export async function uploadCoupons(scope: ConsoleScope, rewardId: string, text: string) {
  const codes = parseCouponCodes(text);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const reward = await requireReward(tx, scope.clientId, rewardId, true);
    if (reward.type !== 'Coupon' || reward.couponCode) throw fieldError('unprocessable', 'reward', 'only a Coupon reward without a shared code takes a pool of codes');
    let added = 0;
    for (let i = 0; i < codes.length; i += 1000) {
      const chunk = [...new Set(codes.slice(i, i + 1000))];
      const ins = await tx
        .insert(couponPool)
        .values(chunk.map((code) => ({ id: randomId('cc', 16), clientId: scope.clientId, rewardId: reward.id, code })))
        .onConflictDoNothing()
        .returning({ id: couponPool.id });
      added += ins.length;
    }
    await tx.update(rewards).set({ budgetTotal: sql`${rewards.budgetTotal} + ${added}` }).where(and(eq(rewards.id, reward.id), eq(rewards.clientId, scope.clientId)));
    const left = (await poolCounts(tx, scope.clientId, [reward.id])).get(reward.id) ?? 0;
    await recordAudit(tx, scope, { action: 'reward.coupons.upload', target: reward.id, before: { budgetTotal: reward.budgetTotal }, after: { added, skippedDuplicates: codes.length - added, left } });
    return { rewardId: reward.id, added, skippedDuplicates: codes.length - added, left };
  });
}

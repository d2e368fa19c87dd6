import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { claimDisputes, claims, customers, journeyAnswers, journeyRuns, payouts, rewardGrants, warranties } from '@/lib/db/schema';
import { ApiError, notFound } from '@/lib/errors';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { decided, rewardsOf, UNPAID, actorName } from './shared';

/**
 * Moves the unit's claim to the disputing customer (see the top of this file), in one transaction
 * with the dispute's decision and its audit entry. Answers what moved and what stayed.
 */
export async function moveDisputedClaim(scope: ConsoleScope, id: string, note?: string) {
  const db = await getDb();
  const clientId = scope.clientId;
  return db.transaction(async (tx) => {
    const [d] = await tx.select().from(claimDisputes).where(and(eq(claimDisputes.clientId, clientId), eq(claimDisputes.id, id))).for('update');
    if (!d) throw notFound('Dispute');
    if (d.status !== 'open') throw decided();
    const to = d.customerId;
    const [holderNext] = await tx.select({ status: customers.dataStatus }).from(customers).where(and(eq(customers.clientId, clientId), eq(customers.id, to)));
    if (holderNext?.status !== 'ACTIVE') throw new ApiError('conflict', "The disputing customer's account was deleted: the claim cannot move to it. Reject the dispute instead.");
    const [claim] = await tx.select().from(claims).where(and(eq(claims.clientId, clientId), eq(claims.unitId, d.unitId))).for('update');
    const from = claim?.customerId ?? null;
    const now = new Date();
    let warrantyMoved = false;
    let rewardsMoved: string[] = [];
    let paidStayed = 0;
    if (!claim) {
      await tx.insert(claims).values({ unitId: d.unitId, clientId, customerId: to, claimedAt: now });
    } else if (from !== to && from !== null) {
      await tx.update(claims).set({ customerId: to, claimedAt: now }).where(and(eq(claims.clientId, clientId), eq(claims.unitId, d.unitId)));
      const moved = await tx
        .update(warranties)
        .set({ customerId: to })
        .where(and(eq(warranties.clientId, clientId), eq(warranties.unitId, d.unitId), eq(warranties.customerId, from)))
        .returning({ id: warranties.id });
      warrantyMoved = moved.length > 0;
      const rewards = await rewardsOf(tx, clientId, d.unitId, from);
      rewardsMoved = rewards.unpaid;
      paidStayed = rewards.stay;
      if (rewardsMoved.length) {
        await tx.update(rewardGrants).set({ customerId: to }).where(and(eq(rewardGrants.clientId, clientId), inArray(rewardGrants.id, rewardsMoved)));
        await tx
          .update(payouts)
          .set({ customerId: to, vpa: null, updatedAt: now })
          .where(and(eq(payouts.clientId, clientId), inArray(payouts.grantId, rewardsMoved), inArray(payouts.status, [...UNPAID])));
      }
      // The unit's scan journey goes on with the new holder; what the old one typed is not shown to them.
      const runs = await tx
        .update(journeyRuns)
        .set({ customerId: to })
        .where(and(eq(journeyRuns.clientId, clientId), eq(journeyRuns.unitId, d.unitId), eq(journeyRuns.customerId, from)))
        .returning({ id: journeyRuns.id });
      if (runs.length) {
        await tx
          .update(journeyAnswers)
          .set({ customerId: to, value: {} })
          .where(and(eq(journeyAnswers.clientId, clientId), inArray(journeyAnswers.runId, runs.map((r) => r.id))));
      }
    }
    await tx
      .update(claimDisputes)
      .set({ status: 'moved', reason: note || null, decidedAt: now, decidedBy: actorName(scope) })
      .where(and(eq(claimDisputes.clientId, clientId), eq(claimDisputes.id, id)));
    await recordAudit(tx, scope, {
      action: 'claim.dispute.move',
      target: d.id,
      before: { status: 'open', claimant: from, claimedAt: claim?.claimedAt.toISOString() ?? null, unit: d.unitId },
      after: { status: 'moved', claimant: to, claimedAt: now.toISOString(), warrantyMoved, rewardsMoved, paidRewardsStayed: paidStayed, ...(note ? { note } : {}) },
    });
    return { id: d.id, status: 'moved' as const, moved: { warranty: warrantyMoved, rewards: rewardsMoved.length, paidRewardsStayed: paidStayed } };
  });
}

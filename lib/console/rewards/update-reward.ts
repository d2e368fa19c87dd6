import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { rewards } from '@/lib/db/schema';
import { fieldError } from '@/lib/errors';
import type { RewardPatch, RewardSummary } from '@/lib/schemas/console-money';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { requireReward, parseBudget, amountText, auditView, summary, poolCounts } from './shared';

/** Edits a reward; a budget never goes below what is already used, and a pool coupon's budget is its uploaded codes. */
export async function updateReward(scope: ConsoleScope, rewardId: string, patch: RewardPatch): Promise<RewardSummary> {
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const r = await requireReward(tx, scope.clientId, rewardId, true);
    if (patch.amount !== undefined && r.type !== 'Cashback') throw fieldError('unprocessable', 'amount', 'is only for Cashback rewards');
    let budgetTotal: number | undefined;
    if (patch.budget !== undefined) {
      if (r.type === 'Coupon' && !r.couponCode) throw fieldError('unprocessable', 'budget', 'is counted from the uploaded codes for a pool coupon; upload more codes instead');
      budgetTotal = parseBudget(r.type, patch.budget);
      if (budgetTotal < r.budgetUsed) throw fieldError('unprocessable', 'budget', `must be at least what is already used (${amountText(r.type, r.budgetUsed)})`);
    }
    const amount = patch.amount ?? r.amount;
    if (r.type === 'Cashback' && (patch.amount !== undefined || budgetTotal !== undefined) && (budgetTotal ?? r.budgetTotal) < amount!) {
      throw fieldError('unprocessable', budgetTotal !== undefined ? 'budget' : 'amount', 'the budget must cover at least one reward');
    }
    const [row] = await tx
      .update(rewards)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.amount !== undefined ? { amount: patch.amount } : {}),
        ...(budgetTotal !== undefined ? { budgetTotal } : {}),
        ...(patch.perCustomer !== undefined ? { perCustomerLimit: patch.perCustomer } : {}),
        ...(patch.active !== undefined ? { active: patch.active } : {}),
      })
      .where(and(eq(rewards.id, r.id), eq(rewards.clientId, scope.clientId)))
      .returning();
    await recordAudit(tx, scope, { action: 'reward.update', target: r.id, before: auditView(r), after: auditView(row!) });
    return row!;
  });
  const pool = updated.type === 'Coupon' && !updated.couponCode;
  return summary(updated, pool ? ((await poolCounts(db, scope.clientId, [updated.id])).get(updated.id) ?? 0) : null);
}

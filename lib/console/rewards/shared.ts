import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { couponPool, rewards } from '@/lib/db/schema';
import { rupees } from '@/lib/domain/payouts';
import { ApiError, fieldError } from '@/lib/errors';
import { couponCountInput, rupeesInput, type RewardSummary } from '@/lib/schemas/console-money';

type RewardRow = typeof rewards.$inferSelect;

export const amountText = (type: RewardRow['type'], n: number) => (type === 'Cashback' ? `₹${rupees(n)}` : `${n} coupon${n === 1 ? '' : 's'}`);

export function summary(r: RewardRow, poolLeft: number | null): RewardSummary {
  const remaining = Math.max(0, r.budgetTotal - r.budgetUsed);
  return {
    rewardId: r.id,
    name: r.name,
    description: r.description,
    type: r.type,
    amount: r.amount,
    amountText: r.amount === null ? null : `₹${rupees(r.amount)}`,
    couponCode: r.couponCode,
    pool: r.type === 'Coupon' && !r.couponCode,
    budgetTotal: r.budgetTotal,
    budgetUsed: r.budgetUsed,
    budgetRemaining: remaining,
    budgetText: amountText(r.type, r.budgetTotal),
    usedText: amountText(r.type, r.budgetUsed),
    remainingText: amountText(r.type, remaining),
    poolLeft,
    perCustomer: r.perCustomerLimit,
    active: r.active,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Codes not yet given out, per pool reward of the brand. */
export async function poolCounts(db: DbOrTx, clientId: string, rewardIds: string[]): Promise<Map<string, number>> {
  if (!rewardIds.length) return new Map();
  const rows = await db
    .select({ rewardId: couponPool.rewardId, left: sql<number>`count(*)::int` })
    .from(couponPool)
    .where(and(eq(couponPool.clientId, clientId), inArray(couponPool.rewardId, rewardIds), isNull(couponPool.grantId)))
    .groupBy(couponPool.rewardId);
  return new Map(rows.map((r) => [r.rewardId, Number(r.left)]));
}

export async function requireReward(db: DbOrTx, clientId: string, rewardId: string, lock = false) {
  const q = db.select().from(rewards).where(and(eq(rewards.id, rewardId), eq(rewards.clientId, clientId)));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) throw new ApiError('not_found', `No reward ${rewardId} at this brand`);
  return r;
}

/** A budget as typed, in the reward's unit: rupees → paise for Cashback, a count for Coupon. */
export function parseBudget(type: RewardRow['type'], budget: string | number): number {
  const parsed = type === 'Cashback' ? rupeesInput.safeParse(budget) : couponCountInput.safeParse(budget);
  if (!parsed.success) throw fieldError('unprocessable', 'budget', parsed.error.issues[0]!.message);
  return parsed.data;
}

/** What the audit log keeps of a reward. */
export const auditView = (r: RewardRow) => ({
  name: r.name,
  description: r.description,
  type: r.type,
  amount: r.amount,
  couponCode: r.couponCode,
  budgetTotal: r.budgetTotal,
  perCustomer: r.perCustomerLimit,
  active: r.active,
});

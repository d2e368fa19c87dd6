import 'server-only';
import { getDb } from '@/lib/db/client';
import { rewards } from '@/lib/db/schema';
import { fieldError } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import type { RewardInput, RewardSummary } from '@/lib/schemas/console-money';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { parseBudget, summary, auditView } from './shared';

export async function createReward(scope: ConsoleScope, input: RewardInput): Promise<RewardSummary> {
  const budgetTotal = input.budget === undefined ? 0 : parseBudget(input.type, input.budget);
  if (input.type === 'Cashback' && budgetTotal < input.amount!) throw fieldError('unprocessable', 'budget', 'must cover at least one reward');
  const db = await getDb();
  const id = randomId('rw', 16);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rewards)
      .values({
        id,
        clientId: scope.clientId,
        name: input.name,
        description: input.description,
        type: input.type,
        amount: input.amount ?? null,
        couponCode: input.couponCode ?? null,
        budgetTotal,
        perCustomerLimit: input.perCustomer,
      })
      .returning();
    const created = summary(row!, input.type === 'Coupon' && !input.couponCode ? 0 : null);
    await recordAudit(tx, scope, { action: 'reward.create', target: id, after: auditView(row!) });
    return created;
  });
}

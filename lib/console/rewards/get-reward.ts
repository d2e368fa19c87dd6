import 'server-only';
import { getDb } from '@/lib/db/client';
import type { RewardSummary } from '@/lib/schemas/console-money';
import type { ConsoleScope } from '../scope';
import { requireReward, summary, poolCounts } from './shared';

export async function getReward(scope: ConsoleScope, rewardId: string): Promise<RewardSummary> {
  const db = await getDb();
  const r = await requireReward(db, scope.clientId, rewardId);
  const pool = r.type === 'Coupon' && !r.couponCode;
  return summary(r, pool ? ((await poolCounts(db, scope.clientId, [r.id])).get(r.id) ?? 0) : null);
}

import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { rewards } from '@/lib/db/schema';
import type { RewardSummary } from '@/lib/schemas/console-money';
import type { ConsoleScope } from '../scope';
import { poolCounts, summary } from './shared';

export async function listRewards(scope: ConsoleScope): Promise<RewardSummary[]> {
  const db = await getDb();
  const rows = await db.select().from(rewards).where(eq(rewards.clientId, scope.clientId)).orderBy(asc(rewards.createdAt), asc(rewards.id));
  const pools = await poolCounts(
    db,
    scope.clientId,
    rows.filter((r) => r.type === 'Coupon' && !r.couponCode).map((r) => r.id),
  );
  return rows.map((r) => summary(r, r.type === 'Coupon' && !r.couponCode ? (pools.get(r.id) ?? 0) : null));
}

import { queryOptions } from '@tanstack/react-query';
import { http } from '../http';
import { callWithHeaders } from '../upload';
import type { Payout, RewardGrant } from '@/lib/schemas/rewards';

// GET /api/customer/rewards, POST /api/customer/rewards/{grantId}/claim.
export const rewardsQuery = () =>
  queryOptions({
    queryKey: ['rewards'] as const,
    queryFn: async () => (await http<{ rewards: RewardGrant[] }>('/customer/rewards')).rewards,
  });

/** Claims a cashback; the same key answers the same payout however often it is sent. */
export function claimReward(grantId: string, idempotencyKey: string): Promise<Payout> {
  return callWithHeaders<Payout>(`/customer/rewards/${encodeURIComponent(grantId)}/claim`, 'POST', { 'idempotency-key': idempotencyKey });
}

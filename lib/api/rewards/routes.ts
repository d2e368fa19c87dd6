import 'server-only';
import { defineRoute } from '../define-route';
import { ApiError } from '@/lib/errors';
import { getDb } from '@/lib/db/client';
import { grantParamsSchema, idempotencyKeySchema, payoutSchema, rewardsResponseSchema, transactionsResponseSchema } from '@/lib/schemas/rewards';
import { findGrants, listTransactions } from './find-grants';
import { claimReward } from './claim-reward';

// Rewards earned through scan journeys, their cashback claims and the payouts (isLoyalityProgramEnabled).

const flag = 'isLoyalityProgramEnabled';
const access = { class: 'customer', contact: 'verified' } as const;

/** The Idempotency-Key header of a claim: the same key answers the same payout and pays once. */
function idempotencyKeyOf(raw: string | undefined): string {
  if (!raw) throw new ApiError('bad_request', 'Idempotency-Key header is required', undefined, 'Idempotency-Key');
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw new ApiError('unprocessable', `Idempotency-Key: ${parsed.error.issues[0]!.message}`, undefined, 'Idempotency-Key');
  return parsed.data;
}

export const transactionsRoute = defineRoute({
  method: 'get',
  path: '/customer/transactions',
  tag: 'rewards',
  access,
  flag,
  response: { description: 'Payouts', schema: transactionsResponseSchema },
  handle: async (_input, ctx) => ({ transactions: await listTransactions(await getDb(), ctx.clientId, ctx.customerId) }),
});

export const rewardsRoutes = [
  // GET /api/customer/rewards — earned rewards (coupon codes, cashback payouts), newest first
  defineRoute({
    method: 'get',
    path: '/customer/rewards',
    tag: 'rewards',
    access,
    flag,
    response: { description: 'Earned rewards', schema: rewardsResponseSchema },
    handle: async (_input, ctx) => ({ rewards: await findGrants(await getDb(), ctx.clientId, ctx.customerId) }),
  }),

  // POST /api/customer/rewards/{grantId}/claim (header Idempotency-Key) — pay a cashback to the UPI id
  defineRoute({
    method: 'post',
    path: '/customer/rewards/{grantId}/claim',
    tag: 'rewards',
    access,
    flag,
    description: 'No body. Header Idempotency-Key (8-100 of A-Z a-z 0-9 - _ . :): the same key answers the same payout and pays once.',
    params: grantParamsSchema,
    response: { description: 'The payout, now TRANSFER_PENDING (or as it is, when the key was seen before)', schema: payoutSchema },
    errors: { 409: 'Already claimed' },
    handle: (({ params }, ctx) => claimReward(ctx.clientId, ctx.customerId, params.grantId, idempotencyKeyOf(ctx.header('idempotency-key')))),
  }),

  // GET /api/customer/transactions — payouts with their status, newest first
  transactionsRoute,
];

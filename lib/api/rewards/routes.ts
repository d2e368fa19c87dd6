import 'server-only';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { errorResponses, errorBodySchema } from '../openapi';
import { ApiError } from '@/lib/errors';
import { requireCustomer } from '../auth/require-customer';
import { requireVerifiedContact } from '../auth/verify-contact';
import { requireAfterSalesModule } from '../aftersales/module';
import { getDb } from '@/lib/db/client';
import { grantParamsSchema, idempotencyKeySchema, payoutSchema, rewardsResponseSchema, transactionsResponseSchema } from '@/lib/schemas/rewards';
import { findGrants, listTransactions } from './find-grants';
import { claimReward } from './claim-reward';

// Rewards earned through scan journeys, their cashback claims and the payouts (isLoyalityProgramEnabled).

export const rewardsRoutes = new OpenAPIHono<AppEnv>();

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

// GET /api/customer/rewards — earned rewards (coupon codes, cashback payouts), newest first
rewardsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/customer/rewards',
    tags: ['rewards'],
    middleware: [requireCustomer, requireVerifiedContact] as const,
    security: [{ bearer: [] }],
    responses: { 200: json(rewardsResponseSchema, 'Earned rewards'), ...errorResponses },
  }),
  async (c) => {
    requireAfterSalesModule(c, 'isLoyalityProgramEnabled');
    return c.json(rewardsResponseSchema.parse({ rewards: await findGrants(await getDb(), c.var.client.id, c.var.auth.customerId) }), 200);
  },
);

// POST /api/customer/rewards/{grantId}/claim (header Idempotency-Key) — pay a cashback to the UPI id
rewardsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/customer/rewards/{grantId}/claim',
    tags: ['rewards'],
    middleware: [requireCustomer, requireVerifiedContact] as const,
    security: [{ bearer: [] }],
    description: 'No body. Header Idempotency-Key (8-100 of A-Z a-z 0-9 - _ . :): the same key answers the same payout and pays once.',
    request: { params: grantParamsSchema },
    responses: {
      200: json(payoutSchema, 'The payout, now TRANSFER_PENDING (or as it is, when the key was seen before)'),
      409: json(errorBodySchema, 'Already claimed'),
      ...errorResponses,
    },
  }),
  async (c) => {
    requireAfterSalesModule(c, 'isLoyalityProgramEnabled');
    const raw = c.req.header('idempotency-key');
    if (!raw) throw new ApiError('bad_request', 'Idempotency-Key header is required');
    const parsed = idempotencyKeySchema.safeParse(raw);
    if (!parsed.success) throw new ApiError('unprocessable', `Idempotency-Key: ${parsed.error.issues[0]!.message}`);
    const payout = await claimReward(c.var.client.id, c.var.auth.customerId, c.req.valid('param').grantId, parsed.data);
    return c.json(payoutSchema.parse(payout), 200);
  },
);

// GET /api/customer/transactions — payouts with their status, newest first
rewardsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/customer/transactions',
    tags: ['rewards'],
    middleware: [requireCustomer, requireVerifiedContact] as const,
    security: [{ bearer: [] }],
    responses: { 200: json(transactionsResponseSchema, 'Payouts'), ...errorResponses },
  }),
  async (c) => {
    requireAfterSalesModule(c, 'isLoyalityProgramEnabled');
    const list = await listTransactions(await getDb(), c.var.client.id, c.var.auth.customerId);
    return c.json(transactionsResponseSchema.parse({ transactions: list }), 200);
  },
);

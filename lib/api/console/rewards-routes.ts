import 'server-only';
import { z } from 'zod';
import { defineRoute } from '../define-route';
import { createReward, listJourneys, listRewards, setJourney, updateReward, uploadCoupons } from '@/lib/console/rewards';
import { consoleBrandParams } from '@/lib/schemas/console';
import { couponUploadSchema, journeyInputSchema, journeySummarySchema, rewardInputSchema, rewardPatchSchema, rewardSummarySchema } from '@/lib/schemas/console-money';

// The console's Rewards area (issue 12): rewards (cashback and coupon) with their budgets, coupon
// pools and scan journeys. Owner, manager and finance change them; the analyst reads. The same use
// cases as the command line (create-reward, set-reward-active, upload-coupons, set-journey).

const rewardParams = consoleBrandParams.extend({ rewardId: z.string().min(1).max(64) });
const productParams = consoleBrandParams.extend({ productId: z.string().min(1).max(64) });
const read = { class: 'staff', area: 'rewards', access: 'read' } as const;
const write = { class: 'staff', area: 'rewards', access: 'write' } as const;

export const consoleRewardsListRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/rewards',
  tag: 'console',
  access: read,
  params: consoleBrandParams,
  response: { description: 'The brand\'s rewards with budget spent and remaining and coupons left', schema: z.object({ rewards: z.array(rewardSummarySchema) }) },
  handle: async (_input, ctx) => ({ rewards: await listRewards(ctx.scope) }),
});

export const consoleJourneysRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/journeys',
  tag: 'console',
  access: read,
  params: consoleBrandParams,
  response: { description: 'Every product with its scan journey\'s steps', schema: z.object({ journeys: z.array(journeySummarySchema) }) },
  handle: async (_input, ctx) => ({ journeys: await listJourneys(ctx.scope) }),
});

export const consoleRewardsRoutes = [
  // GET /api/console/brands/{brand}/rewards
  consoleRewardsListRoute,

  // POST /api/console/brands/{brand}/rewards
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/rewards',
    tag: 'console',
    access: write,
    params: consoleBrandParams,
    body: rewardInputSchema,
    response: { status: 201, description: 'The new reward', schema: rewardSummarySchema },
    fieldErrors: 'name, type, amount, couponCode, budget, perCustomer',
    handle: ({ body }, ctx) => createReward(ctx.scope, body),
  }),

  // PATCH /api/console/brands/{brand}/rewards/{rewardId}
  defineRoute({
    method: 'patch',
    path: '/console/brands/{brand}/rewards/{rewardId}',
    tag: 'console',
    access: write,
    params: rewardParams,
    body: rewardPatchSchema,
    response: { description: 'The reward as changed', schema: rewardSummarySchema },
    fieldErrors: 'name, description, amount, budget, perCustomer',
    handle: ({ params, body }, ctx) => updateReward(ctx.scope, params.rewardId, body),
  }),

  // POST /api/console/brands/{brand}/rewards/{rewardId}/coupons {text}
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/rewards/{rewardId}/coupons',
    tag: 'console',
    access: write,
    params: rewardParams,
    body: couponUploadSchema,
    response: {
      description: 'Codes added to the pool (repeats skipped) and codes left',
      schema: z.object({ rewardId: z.string(), added: z.number().int(), skippedDuplicates: z.number().int(), left: z.number().int() }),
    },
    fieldErrors: 'file, reward',
    handle: ({ params, body }, ctx) => uploadCoupons(ctx.scope, params.rewardId, body.text),
  }),

  // GET /api/console/brands/{brand}/journeys
  consoleJourneysRoute,

  // PUT /api/console/brands/{brand}/journeys/{productId} {steps}
  defineRoute({
    method: 'put',
    path: '/console/brands/{brand}/journeys/{productId}',
    tag: 'console',
    access: write,
    params: productParams,
    body: journeyInputSchema,
    response: { description: 'The product\'s new journey', schema: z.object({ journeyId: z.string(), productId: z.string(), steps: z.array(z.string()) }) },
    fieldErrors: 'steps',
    handle: ({ params, body }, ctx) => setJourney(ctx.scope, params.productId, body),
  }),
];

import 'server-only';
import { defineRoute } from '../define-route';
import { findMyUnit } from '../aftersales/find-my-unit';
import { getDb } from '@/lib/db/client';
import { journeyParamsSchema, journeyResponseSchema, journeyStepParamsSchema, stepAnswerBodySchema, stepAnswerResponseSchema } from '@/lib/schemas/journeys';
import { loadJourney, shapeJourney } from './load-journey';
import { answerStep } from './answer-step';

// Scan journeys on claimed units: the steps a brand attached to the product, walked in order.

// GET /api/customer/my-products/{unitId}/journey — steps and progress (404 when the product has none)
export const journeyRoute = defineRoute({
  method: 'get',
  path: '/customer/my-products/{unitId}/journey',
  tag: 'journeys',
  access: 'customer',
  params: journeyParamsSchema,
  response: { description: 'The journey', schema: journeyResponseSchema },
  handle: async ({ params }, ctx) => {
    const db = await getDb();
    const unit = await findMyUnit(db, ctx.clientId, ctx.customerId, params.unitId);
    return shapeJourney(unit, await loadJourney(db, ctx.clientId, ctx.customerId, unit));
  },
});

export const journeyRoutes = [
  journeyRoute,

  // POST /api/customer/my-products/{unitId}/journey/steps/{stepId} — answer the next step
  defineRoute({
    method: 'post',
    path: '/customer/my-products/{unitId}/journey/steps/{stepId}',
    tag: 'journeys',
    access: 'customer',
    description: 'DECISION: { choice }, INPUT: { value }, INFO and REWARD: {}. A REWARD step grants its reward (grant in the answer).',
    params: journeyStepParamsSchema,
    body: stepAnswerBodySchema,
    response: { description: 'The journey after the answer, and the reward granted by a REWARD step', schema: stepAnswerResponseSchema },
    handle: ({ params, body }, ctx) => {
      const loyalty = { enabled: ctx.config.flags.isLoyalityProgramEnabled, brandName: ctx.client.organizationName };
      return answerStep(ctx.clientId, ctx.customerId, params.unitId, params.stepId, body, loyalty);
    },
  }),
];

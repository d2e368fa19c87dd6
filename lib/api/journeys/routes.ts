import 'server-only';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppContext, AppEnv } from '../context';
import { errorResponses } from '../openapi';
import { requireCustomer } from '../auth/require-customer';
import { brandConfig } from '../verify/scan-guard';
import { findMyUnit } from '../aftersales/find-my-unit';
import { getDb } from '@/lib/db/client';
import { journeyParamsSchema, journeyResponseSchema, journeyStepParamsSchema, stepAnswerBodySchema, stepAnswerResponseSchema } from '@/lib/schemas/journeys';
import { loadJourney, shapeJourney } from './load-journey';
import { answerStep } from './answer-step';

// Scan journeys on claimed units: the steps a brand attached to the product, walked in order.

export const journeyRoutes = new OpenAPIHono<AppEnv>();

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

// GET /api/customer/my-products/{unitId}/journey — steps and progress (404 when the product has none)
journeyRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/customer/my-products/{unitId}/journey',
    tags: ['journeys'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    request: { params: journeyParamsSchema },
    responses: { 200: json(journeyResponseSchema, 'The journey'), ...errorResponses },
  }),
  async (c) => {
    const db = await getDb();
    const unit = await findMyUnit(db, c.var.client.id, c.var.auth.customerId, c.req.valid('param').unitId);
    const journey = shapeJourney(unit, await loadJourney(db, c.var.client.id, c.var.auth.customerId, unit));
    return c.json(journeyResponseSchema.parse(journey), 200);
  },
);

// POST /api/customer/my-products/{unitId}/journey/steps/{stepId} — answer the next step
journeyRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/customer/my-products/{unitId}/journey/steps/{stepId}',
    tags: ['journeys'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    description: 'DECISION: { choice }, INPUT: { value }, INFO and REWARD: {}. A REWARD step grants its reward (grant in the answer).',
    request: { params: journeyStepParamsSchema, body: { content: { 'application/json': { schema: stepAnswerBodySchema } }, required: true } },
    responses: { 200: json(stepAnswerResponseSchema, 'The journey after the answer, and the reward granted by a REWARD step'), ...errorResponses },
  }),
  async (c) => {
    const { unitId, stepId } = c.req.valid('param');
    const loyalty = { enabled: brandConfig(c as unknown as AppContext).flags.isLoyalityProgramEnabled, brandName: c.var.client.organizationName };
    const result = await answerStep(c.var.client.id, c.var.auth.customerId, unitId, stepId, c.req.valid('json'), loyalty);
    return c.json(stepAnswerResponseSchema.parse(result), 200);
  },
);

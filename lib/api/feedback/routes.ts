import 'server-only';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { errorResponses } from '../openapi';
import { requireCustomer } from '../auth/require-customer';
import { hitRateLimit } from '../rate-limit';
import { feedbackBodySchema, feedbackResponseSchema } from '@/lib/schemas/feedback';
import { giveFeedback } from './give-feedback';

// Feedback: a rating and a comment (always on).

export const feedbackRoutes = new OpenAPIHono<AppEnv>();

// POST /api/customer/feedback { rating, comment?, unitId? } — record feedback
feedbackRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/customer/feedback',
    tags: ['feedback'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    request: { body: { content: { 'application/json': { schema: feedbackBodySchema } }, required: true } },
    responses: { 201: { description: 'Recorded', content: { 'application/json': { schema: feedbackResponseSchema } } }, ...errorResponses },
  }),
  async (c) => {
    await hitRateLimit(`feedback:${c.var.client.id}:${c.var.auth.customerId}`, { limit: 30, windowSeconds: 3600, message: 'Too much feedback in an hour. Please try again later.' });
    return c.json(feedbackResponseSchema.parse(await giveFeedback(c.var.client.id, c.var.auth.customerId, c.req.valid('json'))), 201);
  },
);

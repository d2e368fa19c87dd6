import 'server-only';
import { defineRoute } from '../define-route';
import { hitRateLimit } from '../rate-limit';
import { feedbackBodySchema, feedbackResponseSchema } from '@/lib/schemas/feedback';
import { giveFeedback } from './give-feedback';

// Feedback: a rating and a comment (always on).

const FEEDBACK_LIMIT = { limit: 30, windowSeconds: 3600, message: 'Too much feedback in an hour. Please try again later.' };

export const feedbackRoutes = [
  // POST /api/customer/feedback { rating, comment?, unitId? } — record feedback
  defineRoute({
    method: 'post',
    path: '/customer/feedback',
    tag: 'feedback',
    access: 'customer',
    body: feedbackBodySchema,
    response: { status: 201, description: 'Recorded', schema: feedbackResponseSchema },
    handle: async ({ body }, ctx) => {
      await hitRateLimit(`feedback:${ctx.clientId}:${ctx.customerId}`, FEEDBACK_LIMIT);
      return giveFeedback(ctx.clientId, ctx.customerId, body);
    },
  }),
];

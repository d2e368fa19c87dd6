import { z } from 'zod';

// POST /api/customer/feedback

export const feedbackBodySchema = z
  .object({
    rating: z.number().int('must be a whole number from 1 to 5').min(1, 'must be from 1 to 5').max(5, 'must be from 1 to 5'),
    comment: z.string().trim().max(1000, 'must be at most 1000 characters').default(''),
    unitId: z.string().trim().min(1).max(64).optional(),
  })
  .strict();

export const feedbackResponseSchema = z.object({
  feedbackId: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  unitId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

import { z } from 'zod';
import { blankIsUnset, pageFields, productFilter } from './console-complaints';

// The console's feedback list (issue 12): read-only, filtered by rating, comment and product.

export const feedbackListQuerySchema = z
  .object({
    rating: z.preprocess(blankIsUnset, z.coerce.number({ error: 'must be a whole number from 1 to 5' }).int('must be a whole number from 1 to 5').min(1, 'must be from 1 to 5').max(5, 'must be from 1 to 5').optional()),
    /** 'with': only feedback that has a comment. */
    comment: z.preprocess(blankIsUnset, z.enum(['with', 'any'], { error: "must be 'with' or 'any'" }).default('any')),
    product: productFilter,
    ...pageFields,
  })
  .strict();
export type FeedbackListQuery = z.output<typeof feedbackListQuerySchema>;

export const consoleFeedbackRowSchema = z
  .object({ id: z.string(), rating: z.number().int(), comment: z.string(), customerName: z.string(), productName: z.string().nullable(), unitId: z.string().nullable(), createdAt: z.iso.datetime() })
  .strict();
export type ConsoleFeedbackRow = z.infer<typeof consoleFeedbackRowSchema>;

export const feedbackListSchema = z
  .object({
    feedback: z.array(consoleFeedbackRowSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** Mean rating of the rows matching the filters (null when none). */
    averageRating: z.number().nullable(),
    products: z.array(z.object({ id: z.string(), name: z.string() }).strict()),
  })
  .strict();
export type ConsoleFeedbackList = z.infer<typeof feedbackListSchema>;

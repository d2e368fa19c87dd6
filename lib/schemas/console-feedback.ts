import { z } from 'zod';
import { blankIsUnset, pageFields } from './console-complaints';
import { listFilterShape, rangeInOrder, sortField } from './console-list';

// The console's feedback list (issue 12): read-only, sorted, filtered by rating, comment, days,
// product and batch (the table kit).

/** The columns the feedback sorts by (the table kit): given, rating. */
export const FEEDBACK_SORTS = ['created', 'rating'] as const;

const feedbackFilterShape = {
  rating: z.preprocess(blankIsUnset, z.coerce.number({ error: 'must be a whole number from 1 to 5' }).int('must be a whole number from 1 to 5').min(1, 'must be from 1 to 5').max(5, 'must be from 1 to 5').optional()),
  /** 'with': only feedback that has a comment. */
  comment: z.preprocess(blankIsUnset, z.enum(['with', 'any'], { error: "must be 'with' or 'any'" }).default('any')),
  sort: sortField(FEEDBACK_SORTS, '-created'),
  /** Given from / to (UTC days, both counted), the product (an id) and the batch (its number) of the unit it was given on. */
  ...listFilterShape,
};

export const feedbackListQuerySchema = z
  .object({ ...feedbackFilterShape, ...pageFields })
  .strict()
  .superRefine(rangeInOrder);
/** The same filters and sort, for the CSV of every matching answer. */
export const feedbackExportQuerySchema = z.object(feedbackFilterShape).strict().superRefine(rangeInOrder);
export type FeedbackExportQuery = z.output<typeof feedbackExportQuerySchema>;
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

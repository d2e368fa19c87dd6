import { z } from 'zod';
import { BULK_MAX, blankIsUnset, pageFields } from './console-complaints';
import { listFilterShape, placeFilter, rangeInOrder, sortField } from './console-list';
import { RISK_RULE_NAMES, redFlagSchema } from './red-flags';

// The console's red flags (issue 12): the same list and the same resolve / dismiss as the
// command line (lib/operator/red-flags.ts), which call one use case (lib/console/red-flags/).

export const RED_FLAG_FILTER_STATUSES = ['open', 'resolved', 'dismissed', 'all'] as const;

/** The columns the red flags sort by (the table kit): raised, status. */
export const RED_FLAG_SORTS = ['created', 'status'] as const;

const redFlagFilterShape = {
  status: z.preprocess(blankIsUnset, z.enum(RED_FLAG_FILTER_STATUSES, { error: "must be 'open', 'resolved', 'dismissed' or 'all'" }).default('open')),
  rule: z.preprocess(blankIsUnset, z.enum(RISK_RULE_NAMES, { error: `must be one of ${RISK_RULE_NAMES.join(', ')}` }).optional()),
  /** Where the unit was last checked, by the name the list shows (a town or city of the gazetteer). */
  place: placeFilter,
  sort: sortField(RED_FLAG_SORTS, '-created'),
  /** Raised from / to (days), the product (an id), the batch (its number) of the flagged code. */
  ...listFilterShape,
};

export const redFlagListQuerySchema = z
  .object({ ...redFlagFilterShape, ...pageFields })
  .strict()
  .superRefine(rangeInOrder);
/** The same filters and sort, for the CSV of every matching red flag. */
export const redFlagExportQuerySchema = z.object(redFlagFilterShape).strict().superRefine(rangeInOrder);
export type RedFlagExportQuery = z.output<typeof redFlagExportQuerySchema>;
export type RedFlagListQuery = z.output<typeof redFlagListQuerySchema>;

export const redFlagListSchema = z
  .object({
    redFlags: z.array(redFlagSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    products: z.array(z.object({ id: z.string(), name: z.string() }).strict()),
    /** The names of the places of the brand's red flags, for the place filter. */
    places: z.array(z.string()),
  })
  .strict();
export type ConsoleRedFlagList = z.infer<typeof redFlagListSchema>;

export const redFlagIdSchema = z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters');
export const closeRedFlagNoteSchema = z
  .object({ note: z.string({ error: 'is required' }).trim().min(1, 'is required').max(2000, 'must be at most 2000 characters') })
  .strict();
/** Resolving (a copy, confirmed) may also blacklist the unit's codes, the printed and the hidden one. */
export const resolveRedFlagSchema = closeRedFlagNoteSchema
  .extend({ blacklist: z.boolean({ error: 'must be true or false' }).default(false) })
  .strict();
export const closedRedFlagSchema = z
  .object({
    id: z.string(),
    status: z.enum(['resolved', 'dismissed']),
    note: z.string(),
    unblacklisted: z.boolean(),
    /** The codes this resolution put on the blacklist (none when it was not asked, or they already were). */
    blacklisted: z.array(z.string()),
  })
  .strict();

/**
 * Several open red flags resolved at once as copies, with one note (and, asked, their units'
 * codes blacklisted): one transaction, all or nothing. `confirm` must be true: the page asks first.
 */
export const bulkResolveRedFlagsSchema = resolveRedFlagSchema
  .extend({
    ids: z
      .array(redFlagIdSchema, { error: 'must be a list of red flag ids' })
      .min(1, 'choose at least one red flag')
      .max(BULK_MAX, `must be at most ${BULK_MAX} red flags`)
      .refine((ids) => new Set(ids).size === ids.length, 'must not name a red flag twice'),
    confirm: z.literal(true, { error: 'must be true: confirm the change' }),
  })
  .strict();
export const bulkResolvedRedFlagsSchema = z.object({ resolved: z.array(closedRedFlagSchema) }).strict();

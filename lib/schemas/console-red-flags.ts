import { z } from 'zod';
import { blankIsUnset, pageFields, productFilter } from './console-complaints';
import { RISK_RULE_NAMES, redFlagSchema } from './red-flags';

// The console's red flags (issue 12): the same list and the same resolve / dismiss as the
// command line (lib/operator/red-flags.ts), which call one use case (lib/console/red-flags.ts).

export const RED_FLAG_FILTER_STATUSES = ['open', 'resolved', 'dismissed', 'all'] as const;

export const redFlagListQuerySchema = z
  .object({
    status: z.preprocess(blankIsUnset, z.enum(RED_FLAG_FILTER_STATUSES, { error: "must be 'open', 'resolved', 'dismissed' or 'all'" }).default('open')),
    rule: z.preprocess(blankIsUnset, z.enum(RISK_RULE_NAMES, { error: `must be one of ${RISK_RULE_NAMES.join(', ')}` }).optional()),
    product: productFilter,
    ...pageFields,
  })
  .strict();
export type RedFlagListQuery = z.output<typeof redFlagListQuerySchema>;

export const redFlagListSchema = z
  .object({ redFlags: z.array(redFlagSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), products: z.array(z.object({ id: z.string(), name: z.string() }).strict()) })
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

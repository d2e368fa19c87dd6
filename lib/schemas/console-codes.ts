import { z } from 'zod';
import { suspectMarkSchema } from './console-suspect-marks';
import { isWellFormedQrId } from '@/lib/domain/qr-id';
import { timelineEntrySchema } from './red-flags';
import { listFilterShape, rangeInOrder } from './console-list';

// The console's codes area: find codes by qrId, authentication code or batch number (keyset
// pages), a code's page with its timeline, and blacklist / undo / delete (owner, manager).

export const CODES_PAGE_SIZE = 50;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The columns the codes list sorts by (the table kit); unsorted, codes come in the order of their ids. */
export const CODE_SORTS = ['created', 'qrId'] as const;
export const CODE_STATES = ['active', 'blacklisted', 'deleted'] as const;
export const CODE_KINDS = ['overt', 'covert', 'case', 'pallet'] as const;

const codeListFilters = {
  /** A qrId, an authentication code (with or without its dash) or a batch number; empty: every code. */
  q: optional(z.string().trim().max(64, 'must be at most 64 characters')),
  sort: optional(z.enum([...CODE_SORTS, ...CODE_SORTS.map((c) => `-${c}` as const)], { error: `must be one of: ${[...CODE_SORTS, ...CODE_SORTS.map((c) => `-${c}`)].join(', ')}` })),
  status: optional(z.enum(CODE_STATES, { error: `must be one of: ${CODE_STATES.join(', ')}` })),
  kind: optional(z.enum(CODE_KINDS, { error: `must be one of: ${CODE_KINDS.join(', ')}` })),
  ...listFilterShape,
};

export const codeSearchQuerySchema = z
  .object({
    ...codeListFilters,
    /** The `next` of the previous page. */
    after: optional(z.string().trim().regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be the next value of a previous page')),
    limit: z.coerce.number().int().min(1, 'must be at least 1').max(200, 'must be at most 200').default(CODES_PAGE_SIZE),
  })
  .strict()
  .superRefine(rangeInOrder);
/** The same filters and sort, for the CSV export of the list. */
export const codeExportQuerySchema = z.object(codeListFilters).strict().superRefine(rangeInOrder);
export type CodeExportQuery = z.output<typeof codeExportQuerySchema>;
export type CodeSearchQuery = z.output<typeof codeSearchQuerySchema>;

export const codeRowSchema = z
  .object({
    qrId: z.string(),
    kind: z.enum(['overt', 'covert', 'case', 'pallet']),
    batchLevel: z.boolean(),
    state: z.enum(CODE_STATES),
    batch: z.string(),
    product: z.string(),
    productId: z.string(),
    /** The unit (both codes of a pair share it); empty for cases, pallets and batch-level codes. */
    unit: z.string(),
    authCode: z.string(),
    createdAt: z.iso.datetime(),
  })
  .strict();
export type CodeRow = z.infer<typeof codeRowSchema>;

export const codeSearchSchema = z
  .object({
    /** How the search term was read: every code, a qrId, an authentication code or a batch. */
    matchedBy: z.enum(['all', 'qrId', 'authCode', 'batch', 'none']),
    codes: z.array(codeRowSchema),
    /** How many codes the search and filters match in all. */
    total: z.number().int(),
    /** Pass as `after` for the next page; empty on the last page. */
    next: z.string(),
  })
  .strict();
export type CodeSearch = z.infer<typeof codeSearchSchema>;

export const qrIdParam = z
  .string()
  .refine(isWellFormedQrId, 'must be a code id: 1 to 64 letters and digits');

export const codeDetailSchema = z
  .object({
    code: codeRowSchema,
    batchExpiry: z.string(),
    /** customerId only for the roles that read claims (docs/console.md, the roles table). */
    claim: z.object({ customerId: z.string().optional(), claimedAt: z.iso.datetime() }).strict().nullable(),
    scans: z.array(timelineEntrySchema),
    tracking: z.array(z.object({ at: z.iso.datetime(), stage: z.string(), place: z.string() }).strict()),
    warranty: z.object({ status: z.string(), purchaseDate: z.string(), startsOn: z.string(), endsOn: z.string() }).strict().nullable(),
    rewards: z.array(z.object({ reward: z.string(), type: z.string(), at: z.iso.datetime() }).strict()),
    redFlags: z.array(z.object({ id: z.string(), status: z.string(), rules: z.array(z.string()), createdAt: z.iso.datetime() }).strict()),
    /** The brand's marks of the unit as suspect, oldest first, each with its clearing (docs/verification.md, "The brand's decision"). */
    suspectMarks: z.array(suspectMarkSchema),
  })
  .strict();
export type CodeDetail = z.infer<typeof codeDetailSchema>;

/** A unit's GS1 serial (AI 21, docs/gs1.md), kept on its visible code: `effective` is its qrId unless one is set. */
export const unitSerialSchema = z.object({ qrId: z.string(), serial: z.string().nullable(), effective: z.string() }).strict();

export const codeActionSchema = z.object({ qrId: z.string(), state: z.enum(CODE_STATES) }).strict();
export type CodeAction = z.infer<typeof codeActionSchema>;

/** A tracking event recorded on a code from the console (the same as record-tracking-event). */
export const trackingEventBodySchema = z
  .object({
    stage: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
    place: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    at: z.iso.datetime({ offset: true, message: 'must be a date-time like 2025-06-01T10:00:00Z' }).optional(),
  })
  .strict();
export type TrackingEventBody = z.output<typeof trackingEventBodySchema>;
export const trackingEventSchema = z.object({ id: z.string(), qrId: z.string(), stage: z.string(), place: z.string(), at: z.string() }).strict();
export type TrackingEventView = z.infer<typeof trackingEventSchema>;

/**
 * Blacklisting many codes at once (owner, manager): a whole batch, or the units of a batch from
 * one printed code to another (in the order the batch's CSV and PDF print them), the printed and
 * hidden code of each unit together. `confirm` must be true: the page asks first.
 */
export const bulkBlacklistBodySchema = z
  .object({
    batchId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
    from: optional(qrIdParam),
    to: optional(qrIdParam),
    confirm: z.literal(true, { error: 'must be true: confirm the blacklisting' }),
  })
  .strict()
  .refine((b) => !b.from === !b.to, { message: 'give both ends of the range, or neither for the whole batch', path: ['to'] });
export const bulkBlacklistSchema = z
  .object({ batchNumber: z.string(), blacklisted: z.number().int(), alreadyBlacklisted: z.number().int() })
  .strict();
export type BulkBlacklist = z.infer<typeof bulkBlacklistSchema>;

import { z } from 'zod';
import { QR_ID_MAX_LENGTH } from '@/lib/domain/qr-id';
import { DISPUTE_PURCHASE_MAX, DISPUTE_REASON_MAX } from '@/lib/domain/disputes';
import { blankIsUnset, pageFields } from './console-complaints';
import { listFilterShape, rangeInOrder, sortField } from './console-list';

// Disputed claims (issue 27, docs/verification.md "Disputed claims"): the customer's dispute of a
// claim on a hidden code, and the brand's console view and decisions.

export const disputeStatusSchema = z.enum(['open', 'moved', 'rejected']);
export type DisputeState = z.infer<typeof disputeStatusSchema>;

/** The text fields of POST /api/disputes (multipart, with the photo). */
export const disputeFieldsSchema = z
  .object({
    qrId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(QR_ID_MAX_LENGTH, `must be at most ${QR_ID_MAX_LENGTH} characters`),
    purchase: z.string().trim().max(DISPUTE_PURCHASE_MAX, `must be at most ${DISPUTE_PURCHASE_MAX} characters`).optional(),
  })
  .strict();

export const disputeIdSchema = z.string().trim().regex(/^dp_[0-9A-Za-z]{16}$/, 'must be a dispute id (dp_ and 16 letters or digits)');

export const openDisputeResponseSchema = z.object({ disputeId: z.string(), status: disputeStatusSchema, createdAt: z.iso.datetime() }).strict();

/** A dispute as the customer who opened it sees it: never who else claimed the unit. */
export const myDisputeSchema = z
  .object({
    disputeId: z.string(),
    productName: z.string(),
    status: disputeStatusSchema,
    /** The brand's reason when it rejected the dispute. */
    reason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
  })
  .strict();
export const myDisputesResponseSchema = z.object({ disputes: z.array(myDisputeSchema) }).strict();
export type MyDispute = z.infer<typeof myDisputeSchema>;

// The console (area claims).

/** The columns the disputes sort by (the table kit): sent, state, product. */
export const DISPUTE_SORTS = ['created', 'status', 'product'] as const;

const disputeFilterShape = {
  status: z.preprocess(blankIsUnset, z.enum(['open', 'moved', 'rejected', 'all'], { error: 'must be one of: open, moved, rejected, all' }).default('open')),
  sort: sortField(DISPUTE_SORTS, '-created'),
  /** Sent from / to (UTC days, both counted); the product (an id) and the batch (its number) of the disputed unit. */
  ...listFilterShape,
};

export const disputeListQuerySchema = z
  .object({ ...disputeFilterShape, ...pageFields })
  .strict()
  .superRefine(rangeInOrder);
export type DisputeListQuery = z.output<typeof disputeListQuerySchema>;
/** The same filters and sort, for the CSV of every matching dispute. */
export const disputeExportQuerySchema = z.object(disputeFilterShape).strict().superRefine(rangeInOrder);
export type DisputeExportQuery = z.output<typeof disputeExportQuerySchema>;

const person = z.object({ customerId: z.string(), name: z.string() }).strict();

export const consoleDisputeRowSchema = z
  .object({
    id: z.string(),
    status: disputeStatusSchema,
    /** The unit's visible code (its page in the console); the hidden code is a secret of the printing roles. */
    overtQrId: z.string().nullable(),
    productName: z.string(),
    batchNumber: z.string(),
    disputer: person,
    createdAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
  })
  .strict();

export const disputeListSchema = z
  .object({
    disputes: z.array(consoleDisputeRowSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** Open disputes of the brand, whatever the filter. */
    open: z.number().int(),
    products: z.array(z.object({ id: z.string(), name: z.string() }).strict()),
  })
  .strict();
export type ConsoleDisputeList = z.infer<typeof disputeListSchema>;

/** How many of the brand's disputes wait for a decision (the red flags page says so without reading the list). */
export const openDisputeCountSchema = z.object({ open: z.number().int().nonnegative() }).strict();

export const consoleDisputeDetailSchema = z
  .object({
    id: z.string(),
    status: disputeStatusSchema,
    /** The hidden code the customer checked: only for the roles that print codes (owner, manager), else null. */
    hiddenQrId: z.string().nullable(),
    /** The unit's visible code, for its page in the console. */
    overtQrId: z.string().nullable(),
    productName: z.string(),
    batchNumber: z.string(),
    purchase: z.string(),
    hasPhoto: z.boolean(),
    createdAt: z.iso.datetime(),
    disputer: person.extend({ contact: z.string().nullable() }).strict(),
    /** Who held the claim when the dispute was opened. */
    claimantThen: person.extend({ claimedAt: z.iso.datetime().nullable() }).strict().nullable(),
    /** Who holds it now (it may have moved since). */
    claimNow: person.extend({ claimedAt: z.iso.datetime() }).strict().nullable(),
    scans: z
      .object({
        total: z.number().int(),
        people: z.number().int(),
        first: z.iso.datetime().nullable(),
        last: z.iso.datetime().nullable(),
        byResult: z.array(z.object({ result: z.string(), count: z.number().int() }).strict()),
        /** This unit's scans by the disputing customer. */
        byDisputer: z.number().int(),
      })
      .strict(),
    decision: z.object({ reason: z.string().nullable(), at: z.iso.datetime(), by: z.string() }).strict().nullable(),
    /** What a move would carry over, counted now: a warranty, unpaid rewards; and paid ones that stay. */
    moves: z.object({ warranty: z.boolean(), unpaidRewards: z.number().int(), paidRewards: z.number().int() }).strict(),
  })
  .strict();
export type ConsoleDisputeDetail = z.infer<typeof consoleDisputeDetailSchema>;

export const moveDisputeBodySchema = z
  .object({ note: z.string().trim().max(DISPUTE_REASON_MAX, `must be at most ${DISPUTE_REASON_MAX} characters`).optional() })
  .strict();
export const rejectDisputeBodySchema = z
  .object({ reason: z.string({ error: 'is required' }).trim().min(1, 'is required').max(DISPUTE_REASON_MAX, `must be at most ${DISPUTE_REASON_MAX} characters`) })
  .strict();

export const disputeDecisionSchema = z
  .object({
    id: z.string(),
    status: disputeStatusSchema,
    /** For a move: what went to the disputing customer. */
    moved: z.object({ warranty: z.boolean(), rewards: z.number().int(), paidRewardsStayed: z.number().int() }).strict().nullable(),
  })
  .strict();

/** Where staff view a dispute's photo (the console API, on the console host). */
export const disputePhotoUrl = (brandSlug: string, disputeId: string) =>
  `/api/console/brands/${encodeURIComponent(brandSlug)}/disputes/${encodeURIComponent(disputeId)}/photo`;

import { z } from 'zod';
import { PAYOUT_REFERENCE_PATTERN, PAYOUT_STATUSES, paiseFromRupees } from '@/lib/domain/payouts';
import { normalizeBrandDomain } from '@/lib/shared/host';
import { storedClientConfigSchema } from './client-config';
import { journeyDefSchema } from './journeys';
import { blankIsUnset, pageFields } from './console-complaints';
import { listFilterShape, rangeInOrder, sortField } from './console-list';

// The console's rewards, journeys, payouts and brand settings (issue 12): the inputs the use cases
// in lib/console/{rewards,payouts,settings}.ts take, shared by the console API, its forms and the
// command line (lib/operator/aftersales*.ts), so both check a value the same way.

/** Rupees as typed ('25', 25, '25.50') → paise. */
export const rupeesInput = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const paise = paiseFromRupees(String(v));
  if (paise === undefined) {
    ctx.addIssue({ code: 'custom', message: 'must be an amount in rupees like 25 or 25.50 (more than 0, at most 2 decimals)' });
    return z.NEVER;
  }
  return paise;
});

/** A number of coupons. */
export const couponCountInput = z.coerce.number().int('must be a whole number').min(0, 'must be at least 0').max(10_000_000, 'must be at most 10000000');

const rewardName = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');
const rewardDescription = z.string().trim().max(500, 'must be at most 500 characters');
const couponCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,64}$/, 'must be 3-64 letters, digits, - or _');
const perCustomer = z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000');
const budgetInput = z.union([z.string(), z.number()]);

/** The fields of a new reward (without the brand). */
export const rewardInputShape = {
  name: rewardName,
  description: rewardDescription.default(''),
  type: z.enum(['Cashback', 'Coupon'], { error: "must be 'Cashback' or 'Coupon'" }),
  /** Cashback: rupees per reward. */
  amount: rupeesInput.optional(),
  /** Coupon: one code everybody gets; without it, codes come from the pool (uploaded lists). */
  couponCode: couponCode.optional(),
  /** Cashback: total rupees; Coupon with a shared code: number of coupons (a pool coupon counts its uploaded codes). */
  budget: budgetInput.optional(),
  perCustomer: perCustomer.default(1),
};

type RewardInputShape = { type: 'Cashback' | 'Coupon'; amount?: number; couponCode?: string; budget?: string | number };

/** The rules across a reward's fields, named by field. */
export function checkRewardInput(a: RewardInputShape, ctx: z.RefinementCtx) {
  if (a.type === 'Cashback' && a.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is required for a Cashback reward' });
  if (a.type === 'Cashback' && a.couponCode) ctx.addIssue({ code: 'custom', path: ['couponCode'], message: 'is only for Coupon rewards' });
  if (a.type === 'Coupon' && a.amount !== undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is only for Cashback rewards' });
  if (a.type === 'Cashback' && a.budget === undefined) ctx.addIssue({ code: 'custom', path: ['budget'], message: 'is required for a Cashback reward (total rupees)' });
  if (a.type === 'Coupon' && a.couponCode && a.budget === undefined) ctx.addIssue({ code: 'custom', path: ['budget'], message: 'is required for a shared coupon code (number of coupons)' });
  if (a.type === 'Coupon' && !a.couponCode && a.budget !== undefined) ctx.addIssue({ code: 'custom', path: ['budget'], message: 'is counted from the uploaded codes for a pool coupon; leave it out' });
}

export const rewardInputSchema = z.object(rewardInputShape).strict().superRefine(checkRewardInput);
export type RewardInput = z.output<typeof rewardInputSchema>;

/** An edit: anything left out keeps its value. The type and the coupon code stay as created. */
export const rewardPatchSchema = z
  .object({
    name: rewardName,
    description: rewardDescription,
    amount: rupeesInput,
    budget: budgetInput,
    perCustomer,
    active: z.boolean(),
  })
  .partial()
  .strict();
export type RewardPatch = z.output<typeof rewardPatchSchema>;

export const rewardSummarySchema = z.object({
  rewardId: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(['Cashback', 'Coupon']),
  /** Paise (Cashback) or null. */
  amount: z.number().int().nullable(),
  amountText: z.string().nullable(),
  couponCode: z.string().nullable(),
  /** A coupon reward whose codes come from an uploaded pool. */
  pool: z.boolean(),
  /** Paise for Cashback, coupons for Coupon. */
  budgetTotal: z.number().int(),
  budgetUsed: z.number().int(),
  budgetRemaining: z.number().int(),
  /** '₹1000.00' for Cashback, '40 coupons' for Coupon. */
  budgetText: z.string(),
  usedText: z.string(),
  remainingText: z.string(),
  /** Pool coupons: codes not yet given out; null otherwise. */
  poolLeft: z.number().int().nullable(),
  perCustomer: z.number().int(),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type RewardSummary = z.infer<typeof rewardSummarySchema>;

/** Coupon codes as uploaded: a text file (one a line) or a CSV (first column; a 'code' header is skipped). */
export const couponUploadSchema = z.object({ text: z.string().min(1, 'is required').max(5 * 1024 * 1024, 'must be at most 5 MB') }).strict();

export const journeyInputSchema = journeyDefSchema;

export const journeySummarySchema = z.object({
  productId: z.string(),
  productName: z.string(),
  journeyId: z.string().nullable(),
  steps: journeyDefSchema.shape.steps.element.array(),
});
export type JourneySummary = z.infer<typeof journeySummarySchema>;

// Payouts

/** The columns the payouts sort by (the table kit): made, last changed, amount, status, reference. */
export const PAYOUT_SORTS = ['created', 'updated', 'amount', 'status', 'reference'] as const;

const payoutFilterShape = {
  status: z.preprocess(blankIsUnset, z.enum(PAYOUT_STATUSES, { error: `must be one of ${PAYOUT_STATUSES.join(', ')}` }).optional()),
  sort: sortField(PAYOUT_SORTS, '-updated'),
  /** Made from / to (days), the product (an id) and the batch (its number) of the rewarded unit. */
  ...listFilterShape,
};

export const payoutListQuerySchema = z
  .object({ ...payoutFilterShape, ...pageFields })
  .strict()
  .superRefine(rangeInOrder);
/** The same filters and sort, for the CSV of every matching payout. */
export const payoutExportQuerySchema = z.object(payoutFilterShape).strict().superRefine(rangeInOrder);
export type PayoutListQuery = z.output<typeof payoutListQuerySchema>;
export type PayoutExportQuery = z.output<typeof payoutExportQuerySchema>;

export const consolePayoutSchema = z.object({
  reference: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  amount: z.number().int(),
  amountText: z.string(),
  vpa: z.string().nullable(),
  customerName: z.string(),
  rewardName: z.string(),
  /** The rewarded unit's product. */
  productName: z.string(),
  attempts: z.number().int(),
  bankRef: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Claimed, but its unit has an open red flag: left out of exports until the review ends. */
  held: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  claimedAt: z.iso.datetime().nullable(),
  settledAt: z.iso.datetime().nullable(),
});
export type ConsolePayout = z.infer<typeof consolePayoutSchema>;

export const payoutListSchema = z.object({
  payouts: z.array(consolePayoutSchema),
  /** Payouts of the brand by status (all of them, whatever the filter). */
  counts: z.record(z.enum(PAYOUT_STATUSES), z.number().int()),
  /** How many payouts the filters match, and the page of them shown. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  products: z.array(z.object({ id: z.string(), name: z.string() }).strict()),
});

export const payoutExportSchema = z.object({ fileName: z.string(), csv: z.string(), count: z.number().int(), total: z.string(), held: z.number().int() });

/** The bank's result CSV as uploaded (reference,status,bank_ref,reason). */
export const bankResultsUploadSchema = z.object({ text: z.string().min(1, 'is required').max(5 * 1024 * 1024, 'must be at most 5 MB') }).strict();
export const bankResultsImportSchema = z.object({ completed: z.number().int(), failed: z.number().int(), unchanged: z.number().int() });

export const payoutReferenceParams = { reference: z.string().regex(PAYOUT_REFERENCE_PATTERN, 'must be a payout reference like PO1A2B3C4D5E6F7G') };
export const retryPayoutResultSchema = z.object({ reference: z.string(), status: z.enum(PAYOUT_STATUSES), vpa: z.string().nullable(), attempts: z.number().int() });

// Brand settings

/**
 * A domain of the brand: a host name like shop.example.com, in the form it is stored in (any case,
 * a trailing dot and a Unicode name all come to one form; lib/shared/host.ts normalizeBrandDomain).
 * A port, an IP literal or a malformed name is refused naming the problem.
 */
export const brandDomainInput = z.string().transform((d, ctx) => {
  const { domain, problem } = normalizeBrandDomain(d);
  if (problem !== undefined) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return domain;
});
export const brandDomainBodySchema = z.object({ domain: brandDomainInput }).strict();

export const brandSettingsSchema = z.object({
  organizationName: z.string(),
  organizationType: z.string(),
  config: storedClientConfigSchema,
  /** The domains the brand serves on. */
  domains: z.array(z.string()),
  /** Domains added in the console and waiting for the operator's approval: they serve nothing yet. */
  pendingDomains: z.array(z.string()),
  updatedAt: z.iso.datetime(),
});
export type BrandSettings = z.infer<typeof brandSettingsSchema>;

/** "Purge now" of the brand's raw scan data: the caller confirms, the server applies the retention days. */
export const purgeScansBodySchema = z.object({ confirm: z.literal(true, { error: 'must be true: purging deletes scans for good' }) }).strict();
export const purgeScansResultSchema = z
  .object({ retentionDays: z.number().int(), before: z.string(), scansDeleted: z.number().int(), sessionsDeleted: z.number().int() })
  .strict();
export type PurgeScansResult = z.infer<typeof purgeScansResultSchema>;

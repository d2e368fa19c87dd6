import { z } from 'zod';
import { PAYOUT_STATUSES } from '@/lib/domain/payouts';

// GET /api/customer/rewards, POST /api/customer/rewards/{grantId}/claim (Idempotency-Key header),
// GET /api/customer/transactions. Amounts are whole paise; amountText is rupees ('₹25.00').

export const payoutStatusSchema = z.enum(PAYOUT_STATUSES);

/** Idempotency-Key header of a claim: 8-100 letters, digits and - _ . : */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'must be 8-100 letters, digits or - _ . :');

export const payoutSchema = z.object({
  payoutId: z.string(),
  grantId: z.string(),
  rewardName: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  amountText: z.string(),
  status: payoutStatusSchema,
  vpa: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** The bank's reference (UTR) of a paid payout (docs/messages.md); null until paid. */
  bankRef: z.string().nullable(),
  createdAt: z.iso.datetime(),
  claimedAt: z.iso.datetime().nullable(),
  settledAt: z.iso.datetime().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const rewardGrantSchema = z.object({
  grantId: z.string(),
  rewardId: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(['Cashback', 'Coupon']),
  amount: z.number().int().nullable(),
  amountText: z.string().nullable(),
  couponCode: z.string().nullable(),
  unitId: z.string(),
  productName: z.string(),
  earnedAt: z.iso.datetime(),
  /** Cashback only: the payout and its status (NOT_CLAIMED until claimed). */
  payout: payoutSchema.nullable(),
  /**
   * While the brand checks the unit for copies (an open red flag), what the customer is told: a
   * coupon's code is withheld (couponCode null) and a cashback cannot be claimed. Null otherwise.
   */
  hold: z.string().nullable(),
});
export type RewardGrant = z.infer<typeof rewardGrantSchema>;

export const rewardsResponseSchema = z.object({ rewards: z.array(rewardGrantSchema) });
export const grantParamsSchema = z.object({ grantId: z.string().min(1).max(64) });
export const transactionsResponseSchema = z.object({ transactions: z.array(payoutSchema) });

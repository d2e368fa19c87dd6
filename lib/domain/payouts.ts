// Payout statuses (product-spec section 4) and the moves allowed between them (docs/after-sales.md).
// Pure: the database applies each move as a conditional update on the expected status.

export const PAYOUT_STATUSES = [
  'DEFAULT',
  'NOT_CLAIMED',
  'TRANSFER_PENDING',
  'PENDING_AT_BANK',
  'TRANSFER_COMPLETED',
  'TRANSFER_FAILED',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A payout reference given to the bank: 'PO' and 14 upper-case letters or digits without I or O (lib/payouts/reference.ts makes them). */
export const PAYOUT_REFERENCE_PATTERN = /^PO[0-9A-HJ-NP-Z]{14}$/;

/**
 * DEFAULT: created with the grant, its amount not yet reserved from the reward's budget.
 * NOT_CLAIMED: earned, waiting for the customer to claim it to a UPI id.
 * TRANSFER_PENDING: claimed (UPI id snapshotted), waiting for the next bank export.
 * PENDING_AT_BANK: exported to the bank, waiting for its result file.
 * TRANSFER_COMPLETED: paid (final). TRANSFER_FAILED: the bank refused; may be retried.
 */
export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutStatus, readonly PayoutStatus[]>> = {
  DEFAULT: ['NOT_CLAIMED'],
  NOT_CLAIMED: ['TRANSFER_PENDING'],
  TRANSFER_PENDING: ['PENDING_AT_BANK'],
  PENDING_AT_BANK: ['TRANSFER_COMPLETED', 'TRANSFER_FAILED'],
  TRANSFER_COMPLETED: [],
  TRANSFER_FAILED: ['TRANSFER_PENDING'],
};

export function canTransition(from: PayoutStatus, to: PayoutStatus): boolean {
  return PAYOUT_TRANSITIONS[from].includes(to);
}

/** Paise (integer) as rupees with two decimals: 2500 → '25.00'. */
export function rupees(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new Error('amount must be a non-negative whole number of paise');
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** Rupees as typed by an operator ('25', '25.5', '25.50') → paise; undefined when not a valid amount. */
export function paiseFromRupees(text: string): number | undefined {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const paise = Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
  return paise > 0 ? paise : undefined;
}

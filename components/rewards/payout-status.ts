import type { Payout } from '@/lib/schemas/rewards';

// How a payout status reads on screen: a label in words (never colour alone) and a tone.

type Status = Payout['status'];
export type Tone = 'neutral' | 'progress' | 'success' | 'danger';

export const PAYOUT_STATUS_TEXT: Record<Status, { label: string; detail: string; tone: Tone }> = {
  DEFAULT: { label: 'Not yet available', detail: 'This reward is being prepared.', tone: 'neutral' },
  NOT_CLAIMED: { label: 'Ready to claim', detail: 'Claim it to have it paid to your UPI id.', tone: 'neutral' },
  TRANSFER_PENDING: { label: 'Transfer pending', detail: 'Claimed. The payment will be sent to your bank soon.', tone: 'progress' },
  PENDING_AT_BANK: { label: 'Pending at the bank', detail: 'The bank is processing the payment.', tone: 'progress' },
  TRANSFER_COMPLETED: { label: 'Transfer completed', detail: 'Paid to your UPI id.', tone: 'success' },
  TRANSFER_FAILED: { label: 'Transfer failed', detail: 'The bank could not pay it. The brand will try again.', tone: 'danger' },
};

export const TONE_CLASSES: Record<Tone, string> = {
  neutral: 'border-gray-500 bg-gray-100 text-gray-900',
  progress: 'border-amber-700 bg-amber-50 text-amber-900',
  success: 'border-green-700 bg-green-50 text-green-900',
  danger: 'border-red-700 bg-red-50 text-red-900',
};

export function payoutStatusText(status: Status) {
  return PAYOUT_STATUS_TEXT[status];
}

import type { Payout } from '@/lib/schemas/rewards';
import type { MessageKey } from '@/lib/shared/i18n';

// How a payout status reads on screen: a label in words (never colour alone) and a tone. The
// words are the catalogue's (messages/*.json), by the status, which stays on the wire as it is.

type Status = Payout['status'];
export type Tone = 'neutral' | 'progress' | 'success' | 'danger';

export const PAYOUT_STATUS_TEXT: Record<Status, { label: MessageKey; detail: MessageKey; tone: Tone }> = {
  DEFAULT: { label: 'rewards.statusDefault', detail: 'rewards.detailDefault', tone: 'neutral' },
  NOT_CLAIMED: { label: 'rewards.statusNotClaimed', detail: 'rewards.detailNotClaimed', tone: 'neutral' },
  TRANSFER_PENDING: { label: 'rewards.statusPending', detail: 'rewards.detailPending', tone: 'progress' },
  PENDING_AT_BANK: { label: 'rewards.statusAtBank', detail: 'rewards.detailAtBank', tone: 'progress' },
  TRANSFER_COMPLETED: { label: 'rewards.statusCompleted', detail: 'rewards.detailCompleted', tone: 'success' },
  TRANSFER_FAILED: { label: 'rewards.statusFailed', detail: 'rewards.detailFailed', tone: 'danger' },
};

export const TONE_CLASSES: Record<Tone, string> = {
  neutral: 'border-gray-500 bg-gray-100 text-gray-900',
  progress: 'border-amber-700 bg-amber-50 text-amber-900',
  success: 'border-green-700 bg-green-50 text-green-900',
  danger: 'border-red-700 bg-red-50 text-red-900',
};

/** The status's label and detail keys, and its tone. */
export function payoutStatusText(status: Status) {
  return PAYOUT_STATUS_TEXT[status];
}

import type { Payout } from '@/lib/schemas/rewards';
import type { Translate } from '@/lib/shared/i18n';
import { TONE_CLASSES, payoutStatusText } from './payout-status';

// A payout status as a labelled badge: the words carry the meaning, the colour only helps.
export function PayoutStatusBadge({ status, t }: { status: Payout['status']; t: Translate }) {
  const s = payoutStatusText(status);
  return (
    <span data-testid="payout-status" data-status={status} className={`inline-block rounded-full border px-2 py-0.5 text-sm font-semibold ${TONE_CLASSES[s.tone]}`}>
      {t(s.label)}
    </span>
  );
}

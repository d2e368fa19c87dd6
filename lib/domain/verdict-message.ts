import type { VerdictLabel } from './verdict';
import type { RiskLevel } from './risk';

// One message per answer (docs/verification.md, "One message"): the spec's label stays the result's
// name, exactly; beside it one headline and one colour drawn from the label and the risk together,
// so no page says "do not accept it" above "nothing unusual", and a shopper without an account
// gets a verdict they can act on before buying. Pure: the verify pages and /scan-result use it.

export type MessageTone = 'genuine' | 'info' | 'warning' | 'danger';
export type VerdictMessage = { tone: MessageTone; headline: string | null };

export const COPY_HEADLINE = 'Likely a copy: do not buy it, report it.';
export const UNUSUAL_HEADLINE = 'Genuine code, checked in unusual ways: here is what to look for.';

type Input = {
  label: VerdictLabel;
  risk: RiskLevel | null;
  brand: string;
  /** The verification count with this check (1: the first check of the pack). */
  count?: number;
  /** The unit's claim as answered: null when nobody claimed it; byYou when the asker did. */
  claim?: { byYou: boolean } | null;
};

export function verdictMessage({ label, risk, brand, count, claim }: Input): VerdictMessage {
  if (label === 'Fake' || label === 'Invalid Product') return { tone: 'danger', headline: `Not a genuine code of ${brand}: do not buy it, report it.` };
  if (risk === 'suspect') return { tone: 'danger', headline: COPY_HEADLINE };
  if (label === 'Expired') return { tone: 'warning', headline: 'Genuine code, but the pack is past its expiry date: do not use it.' };
  if (label === 'Product Cliamed' || (label === 'Info' && claim && !claim.byYou)) {
    return { tone: 'warning', headline: 'Genuine code, already registered by a buyer: if it is sold to you as new, do not buy it.' };
  }
  if (risk === 'caution') return { tone: 'warning', headline: UNUSUAL_HEADLINE };
  if (label === 'Scan pre sale first') return { tone: 'warning', headline: 'Genuine code: check the visible code first, then the hidden one.' };
  if (label === 'Tracking' || label === 'Batch Details Only') return { tone: 'info', headline: null };
  const first = count === 1 ? ', first check of this pack' : '';
  return { tone: 'genuine', headline: `Genuine code of ${brand}${first}.` };
}

/** The reasons to show under that message: never "nothing unusual" under a warning or a danger. */
export const NOTHING_UNUSUAL = 'Nothing unusual about its checks.';
export function shownReasons(reasons: readonly string[], tone: MessageTone): string[] {
  return tone === 'genuine' || tone === 'info' ? [...reasons] : reasons.filter((r) => r !== NOTHING_UNUSUAL);
}

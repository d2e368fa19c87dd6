import type { VerdictLabel } from './verdict';
import type { RiskLevel } from './risk';

// One message per answer (docs/verification.md, "One message"): the spec's label stays the result's
// name, exactly; beside it one headline and one colour drawn from the label and the risk together,
// so no page says "do not accept it" above "nothing unusual", and a shopper without an account
// gets a verdict they can act on before buying. Pure: the verify pages and /scan-result use it.

export type MessageTone = 'genuine' | 'info' | 'warning' | 'danger';
/** The headline's key in the language catalogues (messages/*.json), with its values. */
export type HeadlineKey =
  | 'headline.notGenuine'
  | 'headline.copy'
  | 'headline.expired'
  | 'headline.claimed'
  | 'headline.unusual'
  | 'headline.preSaleFirst'
  | 'headline.genuineFirst'
  | 'headline.genuine';
/** The headline's words live in the catalogues only (English: messages/en.json), so they are never written twice. */
export type VerdictMessage = { tone: MessageTone; key: HeadlineKey | null; values?: { brand: string } };

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
  if (label === 'Fake' || label === 'Invalid Product') return { tone: 'danger', key: 'headline.notGenuine', values: { brand } };
  if (risk === 'suspect') return { tone: 'danger', key: 'headline.copy' };
  if (label === 'Expired') return { tone: 'warning', key: 'headline.expired' };
  if (label === 'Product Cliamed' || (label === 'Info' && claim && !claim.byYou)) {
    return { tone: 'warning', key: 'headline.claimed' };
  }
  if (risk === 'caution') return { tone: 'warning', key: 'headline.unusual' };
  if (label === 'Scan pre sale first') return { tone: 'warning', key: 'headline.preSaleFirst' };
  if (label === 'Tracking' || label === 'Batch Details Only') return { tone: 'info', key: null };
  if (count === 1) return { tone: 'genuine', key: 'headline.genuineFirst', values: { brand } };
  return { tone: 'genuine', key: 'headline.genuine', values: { brand } };
}

/**
 * The reasons to show under that message: never "nothing unusual" under a warning or a danger.
 * `said`: the same reasons as the customer reads them (lib/shared/risk-words.ts), in their order.
 */
export const NOTHING_UNUSUAL = 'Nothing unusual about its checks.';
export function shownReasons<T = string>(reasons: readonly string[], tone: MessageTone, said: readonly T[] = reasons as readonly T[]): T[] {
  return said.filter((_, i) => tone === 'genuine' || tone === 'info' || reasons[i] !== NOTHING_UNUSUAL);
}

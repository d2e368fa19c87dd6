import type { MessageKey, Translate } from './i18n';

// The reasons beside a verdict's risk in the customer's language (docs/languages.md): the API
// answers each reason by a stable code with named values (risk.reasonCodes, beside the English
// risk.reasons it always sent), and a screen or the evidence report says it by the code, never by
// reading the English. Where English words change with a value (1 person / 2 different people,
// within an hour / within 3 hours, separate times / times or places more than 50 km apart) the
// code's value picks one of the code's keys; every language has each of them.

export const RISK_REASON_CODES = [
  'firstCheck',
  'history',
  'ownRescan',
  'claimant',
  'nothingUnusual',
  'sessions',
  'places',
  'travel',
  'market',
  'destination',
  'sellBy',
  'covert',
  'hidden',
  'consumedLate',
  'consumed',
  'untrustedPlace',
  'implausiblePlace',
  'brandMarked',
] as const;
export type RiskReasonCode = (typeof RISK_REASON_CODES)[number];
export type RiskReasonValues = Record<string, string | number>;

export function isRiskReasonCode(value: unknown): value is RiskReasonCode {
  return typeof value === 'string' && (RISK_REASON_CODES as readonly string[]).includes(value);
}

/** The catalogue key of a reason, chosen by its code and, where the words depend on them, its values. */
export function riskReasonKey(code: RiskReasonCode, v: RiskReasonValues = {}): MessageKey {
  switch (code) {
    case 'history':
      return v.place !== undefined ? (v.people === 1 ? 'risk.reason.historyNearOne' : 'risk.reason.historyNear') : v.people === 1 ? 'risk.reason.historyOne' : 'risk.reason.history';
    case 'places':
      return v.names !== undefined ? 'risk.reason.placesNamed' : 'risk.reason.places';
    case 'travel':
      return v.hours === 0 ? 'risk.reason.travelHour' : 'risk.reason.travel';
    case 'consumedLate':
      return v.days === 1 ? 'risk.reason.consumedLateOneDay' : 'risk.reason.consumedLate';
    case 'consumed':
      return v.km !== undefined ? 'risk.reason.consumedPlaces' : 'risk.reason.consumed';
    default:
      return `risk.reason.${code}`;
  }
}

/**
 * Every key a reason can be said with (the catalogue test checks each exists in every language).
 * Listed as literals: the catalogue test finds a key used when the code names it.
 */
export const RISK_REASON_KEYS: readonly MessageKey[] = [
  'risk.reason.firstCheck',
  'risk.reason.history',
  'risk.reason.historyOne',
  'risk.reason.historyNear',
  'risk.reason.historyNearOne',
  'risk.reason.ownRescan',
  'risk.reason.claimant',
  'risk.reason.nothingUnusual',
  'risk.reason.sessions',
  'risk.reason.places',
  'risk.reason.placesNamed',
  'risk.reason.travel',
  'risk.reason.travelHour',
  'risk.reason.market',
  'risk.reason.destination',
  'risk.reason.sellBy',
  'risk.reason.covert',
  'risk.reason.hidden',
  'risk.reason.consumedLate',
  'risk.reason.consumedLateOneDay',
  'risk.reason.consumed',
  'risk.reason.consumedPlaces',
  'risk.reason.brandMarked',
  'risk.reason.untrustedPlace',
  'risk.reason.implausiblePlace',
];

/** A reason in the language of `t`; its dates ('2026-03-12') through `day`. */
export function riskReasonText(t: Translate, day: (isoDay: string) => string, reason: { code: RiskReasonCode; values?: RiskReasonValues }): string {
  const values = { ...reason.values };
  if (typeof values.date === 'string') values.date = day(values.date);
  return t(riskReasonKey(reason.code, reason.values), values);
}

/**
 * The reasons of an answer as the customer reads them: by code when the answer carries codes
 * (one per reason), else the English words as sent (an older answer kept in the browser).
 */
export function riskReasonTexts(
  t: Translate,
  day: (isoDay: string) => string,
  risk: { reasons: readonly string[]; reasonCodes?: readonly { code: string; values?: RiskReasonValues }[] | null },
): string[] {
  const codes = risk.reasonCodes;
  if (!codes || codes.length !== risk.reasons.length || !codes.every((r) => isRiskReasonCode(r.code))) return [...risk.reasons];
  return codes.map((r) => riskReasonText(t, day, r as { code: RiskReasonCode; values?: RiskReasonValues }));
}

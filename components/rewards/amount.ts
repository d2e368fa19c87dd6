import type { I18n } from '@/lib/shared/i18n';

/** A reward's amount (whole paise on the wire) as rupees in the page's language; the API's text when it has no amount. */
export const rupeesOf = ({ f }: Pick<I18n, 'f'>, r: { amount: number | null; amountText: string | null }) => (r.amount === null ? (r.amountText ?? '') : f.rupees(r.amount / 100));

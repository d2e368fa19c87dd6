// Dates as the verify screens show them: the same on the server and in the browser (UTC).

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const MOMENT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** 'YYYY-MM-DD' → '31 Jan 2027'; the placeholders 'Not Available' / 'Not Applicable' stay as they are. */
export function formatDay(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return DAY.format(new Date(`${value}T00:00:00Z`));
}

/** An ISO date-time → '22 Nov 2025, 14:03 UTC'. */
export function formatMoment(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${MOMENT.format(d)} UTC`;
}

/** Expiry state of a batch on `today` (YYYY-MM-DD): good through its expiry day. */
export function expiryStateOf(expiryDate: string, today: string): 'no-expiry' | 'good' | 'expired' {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expiryDate)) return 'no-expiry';
  return expiryDate < today ? 'expired' : 'good';
}

// Dates of the after-sales screens, the same on the server and in the browser (UTC).

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const MOMENT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** 'YYYY-MM-DD' → '31 Jan 2027'; placeholders like 'Not Applicable' stay as they are. */
export function day(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return DAY.format(new Date(`${value}T00:00:00Z`));
}

/** An ISO date-time → '22 Nov 2025, 14:03 UTC'. */
export function moment(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${MOMENT.format(d)} UTC`;
}

/** The expiry of a unit in words. */
export function expiryText(e: { expiryDate: string; isExpired: boolean; daysLeft: number | null }): string {
  if (e.expiryDate === 'Not Applicable' || e.daysLeft === null) return 'Does not expire';
  if (e.isExpired) return `Expired on ${day(e.expiryDate)}`;
  if (e.daysLeft === 0) return `Expires today (${day(e.expiryDate)})`;
  return `Good until ${day(e.expiryDate)} (${e.daysLeft} day${e.daysLeft === 1 ? '' : 's'} left)`;
}

export const WARRANTY_STATUS_TEXT = { ACTIVE: 'Active', EXPIRED: 'Expired', VOID: 'Void' } as const;

/** The warranty of a unit in words. */
export function warrantyText(w: { status: keyof typeof WARRANTY_STATUS_TEXT; endsOn: string } | null): string {
  if (!w) return 'Not registered';
  if (w.status === 'ACTIVE') return `Active until ${day(w.endsOn)}`;
  if (w.status === 'EXPIRED') return `Expired on ${day(w.endsOn)}`;
  return 'Void';
}

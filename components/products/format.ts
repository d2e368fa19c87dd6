// Dates and states of the after-sales screens, the same on the server and in the browser (UTC).

import { formatDay as day, formatMoment as moment } from '@/components/scan/format';

// The dates themselves are formatted as the verify screens format them.
export { day, moment };

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

// Warranty period from the purchase date and the product's warranty months. Pure.

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Adds whole months to a YYYY-MM-DD date, clamping to the month's last day (Jan 31 + 1 → Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return iso(target);
}

/** Covered from the purchase date through the day before the same date `months` later. */
export function warrantyPeriod(purchaseDate: string, months: number): { startsOn: string; endsOn: string } {
  if (!Number.isInteger(months) || months < 1) throw new Error('warranty months must be a positive integer');
  const end = new Date(`${addMonths(purchaseDate, months)}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 1);
  return { startsOn: purchaseDate, endsOn: iso(end) };
}

export function warrantyStatus(endsOn: string, stored: 'REGISTERED' | 'VOID', today: string): 'ACTIVE' | 'EXPIRED' | 'VOID' {
  if (stored === 'VOID') return 'VOID';
  return endsOn >= today ? 'ACTIVE' : 'EXPIRED';
}

/** Whole days from `today` to `date` (negative when past). */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

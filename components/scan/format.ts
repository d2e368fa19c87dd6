// The expiry state of a batch; its dates are shown through the formatters of the page's language
// (lib/shared/formats.ts, docs/languages.md).

/** Expiry state of a batch on `today` (YYYY-MM-DD): good through its expiry day. */
export function expiryStateOf(expiryDate: string, today: string): 'no-expiry' | 'good' | 'expired' {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expiryDate)) return 'no-expiry';
  return expiryDate < today ? 'expired' : 'good';
}

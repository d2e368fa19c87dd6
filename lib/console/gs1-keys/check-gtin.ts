import 'server-only';
import { fieldError } from '@/lib/errors';
import { normalizeGtin } from '@/lib/domain/gs1';

/** A GTIN as typed → its 14-digit form, or 422 naming `gtin`. */
export function checkGtin(raw: string): string {
  const checked = normalizeGtin(raw);
  if (!checked.ok) throw fieldError('unprocessable', 'gtin', checked.problem);
  return checked.gtin;
}

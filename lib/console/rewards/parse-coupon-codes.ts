import 'server-only';
import { fieldError } from '@/lib/errors';
import { parseCsv } from '@/lib/payouts/csv';

/** Coupon codes from a text (one a line) or a CSV (first column; a 'code' header is skipped): all or nothing. */
export function parseCouponCodes(text: string): string[] {
  let rows;
  try {
    rows = parseCsv(text);
  } catch (e) {
    throw fieldError('unprocessable', 'file', (e as Error).message);
  }
  const codes: string[] = [];
  const problems: string[] = [];
  for (const { line, fields } of rows) {
    const code = (fields[0] ?? '').trim();
    if (line === rows[0]?.line && code.toLowerCase() === 'code') continue;
    if (!/^[A-Za-z0-9_-]{3,64}$/.test(code)) problems.push(`line ${line}: ${JSON.stringify(code.slice(0, 40))} is not a coupon code (3-64 letters, digits, - or _)`);
    else codes.push(code);
  }
  if (problems.length) throw fieldError('unprocessable', 'file', `Nothing uploaded; ${problems.slice(0, 20).join('; ')}`);
  if (!codes.length) throw fieldError('unprocessable', 'file', 'no coupon codes found');
  if (codes.length > 100_000) throw fieldError('unprocessable', 'file', 'at most 100000 codes at once');
  return codes;
}

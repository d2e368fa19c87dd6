import { randomBytes } from 'node:crypto';

// Payout references given to the bank: 'PO' and 14 upper-case letters or digits, unguessable,
// fixed at creation so a retry reaches the bank under the same reference.
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'; // no I or O (read aloud to a bank)

export function newPayoutReference(): string {
  let out = '';
  while (out.length < 14) {
    for (const b of randomBytes(24)) {
      if (b < 238 && out.length < 14) out += ALPHABET[b % 34]; // 238 = 34 * 7: no modulo bias
    }
  }
  return `PO${out}`;
}

export { PAYOUT_REFERENCE_PATTERN } from '@/lib/domain/payouts';

import { randomBytes } from 'node:crypto';

// Random identifiers. base62 keeps them short and URL-safe without ambiguity about case.
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomId(prefix: string, length = 20): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += ALPHABET[b % 62]; // 248 = 62 * 4: no modulo bias
  }
  return `${prefix}_${out}`;
}

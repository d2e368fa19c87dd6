// Authentication codes printed under a covert code's scratch-off, typed by hand (brand flag
// isVTCodesEnabled). Crockford base32: no I, L, O, U; typing is case-insensitive, O reads as
// 0 and I or L as 1, and spaces or dashes are ignored.

export const AUTH_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 10 characters: 50 bits, unique per brand, guessed only through the scan rate limit. */
export const AUTH_CODE_LENGTH = 10;

/** The canonical form of a typed code, or undefined when it cannot be one. */
export function normalizeAuthCode(typed: string): string | undefined {
  if (typed.length > 40) return undefined;
  const compact = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (compact.length !== AUTH_CODE_LENGTH) return undefined;
  for (const ch of compact) if (!AUTH_CODE_ALPHABET.includes(ch)) return undefined;
  return compact;
}

/** Printed form: two groups of five, easier to read off a scratch-off. */
export function formatAuthCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

// Staff recovery codes (docs/console.md, "Second factor"; issue 28): pure, so the API, the
// console's form and the unit tests share one spelling. A code is 12 symbols of Crockford's
// base 32 (60 bits), shown in three groups of four (`k7hm-2qxz-9wrt`); what a person types is
// read leniently: case, spaces and dashes do not matter, and the look-alikes o, i and l are read
// as 0, 1 and 1 (the alphabet has no o, i, l or u).

export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 12;
/** Crockford's base 32 in lower case: digits and letters without i, l, o and u (5 bits a symbol). */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** What a person typed, as the code is stored: lower case, without spaces and dashes. Never throws. */
export function normalizeRecoveryCode(typed: string): string {
  return typed
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
}

/** Whether a normalised code has the shape of a recovery code (a code of another shape is simply wrong). */
export function isRecoveryCodeShape(code: string): boolean {
  return code.length === RECOVERY_CODE_LENGTH && [...code].every((c) => RECOVERY_CODE_ALPHABET.includes(c));
}

/** A code as shown: groups of four joined by dashes. */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** A code of `RECOVERY_CODE_LENGTH` symbols from random bytes (one byte a symbol; 256 is a multiple of 32, so no bias). */
export function recoveryCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < RECOVERY_CODE_LENGTH) throw new Error(`needs ${RECOVERY_CODE_LENGTH} random bytes`);
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_CODE_ALPHABET[bytes[i]! % RECOVERY_CODE_ALPHABET.length];
  return code;
}

// Account rules shared by the API schemas and the browser forms. Kept free of zod so the forms
// do not ship a validation library to the phone for three numbers.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;

/** Changing the UPI id needs a sign-in this recent, or the current password (docs/security.md). */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;
export const UPI_NEEDS_PASSWORD = 'Enter your current password to change your UPI id.';
export const UPI_NEEDS_SIGN_IN = 'To change your UPI id, sign out and sign in again: your last sign-in was more than 10 minutes ago.';

/** Indian numbers may be given without +91; anything else needs its country code (the API's rule, which the change-contact screen checks first). */
export function normalizeMobile(input: string): string | undefined {
  const compact = input.replace(/[\s\-().]/g, '');
  const withPlus = /^\d{10}$/.test(compact) ? `+91${compact}` : compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  return /^\+[1-9]\d{7,14}$/.test(withPlus) ? withPlus : undefined;
}

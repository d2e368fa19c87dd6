// The UPI id (virtual payment address, handle@bank) rule, in one place: the API's schema
// (lib/schemas/customer.ts `vpaSchema`) and the browser's form check (components/rewards/vpa.ts)
// both read it, so the form does not need the schema library to say what the API will refuse.

/** Longest UPI id accepted, counted after trimming. */
export const VPA_MAX_LENGTH = 100;

/** handle (2–256 of letters, digits, `.`, `_`, `-`) @ bank (a letter, then 1–63 letters or digits). */
export const VPA_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;

/** True when `value`, trimmed, is a UPI id the API accepts. */
export function isVpa(value: string): boolean {
  const v = value.trim();
  return v.length <= VPA_MAX_LENGTH && VPA_PATTERN.test(v);
}

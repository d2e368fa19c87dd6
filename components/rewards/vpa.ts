import { isVpa } from '@/lib/domain/vpa';

// The UPI id check the form makes before saving: the API's rule (lib/domain/vpa.ts, which
// lib/schemas/customer.ts's `vpaSchema` applies too), without the schema library in the page.

/** The problem with a typed UPI id, or undefined; empty means "remove it" and is allowed. */
export function vpaProblem(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  return isVpa(value) ? undefined : 'Enter a UPI id like name@bank.';
}

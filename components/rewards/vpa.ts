import { vpaSchema } from '@/lib/schemas/customer';

// The UPI id check the form makes before saving; the same rule as the API (lib/schemas/customer.ts).

/** The problem with a typed UPI id, or undefined; empty means "remove it" and is allowed. */
export function vpaProblem(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const r = vpaSchema.safeParse(value);
  return r.success ? undefined : 'Enter a UPI id like name@bank.';
}

'use client';
import { Field } from '@/components/ui/field';
import { OTP_LENGTH } from '@/lib/domain/auth-rules';

/**
 * The one-time code's field, as every code screen asks for it: digits only (anything else typed is
 * dropped), the number keypad, the phone's SMS autofill (`one-time-code`), at most OTP_LENGTH digits.
 */
export function CodeField({ label, value, onChange, error }: { label: string; value: string; onChange: (digits: string) => void; error?: string }) {
  return (
    <Field
      label={label}
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={OTP_LENGTH}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      error={error}
      required
    />
  );
}

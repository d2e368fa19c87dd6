'use client';
import { Field } from '@/components/ui/field';

// The 6-digit code of an authenticator app: digits only, filled in by password managers and phones.
// On the second-factor screen it is the only field, so it takes the keyboard at once.
export function CodeField({ value, onChange, error, autoFocus }: { value: string; onChange: (v: string) => void; error?: string; autoFocus?: boolean }) {
  return (
    <Field
      label="6-digit code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      hint="The code your authenticator app shows for the brand console now."
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      error={error}
      required
      autoFocus={autoFocus}
    />
  );
}

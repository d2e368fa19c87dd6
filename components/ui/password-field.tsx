'use client';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { useT } from '@/components/shell/i18n-context';
import { FieldFrame, describedBy } from './field';

// A password field with a show/hide toggle: an eye button whose name stays "Show password"
// (its text, for screen readers only, so the field's own label is the only label that names
// a password) and whose pressed state says whether the text is shown (aria-pressed). Typing
// goes on in the same input: only its type changes. Field's frame (components/ui/field.tsx) with
// the button beside the input, kept apart so pages without passwords do not load it.
type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; error?: string; hint?: string };

export function PasswordField({ label, error, hint, id, className, ...rest }: Props) {
  const t = useT();
  const auto = useId();
  const inputId = id ?? auto;
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <div className="flex gap-2">
        <input
          id={inputId}
          type={shown ? 'text' : 'password'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, hint, error)}
          className="block min-h-11 min-w-0 flex-1 rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900"
          {...rest}
        />
        <button
          type="button"
          aria-pressed={shown}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-gray-500 bg-white text-gray-900 aria-pressed:bg-gray-200"
          onClick={() => setShown((v) => !v)}
        >
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
            <circle cx="12" cy="12" r="3" />
            {shown && <path d="M3 3l18 18" />}
          </svg>
          <span className="sr-only">{t('auth.showPassword')}</span>
        </button>
      </div>
    </FieldFrame>
  );
}

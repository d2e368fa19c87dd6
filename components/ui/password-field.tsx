'use client';
import { useState, type ComponentProps } from 'react';
import { useT } from '@/components/shell/i18n-context';
import { Field } from './field';

// A password field with a show/hide toggle: an eye button whose name stays "Show password"
// (its text, for screen readers only, so the field's own label is the only label that names
// a password) and whose pressed state says whether the text is shown (aria-pressed). Typing
// goes on in the same input: only its type changes.
export function PasswordField(props: Omit<ComponentProps<typeof Field>, 'type' | 'action'>) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      action={
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
      }
    />
  );
}

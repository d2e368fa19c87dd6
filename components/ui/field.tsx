import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

// A labelled input whose error is tied to it (aria-describedby, aria-invalid).
type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

/** The ids that describe a field's input: its hint, then its error. */
export function describedBy(inputId: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A field's frame: the label for `inputId`, the control itself, then its hint and error (the ids `describedBy` names). */
export function FieldFrame({ inputId, label, hint, error, className = '', children }: { inputId: string; label: string; hint?: string; error?: string; className?: string; children: ReactNode }) {
  return (
    <div className={`mb-4 ${className}`}>
      <label htmlFor={inputId} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Field({ label, error, hint, id, className, ...rest }: Props) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error)}
        className="block w-full min-h-11 rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900 read-only:bg-gray-100"
        {...rest}
      />
    </FieldFrame>
  );
}

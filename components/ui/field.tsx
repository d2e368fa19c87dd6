import { useId, type InputHTMLAttributes } from 'react';

// A labelled input whose error is tied to it (aria-describedby, aria-invalid).
type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

export function Field({ label, error, hint, id, className = '', ...rest }: Props) {
  const auto = useId();
  const inputId = id ?? auto;
  const described = [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`mb-4 ${className}`}>
      <label htmlFor={inputId} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="block w-full min-h-11 rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900 read-only:bg-gray-100"
        {...rest}
      />
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

'use client';
import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '@/lib/client/navigate';

// The brand's button: 80% wide by default (spec section 9), full colour or outlined. Disabled
// until the page is hydrated, so an early tap cannot submit a form natively (a GET that would
// put the fields, passwords included, in the URL).
type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger'; busy?: boolean };

const styles = {
  primary: 'bg-brand-primary text-brand-text border-transparent',
  secondary: 'bg-white text-gray-900 border-gray-400',
  danger: 'bg-red-700 text-white border-transparent',
};

export function Button({ variant = 'primary', busy, className = '', children, disabled, ...rest }: Props) {
  const hydrated = useHydrated();
  return (
    <button
      {...rest}
      disabled={disabled || busy || !hydrated}
      aria-busy={busy || undefined}
      className={`mx-auto block w-[var(--button-width)] min-h-11 rounded-lg border px-4 py-2 font-semibold disabled:opacity-60 ${styles[variant]} ${className}`}
    >
      {children}
    </button>
  );
}

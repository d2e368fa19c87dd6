'use client';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { useHydrated } from '@/lib/client/navigate';

// A compact button for the console's tables and side panels; disabled until hydrated, so an
// early click cannot submit a form natively.
type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger'; busy?: boolean; ref?: Ref<HTMLButtonElement> };

const styles = {
  primary: 'bg-gray-900 text-white border-gray-900',
  secondary: 'bg-white text-gray-900 border-gray-500',
  danger: 'bg-red-700 text-white border-red-700',
};

export function ConsoleButton({ variant = 'primary', busy, className = '', disabled, children, ...rest }: Props) {
  const hydrated = useHydrated();
  return (
    <button
      {...rest}
      disabled={disabled || busy || !hydrated}
      aria-busy={busy || undefined}
      className={`min-h-10 rounded-md border px-3 py-1.5 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60 ${styles[variant]} ${className}`}
    >
      {children}
    </button>
  );
}

'use client';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { useHydrated } from '@/lib/client/navigate';

// The console's one button (plain colours with AA contrast; the console is not themed by a
// brand). Variants: primary (the form's action), secondary (the other choices, Cancel), danger
// (the confirmation of what cannot be taken back) and danger-outline (the step that asks for
// it: "Delete code…"). Sizes: md for forms, sm for tables and side panels. `busy` marks the
// call under way (aria-busy) and disables the button; every button is also disabled until the
// page is hydrated, so an early click cannot submit a script-driven form natively, except a
// `native` one (a GET filter form's submit, which works without script).

export type ConsoleButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-outline';
export type ConsoleButtonSize = 'md' | 'sm';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ConsoleButtonVariant;
  size?: ConsoleButtonSize;
  busy?: boolean;
  /** Works without script (a GET form's submit): not held disabled until the page is hydrated. */
  native?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

const tones: Record<ConsoleButtonVariant, string> = {
  primary: 'border-blue-800 bg-blue-800 text-white hover:bg-blue-900',
  secondary: 'border-gray-500 bg-white text-gray-900 hover:bg-gray-100',
  danger: 'border-red-700 bg-red-700 text-white hover:bg-red-800',
  'danger-outline': 'border-red-700 bg-white text-red-800 hover:bg-red-50',
};

const sizes: Record<ConsoleButtonSize, string> = {
  md: 'min-h-11 px-4 py-2',
  sm: 'min-h-10 px-3 py-1.5 text-sm',
};

/** The classes of a console button, for a link that looks like one (a download). */
export function consoleButtonClass(variant: ConsoleButtonVariant = 'primary', size: ConsoleButtonSize = 'md'): string {
  return `inline-flex items-center justify-center rounded-md border font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-800 disabled:cursor-not-allowed disabled:opacity-60 ${tones[variant]} ${sizes[size]}`;
}

export function ConsoleButton({ variant = 'primary', size = 'md', busy, native, className = '', disabled, type = 'button', children, ...rest }: Props) {
  const hydrated = useHydrated();
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || busy || (!native && !hydrated)}
      aria-busy={busy || undefined}
      className={`${consoleButtonClass(variant, size)} ${className}`}
    >
      {children}
    </button>
  );
}

'use client';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { useHydrated } from '@/lib/client/navigate';

// The console's one button (plain colours with AA contrast; the console is not themed by a
// brand). Variants: primary (the form's action), secondary (the other choices, Cancel), danger
// (the confirmation of what cannot be taken back), danger-outline (the step that asks for
// it: "Delete code…"), link (a button that looks like a link: a switch inside a form, "Use a
// recovery code instead") and header (outlined on the console's coloured header bar: Sign out).
// Sizes: md for forms, sm for tables and side panels. `busy` marks the
// call under way (aria-busy) and disables the button; every button is also disabled until the
// page is hydrated, so an early click cannot submit a script-driven form natively, except a
// `native` one (a GET filter form's submit, which works without script).

export type ConsoleButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-outline' | 'link' | 'header';
export type ConsoleButtonSize = 'md' | 'sm';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ConsoleButtonVariant;
  size?: ConsoleButtonSize;
  busy?: boolean;
  /** Works without script (a GET form's submit): not held disabled until the page is hydrated. */
  native?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

const boxed = 'rounded-md border font-semibold';
const tones: Record<ConsoleButtonVariant, string> = {
  primary: `${boxed} border-blue-800 bg-blue-800 text-white hover:bg-blue-900 focus-visible:outline-blue-800`,
  secondary: `${boxed} border-gray-500 bg-white text-gray-900 hover:bg-gray-100 focus-visible:outline-blue-800`,
  danger: `${boxed} border-red-700 bg-red-700 text-white hover:bg-red-800 focus-visible:outline-blue-800`,
  'danger-outline': `${boxed} border-red-700 bg-white text-red-800 hover:bg-red-50 focus-visible:outline-blue-800`,
  link: 'text-blue-800 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-blue-800',
  header: 'rounded-md border border-white/70 bg-transparent font-medium text-white hover:bg-white/10 focus-visible:outline-white',
};

const sizes: Record<ConsoleButtonSize, string> = {
  md: 'min-h-11 px-4 py-2',
  sm: 'min-h-10 px-3 py-1.5 text-sm',
};
/** A link's look keeps the touch target's height without a button's width. */
const linkSizes: Record<ConsoleButtonSize, string> = {
  md: 'min-h-11 px-2 py-2',
  sm: 'min-h-10 px-1 py-1.5 text-sm',
};

/** The classes of a console button, for a link that looks like one (a download). */
export function consoleButtonClass(variant: ConsoleButtonVariant = 'primary', size: ConsoleButtonSize = 'md'): string {
  return `inline-flex items-center justify-center focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${tones[variant]} ${(variant === 'link' ? linkSizes : sizes)[size]}`;
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

import Link from 'next/link';
import type { ReactNode } from 'react';
import { SignOutButton } from '@/components/console/sign-out-button';

// The bar on top of every signed-in console screen: the console's name (to the brand list), who
// is signed in, what the page adds (the brand switcher), and sign-out.
export function ConsoleHeader({ email, children }: { email: string; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-center gap-3 bg-brand-primary px-4 py-2 text-brand-text">
      <Link href="/" className="mr-auto min-h-11 py-2 text-lg font-semibold">
        Brand console
      </Link>
      {children}
      <Link href="/recovery-codes" className="min-h-11 py-2 text-sm underline">
        Second factor
      </Link>
      <Link href="/sessions" className="min-h-11 py-2 text-sm underline">
        <span className="sr-only">Your sessions, signed in as </span>
        {email}
      </Link>
      <SignOutButton />
    </header>
  );
}

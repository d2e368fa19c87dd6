import Link from 'next/link';
import { SignOutButton } from '@/components/console/sign-out-button';

// A console address that is not open to the signed-in staff member (a brand they are not, or no
// longer, on the staff of; or no such page). Still a 404, as the API answers, but it says why and
// offers the way on: their brands, or signing in as someone else.
export default function ConsoleNotFound() {
  return (
    <main id="main" className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-4 px-4 py-10 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Page not Found!</h1>
      <p className="text-gray-800" data-testid="console-not-open">
        This page of the console is not open to you. If you were on this brand&rsquo;s staff, an owner may have removed you: ask one of its owners to
        invite you again. Otherwise the address is wrong.
      </p>
      <div className="flex flex-wrap items-center justify-center gap-4">
        <Link href="/" className="underline">Your brands</Link>
        <SignOutButton label="Sign in as someone else" onLight />
      </div>
    </main>
  );
}

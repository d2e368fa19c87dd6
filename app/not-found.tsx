import Link from 'next/link';

// Any path that is not a screen of the app (spec section 2).
export default function NotFound() {
  return (
    <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-10 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Page not Found!</h1>
      <p className="text-gray-800">There is nothing at this address.</p>
      <Link href="/" className="underline">Go to the home screen</Link>
    </main>
  );
}

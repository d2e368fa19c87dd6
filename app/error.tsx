'use client';

// An unexpected failure while rendering a screen: say so plainly and offer a retry.
export default function ErrorScreen({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-10 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Something went wrong!</h1>
      <p className="text-gray-800">This screen could not be shown. Please try again.</p>
      <button type="button" onClick={reset} className="min-h-11 w-[var(--button-width)] rounded-lg bg-gray-900 px-4 py-2 font-semibold text-white">
        Try again
      </button>
    </main>
  );
}

'use client';
import { useEffect } from 'react';
import { useOptionalI18n } from '@/components/shell/i18n-context';
import { tellScreenError } from '@/lib/client/screen-error-event';

// The console's pages have no customer language (they stay English, docs/languages.md).
const ENGLISH = { title: 'Something went wrong!', text: 'This screen could not be shown. Please try again.', retry: 'Try again' };

// An unexpected failure while rendering a screen: say so plainly and offer a retry, in the page's
// language. It tells the shell (tellScreenError): a chunk of the page that could not be loaded
// (a deployment newer than the page, or a load that timed out) reloads the page, once
// (lib/client/chunk-reload.ts, answered by components/shell/shell-effects.tsx: not here, as this
// screen is in every page's first-load JavaScript).
export default function ErrorScreen({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useOptionalI18n()?.t;
  useEffect(() => tellScreenError(error), [error]);
  const words = t ? { title: t('apiError.other'), text: t('notFound.errorText'), retry: t('notFound.tryAgain') } : ENGLISH;
  return (
    <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-10 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{words.title}</h1>
      <p className="text-gray-800">{words.text}</p>
      <button type="button" onClick={reset} className="min-h-11 w-[var(--button-width)] rounded-lg bg-gray-900 px-4 py-2 font-semibold text-white">
        {words.retry}
      </button>
    </main>
  );
}

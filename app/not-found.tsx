import Link from 'next/link';
import { CATALOGUES } from '@/messages';
import { translator } from '@/lib/shared/i18n';
import { pageLanguage } from '@/lib/server/i18n';
import { isConsoleRequest } from '@/lib/server/console-session';

// Any path that is not a screen of the app (spec section 2), in the page's language (English:
// the spec's 'Page not Found!'). The console's host stays English, as the console does.
export default async function NotFound() {
  const t = (await isConsoleRequest()) ? translator(CATALOGUES.en) : (await pageLanguage()).t;
  return (
    <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-10 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{t('notFound.title')}</h1>
      <p className="text-gray-800">{t('notFound.text')}</p>
      <Link href="/" className="underline">{t('notFound.home')}</Link>
    </main>
  );
}

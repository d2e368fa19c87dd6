import type { Translate } from '@/lib/shared/i18n';
import { ReloadButton } from './reload-button';

// The two 'Loading Error' screens of spec section 2 (app data, user data), each with a Reload
// button that reloads the page. Server-rendered where a layout shows it (only the button is a
// client component), so pages that load fine download nothing of it but the button.
export function LoadError({ message, t }: { message: 'shell.appDataError' | 'shell.userDataError'; t: Translate }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{t('shell.loadingError')}</h1>
      <p className="text-gray-800">{t(message)}</p>
      <ReloadButton label={t('shell.reload')} />
    </main>
  );
}

/** The spec's two messages, as catalogue keys (the English catalogue holds them letter for letter). */
export const APP_DATA_ERROR = 'shell.appDataError';
export const USER_DATA_ERROR = 'shell.userDataError';

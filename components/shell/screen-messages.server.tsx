import 'server-only';
import type { ReactNode } from 'react';
import { pageLanguage } from '@/lib/server/i18n';
import { pickMessages, type MessageScope } from '@/lib/shared/message-scopes';
import { I18nProvider } from './providers';

// A route's screen texts for its client components (lib/shared/message-scopes.ts): put in the
// route's own layout, so it is rendered again on every navigation to the route. The client
// components under it get the page's language with that screen's keys only (the shell above it
// keeps the root layout's); the same provider as the root's, so no script is added to any page.
export async function ScreenMessages({ scope, children }: { scope: MessageScope; children: ReactNode }) {
  const { locale, messages, offered, timeZone } = await pageLanguage();
  return (
    <I18nProvider locale={locale} messages={pickMessages(messages, scope)} offered={offered} timeZone={timeZone}>
      {children}
    </I18nProvider>
  );
}

/** A route's layout that sends its screen's texts: `export default screenLayout('verify')`. */
export function screenLayout(scope: MessageScope) {
  return function ScreenLayout({ children }: { children: ReactNode }) {
    return <ScreenMessages scope={scope}>{children}</ScreenMessages>;
  };
}

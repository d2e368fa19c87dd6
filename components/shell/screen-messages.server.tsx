import 'server-only';
import type { ReactNode } from 'react';
import { pageLanguage } from '@/lib/server/i18n';
import { pickMessages, type MessageScope } from '@/lib/shared/message-scopes';
import { I18nScope } from './i18n-context';

// A route's screen texts for its client components (lib/shared/message-scopes.ts): put in the
// route's own layout, so it is rendered again on every navigation to the route, and the browser
// receives that screen's keys of the page's language beside the shell's, not the whole catalogue.
export async function ScreenMessages({ scope, children }: { scope: MessageScope; children: ReactNode }) {
  const { messages } = await pageLanguage();
  return <I18nScope messages={pickMessages(messages, scope)}>{children}</I18nScope>;
}

/** A route's layout that sends its screen's texts: `export default screenLayout('verify')`. */
export function screenLayout(scope: MessageScope) {
  return function ScreenLayout({ children }: { children: ReactNode }) {
    return <ScreenMessages scope={scope}>{children}</ScreenMessages>;
  };
}

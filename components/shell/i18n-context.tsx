'use client';
import { createContext, useContext } from 'react';
import type { Locale, Translate } from '@/lib/shared/i18n';

// The page's language in the browser: the root layout chose it on the server (lib/server/i18n.ts)
// and hands down the shell's keys of that one catalogue; a route's layout hands its screen's keys
// to the client components under it (components/shell/screen-messages.server.tsx,
// lib/shared/message-scopes.ts), so client components speak it from their first render (the same
// text the server rendered) and the browser never downloads another language, nor another screen's
// texts. The provider is I18nProvider (./providers.tsx, beside the root's Providers: the server
// renders both, and a module the server renders keeps its export names in the browser's scripts,
// so the hooks here stay minified).

/** The page's language in the browser; dates and numbers: useFormats (./use-formats.ts), loaded only where used. */
export type I18nValue = { locale: Locale; t: Translate; offered: Locale[]; timeZone: string };
export const I18nContext = createContext<I18nValue | null>(null);

/** The page's language: `t` (translator), `locale`, `offered`, the brand's `timeZone` (under I18nProvider: every customer page). */
export const useI18n = (): I18nValue => useContext(I18nContext)!;

/** The page's language, or null outside a customer page (the console's shared forms). */
export const useOptionalI18n = (): I18nValue | null => useContext(I18nContext);

/** The translator of the page's language. */
export const useT = () => useI18n().t;

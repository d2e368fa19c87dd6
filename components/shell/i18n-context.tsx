'use client';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { translator, type Locale, type Messages, type Translate } from '@/lib/shared/i18n';

// The page's language in the browser: the root layout chose it on the server (lib/server/i18n.ts)
// and hands down the shell's keys of that one catalogue; a route's layout hands its screen's keys
// to the client components under it (components/shell/screen-messages.server.tsx,
// lib/shared/message-scopes.ts), so client components speak it from their first render (the same
// text the server rendered) and the browser never downloads another language, nor another screen's texts.

/** The page's language in the browser; dates and numbers: useFormats (./use-formats.ts), loaded only where used. */
type Value = { locale: Locale; t: Translate; offered: Locale[]; timeZone: string };
const I18nContext = createContext<Value | null>(null);

export function I18nProvider(props: { locale: Locale; messages: Partial<Messages>; offered: Locale[]; timeZone: string; children: ReactNode }) {
  const { locale, messages, offered, timeZone } = props;
  const value = useMemo(() => ({ locale, offered, timeZone, t: translator(messages) }), [locale, messages, offered, timeZone]);
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

/** The page's language: `t` (translator), `locale`, `offered`, the brand's `timeZone`. */
export function useI18n(): Value {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

/** The page's language, or null outside a customer page (the console's shared forms). */
export const useOptionalI18n = (): Value | null => useContext(I18nContext);

/** The translator of the page's language. */
export const useT = () => useI18n().t;

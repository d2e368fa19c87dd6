'use client';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { formatsFor, translator, type I18n, type Locale, type Messages } from '@/lib/shared/i18n';

// The page's language in the browser: the root layout chose it on the server (lib/server/i18n.ts)
// and hands down that one catalogue, so client components speak it from their first render
// (the same text the server rendered) and the browser never downloads another language.

type Value = I18n & { offered: Locale[] };
const I18nContext = createContext<Value | null>(null);

export function I18nProvider(props: { locale: Locale; messages: Messages; offered: Locale[]; timeZone: string; children: ReactNode }) {
  const { locale, messages, offered, timeZone } = props;
  const value = useMemo(() => ({ locale, offered, t: translator(messages), f: formatsFor(locale, timeZone) }), [locale, messages, offered, timeZone]);
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

/** The page's language: `t` (translator), `f` (dates, numbers, money), `locale`, `offered`. */
export function useI18n(): Value {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

/** The page's language, or null outside a customer page (the console's shared forms). */
export const useOptionalI18n = (): Value | null => useContext(I18nContext);

/** The translator of the page's language. */
export const useT = () => useI18n().t;

'use client';
import { useEffect, useMemo, type ReactNode } from 'react';
import { refreshAccessToken } from '@/lib/client/lazy-http';
import { lastClick } from '@/lib/client/navigate';
import { appDataStore, authStore } from '@/lib/client/status';
import type { CloneInfo } from '@/lib/schemas/client';
import { translator, type Locale, type Messages } from '@/lib/shared/i18n';
import { BrandProvider } from './brand-context';
import { I18nContext } from './i18n-context';

// Client-side root: the brand context (clone-info as the server read it) and the start-up token
// refresh (spec section 7; its failure is tolerated here, the signed-in shell handles it). React
// Query is mounted only where the browser fetches (QueryProvider), to keep first loads small.
// `sessionCookie`: whether the page's request carried a session cookie (the server can see it; the
// browser cannot, it is HttpOnly). Without one, the refresh could only answer 401: a shopper's
// first scan is then a visitor at once, with no request, no error in the console and no client
// code loaded for it. It also keeps the page's last click from hydration on, for the navigation
// progress bar that loads after the page (lastClick, lib/client/navigate.ts).
export type PageLanguageProps = { locale: Locale; messages: Partial<Messages>; offered: Locale[]; timeZone: string };

export function Providers({ brand, sessionCookie, language, children }: { brand: CloneInfo; sessionCookie: boolean; language: PageLanguageProps; children: ReactNode }) {
  useEffect(() => {
    appDataStore.set('SUCCESS');
    document.documentElement.dataset.hydrated = 'true'; // lets end-to-end tests wait for an interactive page
    if (sessionCookie) refreshAccessToken().catch(() => undefined);
    else if (authStore.get().status === 'DEFAULT') authStore.set({ status: 'FAILED' });
    const keep = (click: MouseEvent) => Object.assign(lastClick, { click, state: history.state });
    document.addEventListener('click', keep);
    return () => document.removeEventListener('click', keep);
  }, [sessionCookie]);
  return (
    <BrandProvider brand={brand}>
      <I18nProvider {...language}>{children}</I18nProvider>
    </BrandProvider>
  );
}

/**
 * The page's language for the client components under it (useI18n, ./i18n-context.tsx): the root
 * layout's, with the shell's keys (inside Providers), and a route's, with its screen's keys
 * (./screen-messages.server.tsx). Here rather than in i18n-context, since the server renders it:
 * a module the server renders keeps its export names whole in the browser's scripts, and this one
 * already has them (Providers); in i18n-context they cost every page 28 bytes of first-load script.
 */
export function I18nProvider(props: PageLanguageProps & { children: ReactNode }) {
  const { locale, messages, offered, timeZone } = props;
  const value = useMemo(() => ({ locale, offered, timeZone, t: translator(messages) }), [locale, messages, offered, timeZone]);
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

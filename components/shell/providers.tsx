'use client';
import { useEffect, type ReactNode } from 'react';
import { refreshAccessToken } from '@/lib/client/lazy-http';
import { appDataStore, authStore } from '@/lib/client/status';
import type { CloneInfo } from '@/lib/schemas/client';
import type { Locale, Messages } from '@/lib/shared/i18n';
import { BrandProvider } from './brand-context';
import { I18nProvider } from './i18n-context';

// Client-side root: the brand context (clone-info as the server read it) and the start-up token
// refresh (spec section 7; its failure is tolerated here, the signed-in shell handles it). React
// Query is mounted only where the browser fetches (QueryProvider), to keep first loads small.
// `sessionCookie`: whether the page's request carried a session cookie (the server can see it; the
// browser cannot, it is HttpOnly). Without one, the refresh could only answer 401: a shopper's
// first scan is then a visitor at once, with no request, no error in the console and no client
// code loaded for it.
export type PageLanguageProps = { locale: Locale; messages: Messages; offered: Locale[]; timeZone: string };

export function Providers({ brand, sessionCookie, language, children }: { brand: CloneInfo; sessionCookie: boolean; language: PageLanguageProps; children: ReactNode }) {
  useEffect(() => {
    appDataStore.set('SUCCESS');
    document.documentElement.dataset.hydrated = 'true'; // lets end-to-end tests wait for an interactive page
    if (sessionCookie) refreshAccessToken().catch(() => undefined);
    else if (authStore.get().status === 'DEFAULT') authStore.set({ status: 'FAILED' });
  }, [sessionCookie]);
  return (
    <BrandProvider brand={brand}>
      <I18nProvider {...language}>{children}</I18nProvider>
    </BrandProvider>
  );
}

import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { CATALOGUES } from '@/messages';
import { translator, DEFAULT_LOCALE, LANGUAGE_COOKIE, LOCALES, type I18n, type Locale, type Messages } from '@/lib/shared/i18n';
import { formatsFor, DEFAULT_TIME_ZONE } from '@/lib/shared/formats';
import { chooseLocale } from '@/lib/shared/locale-choice';
import { readBrand } from './tenant';

// The language of this page request (docs/languages.md, "Choosing"): the customer's remembered
// choice (the cookie the switcher and sign-in set) when the brand offers it, else the browser's
// Accept-Language among the brand's languages, else the brand's default. Read once per request,
// on the server, so the first HTML is already in that language: no redirect, no second trip.

export type PageLanguage = I18n & { messages: Messages; offered: Locale[]; timeZone: string };

export const pageLanguage = cache(async (): Promise<PageLanguage> => {
  const [jar, h, brandResult] = await Promise.all([cookies(), headers(), readBrand()]);
  const brand = brandResult.ok ? brandResult.brand : undefined;
  const offered = (brand?.languages ?? [...LOCALES]) as Locale[];
  const locale = chooseLocale({
    chosen: jar.get(LANGUAGE_COOKIE)?.value,
    acceptLanguage: h.get('accept-language'),
    offered,
    fallback: brand?.defaultLanguage ?? DEFAULT_LOCALE,
  });
  const timeZone = brand?.timeZone ?? DEFAULT_TIME_ZONE;
  const messages = CATALOGUES[locale];
  return { locale, messages, offered, timeZone, t: translator(messages, CATALOGUES.en), f: formatsFor(locale, timeZone) };
});

import 'server-only';
import type { BrandContext } from './route-context';
import { LANGUAGE_COOKIE, type Locale } from '@/lib/shared/i18n';
import { chooseLocale } from '@/lib/shared/locale-choice';

/**
 * The language of the customer making this API request, chosen as the pages choose it
 * (docs/languages.md): their remembered choice (the cookie), else Accept-Language among the
 * brand's languages, else the brand's default. For the one-time codes the API sends.
 */
export function requestLocale(c: BrandContext, chosen?: string | null): Locale {
  const { languages, defaultLanguage } = c.config.locale;
  return chooseLocale({ chosen: chosen ?? c.cookies.get(LANGUAGE_COOKIE), acceptLanguage: c.header('accept-language'), offered: languages, fallback: defaultLanguage });
}

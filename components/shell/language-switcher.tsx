'use client';
import { useId } from 'react';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, LOCALE_NAMES, isLocale } from '@/lib/shared/i18n';
import { authStore } from '@/lib/client/status';
import { http } from '@/lib/client/lazy-http';
import { useI18n } from './i18n-context';

// The language switcher in every customer screen's header (docs/languages.md, "Choosing"): the
// brand's languages, each named in itself. A choice is remembered in a cookie for this browser
// and, for a signed-in customer, in their profile (PUT /api/customer/language), so it follows them
// to another browser at their next sign-in; the page then reloads in that language, rendered by
// the server like the first one.

/** The cookie's attributes: a page inside another site's frame can only keep a partitioned one. */
function cookieAttributes(): string {
  const https = window.location.protocol === 'https:';
  const framed = window.self !== window.top;
  const same = framed && https ? 'SameSite=None; Secure; Partitioned' : `SameSite=Lax${https ? '; Secure' : ''}`;
  return `Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; ${same}`;
}

export function LanguageSwitcher() {
  const { locale, offered, t } = useI18n();
  const id = useId();
  if (offered.length < 2) return null;
  const choose = async (next: string) => {
    if (!isLocale(next) || next === locale) return;
    document.cookie = `${LANGUAGE_COOKIE}=${next}; ${cookieAttributes()}`;
    // The profile keeps it too (a visitor is FAILED at once; a signed-in page may still be getting
    // its token, which the call waits for); the cookie alone still changes this browser when that
    // call fails.
    if (authStore.get().status !== 'FAILED') await http('/customer/language', { method: 'PUT', body: { language: next } }).catch(() => undefined);
    window.location.reload();
  };
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id}>{t('shell.language')}</label>
      <select
        id={id}
        data-testid="language-switcher"
        className="min-h-11 rounded border border-current bg-transparent px-2 text-brand-text [&>option]:text-gray-900"
        value={locale}
        onChange={(e) => void choose(e.target.value)}
      >
        {offered.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}

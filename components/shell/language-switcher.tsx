'use client';
import { useId } from 'react';
import { LOCALE_NAMES, isLocale } from '@/lib/shared/i18n';
import { useI18n } from './i18n-context';

// The language switcher in every customer screen's header (docs/languages.md, "Choosing"): the
// brand's languages, each named in itself and marked with its own `lang`. A choice is remembered
// in a cookie for this browser and, for a signed-in customer, in their profile (PUT
// /api/customer/language), so it follows them to another browser at their next sign-in; the page
// then reloads in that language (./choose-language.ts, loaded when a language is chosen).

export function LanguageSwitcher() {
  const { locale, offered, t } = useI18n();
  const id = useId();
  if (offered.length < 2) return null;
  const choose = (next: string) => {
    if (isLocale(next) && next !== locale) void import('./choose-language').then((m) => m.chooseLanguage(next));
  };
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id}>{t('shell.language')}</label>
      <select
        id={id}
        data-testid="language-switcher"
        className="min-h-11 rounded border border-current bg-transparent px-2 text-brand-text [&>option]:text-gray-900"
        value={locale}
        onChange={(e) => choose(e.target.value)}
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

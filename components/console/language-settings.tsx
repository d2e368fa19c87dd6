'use client';
import { useId } from 'react';
import { Field } from '@/components/ui/field';
import { useHydrated } from '@/lib/client/navigate';
import { LOCALES, LOCALE_NAMES, type Locale } from '@/lib/shared/i18n';

// The brand's languages in the console's settings (docs/languages.md): which languages its
// customers are offered (in the order its switcher lists them), the one a visitor gets when the
// browser asks for none of them, and the time zone its customers read times in. The console
// itself stays English; each language is also named in its own script, with its own `lang`. The
// API checks the choice (lib/schemas/client-config.ts) and names the field at fault.

export type LanguageDraft = { languages: Locale[]; defaultLanguage: Locale; timeZone: string };

/** The fields this section sends, as the API names them in a refusal. */
export const languageFieldNames = ['locale.languages', 'locale.defaultLanguage', 'locale.timeZone', 'locale'] as const;

const ENGLISH_NAMES: Record<Locale, string> = { en: 'English', hi: 'Hindi', bn: 'Bengali', mr: 'Marathi', ta: 'Tamil', te: 'Telugu' };

export const languageDraftOf = (locale: LanguageDraft): LanguageDraft => ({ languages: [...locale.languages], defaultLanguage: locale.defaultLanguage, timeZone: locale.timeZone });

/**
 * The offered list with `code` ticked or unticked: a ticked language keeps its place, a newly
 * ticked one goes last (the switcher's order is the brand's), an unticked one leaves.
 */
export function toggleLanguage(list: readonly Locale[], code: Locale, on: boolean): Locale[] {
  if (on) return list.includes(code) ? [...list] : [...list, code];
  return list.filter((l) => l !== code);
}

/** What Save sends: the three settings as the draft holds them (the time zone trimmed). */
export const languagePatchOf = (draft: LanguageDraft) => ({
  locale: { languages: draft.languages, defaultLanguage: draft.defaultLanguage, timeZone: draft.timeZone.trim() },
});

/** A language's name for the console: English, and its own name in its script. */
function LanguageName({ code }: { code: Locale }) {
  if (code === 'en') return <>English</>;
  return (
    <>
      {ENGLISH_NAMES[code]} (<span lang={code}>{LOCALE_NAMES[code]}</span>)
    </>
  );
}

export function LanguageFields({
  draft,
  onChange,
  errorFor,
  disabled,
}: {
  draft: LanguageDraft;
  onChange: (next: LanguageDraft) => void;
  errorFor: (field: string) => string | undefined;
  disabled: boolean;
}) {
  const id = useId();
  const offeredError = errorFor('locale.languages') ?? errorFor('locale');
  const defaultError = errorFor('locale.defaultLanguage');
  // The browser's own list of zones, offered as suggestions once hydrated (the server's may differ).
  const hydrated = useHydrated();
  const zones = hydrated && typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return (
    <>
      <fieldset className="mb-4" aria-describedby={offeredError ? `${id}-offered-error` : `${id}-offered-hint`}>
        <legend className="mb-1 font-medium text-gray-900">Languages offered</legend>
        <p id={`${id}-offered-hint`} className="mb-1 text-sm text-gray-700">Customers see the app in the first of these their browser asks for; the switcher lists them in this order.</p>
        {LOCALES.map((code) => (
          <label key={code} className="flex min-h-11 items-center gap-3 text-gray-900">
            <input
              type="checkbox"
              className="h-5 w-5"
              name="languages"
              value={code}
              checked={draft.languages.includes(code)}
              disabled={disabled}
              aria-invalid={offeredError ? true : undefined}
              onChange={(e) => onChange({ ...draft, languages: toggleLanguage(draft.languages, code, e.target.checked) })}
            />
            <LanguageName code={code} />
          </label>
        ))}
        {offeredError && <p id={`${id}-offered-error`} className="mt-1 text-sm font-medium text-red-700">{offeredError}</p>}
      </fieldset>
      <div className="mb-4">
        <label htmlFor={`${id}-default`} className="mb-1 block font-medium text-gray-900">Default language</label>
        <select
          id={`${id}-default`}
          value={draft.defaultLanguage}
          disabled={disabled}
          aria-invalid={defaultError ? true : undefined}
          aria-describedby={defaultError ? `${id}-default-error` : `${id}-default-hint`}
          onChange={(e) => onChange({ ...draft, defaultLanguage: e.target.value as Locale })}
          className="block min-h-11 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900"
        >
          {LOCALES.map((code) => (
            <option key={code} value={code}>{code === 'en' ? 'English' : `${ENGLISH_NAMES[code]} (${LOCALE_NAMES[code]})`}</option>
          ))}
        </select>
        <p id={`${id}-default-hint`} className="mt-1 text-sm text-gray-700">For a browser that asks for none of the offered languages. It must be one of them.</p>
        {defaultError && <p id={`${id}-default-error`} className="mt-1 text-sm font-medium text-red-700">{defaultError}</p>}
      </div>
      <Field
        label="Time zone"
        value={draft.timeZone}
        onChange={(e) => onChange({ ...draft, timeZone: e.target.value })}
        error={errorFor('locale.timeZone')}
        hint="Customers see times in it. An IANA time zone, like Asia/Kolkata."
        list={zones.length ? `${id}-zones` : undefined}
        disabled={disabled}
        spellCheck={false}
        autoComplete="off"
      />
      {zones.length > 0 && (
        <datalist id={`${id}-zones`}>
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      )}
    </>
  );
}

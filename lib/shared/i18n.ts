import type en from '@/messages/en.json';

// The customer's language (docs/languages.md): the languages the app speaks, how one is chosen
// from what a browser asks for, and the translator the screens use. Pure: the server (pages, the
// Brand API), the browser and the Edge middleware all use it. The catalogues are `messages/*.json`,
// one per language, flat `key → text`; English is the spec's strings, letter for letter. A text
// names its values in braces: "Hello, {name}".

/** Every language the app has a catalogue for, in the order a switcher lists them. */
export const LOCALES = ['en', 'hi', 'bn', 'mr', 'ta', 'te'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** Each language's own name for itself (a switcher shows these, each in its own `lang`). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  hi: 'हिन्दी',
  bn: 'বাংলা',
  mr: 'मराठी',
  ta: 'தமிழ்',
  te: 'తెలుగు',
};

/** The cookie that remembers the customer's choice (set by the switcher and at sign-in). */
export const LANGUAGE_COOKIE = 'bv_lang';
export const LANGUAGE_COOKIE_MAX_AGE = 400 * 24 * 3600;

/**
 * The Set-Cookie value of the language cookie. Not HttpOnly: the switcher writes it in the
 * browser too (it holds nothing secret); same jar rules as the session (SameSite=None;
 * Partitioned for an embedded brand).
 */
export function languageCookie(locale: Locale, attrs: { sameSite: 'lax' | 'none'; secure: boolean; partitioned: boolean }): string {
  const parts = [`${LANGUAGE_COOKIE}=${locale}`, 'Path=/', `Max-Age=${LANGUAGE_COOKIE_MAX_AGE}`, attrs.sameSite === 'none' ? 'SameSite=None' : 'SameSite=Lax'];
  if (attrs.secure) parts.push('Secure');
  if (attrs.partitioned) parts.push('Partitioned');
  return parts.join('; ');
}

export type Messages = typeof en;
export type MessageKey = keyof Messages;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language to answer in: the customer's remembered choice when the brand offers it, else the
 * first language of `Accept-Language` (by its q weight) the brand offers (a region such as hi-IN
 * counts as its language), else the brand's default.
 */
export function chooseLocale(input: { chosen?: string | null; acceptLanguage?: string | null; offered: readonly string[]; fallback: string }): Locale {
  const offered = input.offered.filter(isLocale);
  const fallback = isLocale(input.fallback) && offered.includes(input.fallback) ? input.fallback : (offered[0] ?? DEFAULT_LOCALE);
  if (isLocale(input.chosen) && offered.includes(input.chosen)) return input.chosen;
  for (const tag of acceptedLanguages(input.acceptLanguage ?? '')) {
    if (tag === '*') return fallback;
    const primary = tag.split('-')[0];
    const match = offered.find((l) => l === primary);
    if (match) return match;
  }
  return fallback;
}

/** The language tags of an Accept-Language header, most wanted first (q=0 left out). */
export function acceptedLanguages(header: string): string[] {
  return header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: (tag ?? '').trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((l) => /^([a-z]{1,8}(-[a-z0-9]{1,8})*|\*)$/.test(l.tag) && l.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((l) => l.tag);
}

/** `text` with each `{name}` replaced by its value (an unknown name stays as written). */
export function fill(text: string, values?: Record<string, string | number>): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The translator of one catalogue. A key the catalogue lacks falls back to `fallback` (English). */
export function translator(messages: Partial<Record<string, string>>, fallback?: Partial<Record<string, string>>): Translate {
  return (key, values) => fill(messages[key] || fallback?.[key] || key, values);
}

// ---------------------------------------------------------------------------------------------
// Numbers, dates and times: in the language (Indian grouping: 1,00,000), always Latin digits
// (codes, amounts and dates read the same in every script), in the brand's time zone. One set of
// formatters per (language, zone), made once.

export type Formats = {
  locale: Locale;
  timeZone: string;
  /** 'YYYY-MM-DD' → a day ('31 Jan 2027' in English); a placeholder ('Not Available') as given. */
  day(value: string): string;
  /** An ISO date-time → day and time in the brand's zone, with the zone's short name. */
  moment(iso: string): string;
  /** A number with the language's grouping. */
  number(value: number): string;
  /** Rupees: '₹1,00,000' (whole rupees without decimals). */
  rupees(value: number): string;
};

const formatsCache = new Map<string, Formats>();

/** The zone, if the runtime knows it; else Asia/Kolkata. */
export function validTimeZone(zone: string | null | undefined): string {
  if (!zone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export function formatsFor(locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): Formats {
  const zone = validTimeZone(timeZone);
  const cacheKey = `${locale}|${zone}`;
  const cached = formatsCache.get(cacheKey);
  if (cached) return cached;
  // English as India writes it (en-IN: '31 Jan 2027', 1,00,000); the others with their region.
  const tag = `${locale}-IN-u-nu-latn`;
  const dayFormat = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const momentFormat = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' });
  const numberFormat = new Intl.NumberFormat(tag);
  const rupeeFormat = new Intl.NumberFormat(tag, { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });
  const formats: Formats = {
    locale,
    timeZone: zone,
    day: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? dayFormat.format(new Date(`${value}T00:00:00Z`)) : value),
    moment: (iso) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : momentFormat.format(d);
    },
    number: (value) => numberFormat.format(value),
    rupees: (value) => rupeeFormat.format(value),
  };
  formatsCache.set(cacheKey, formats);
  return formats;
}

/** What a screen needs to speak the customer's language: the translator and the formats. */
export type I18n = { locale: Locale; t: Translate; f: Formats };

import type en from '@/messages/en.json';
import type { Formats } from './formats';

// The customer's language (docs/languages.md): the languages the app speaks, how one is chosen
// from what a browser asks for, and the translator the screens use. Pure: the server (pages, the
// Brand API), the browser and the Edge middleware all use it; it stays small, for the browser
// (choosing a language: ./locale-choice.ts; numbers, dates and times: ./formats.ts). The catalogues are `messages/*.json`,
// one per language, flat `key → text`; English is the spec's strings, letter for letter. A text
// names its values in braces: "Hello, {name}".

/** Every language the app has a catalogue for, in the order a switcher lists them. */
export const LOCALES = ['en', 'hi', 'bn', 'mr', 'ta', 'te'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

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

export type Messages = typeof en;
export type MessageKey = keyof Messages;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
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

/** What a screen needs to speak the customer's language: the translator and the formats. */
export type I18n = { locale: Locale; t: Translate; f: Formats };

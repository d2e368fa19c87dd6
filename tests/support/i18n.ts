import en from '@/messages/en.json';
import { translator } from '@/lib/shared/i18n';
import { formatsFor } from '@/lib/shared/formats';
import type { PageLanguageProps } from '@/components/shell/providers';

/** The page language a test's root layout would hand down: English, every language offered. */
export const ENGLISH_PAGE: PageLanguageProps = { locale: 'en', messages: en, offered: ['en', 'hi', 'bn', 'mr', 'ta', 'te'], timeZone: 'Asia/Kolkata' };

/** The page's language as client components read it, in English (tests/support for I18n props). */
export const ENGLISH = { locale: 'en' as const, offered: ENGLISH_PAGE.offered, timeZone: 'Asia/Kolkata', t: translator(en), f: formatsFor('en') };

/**
 * components/shell/i18n-context in English, for a test that renders a client component without
 * the root layout: `jest.mock('@/components/shell/i18n-context', () => jest.requireActual('@/tests/support/i18n').englishContext())`.
 */
export function englishContext() {
  return { useI18n: () => ENGLISH, useOptionalI18n: () => ENGLISH, useT: () => ENGLISH.t };
}

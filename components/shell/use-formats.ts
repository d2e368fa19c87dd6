'use client';
import { formatsFor } from '@/lib/shared/formats';
import type { I18n } from '@/lib/shared/i18n';
import { useI18n } from './i18n-context';

// The page's language with its dates, numbers and money (lib/shared/formats.ts), for the client
// components that show them: kept out of the context so other pages' first load does without it.
export function useI18nWithFormats(): I18n {
  const { locale, t, timeZone } = useI18n();
  return { locale, t, f: formatsFor(locale, timeZone) };
}

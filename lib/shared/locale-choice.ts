import { DEFAULT_LOCALE, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, isLocale, type Locale } from './i18n';

// Which language a request gets (docs/languages.md, "Choosing"), and the cookie that remembers a
// choice: the server's part (the pages, lib/server/i18n.ts, and the Brand API).

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

import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, type Locale } from '@/lib/shared/i18n';
import { authStore } from '@/lib/client/status';
import { http } from '@/lib/client/lazy-http';

// What the language switcher does when a language is chosen (docs/languages.md, "Choosing"),
// loaded with the choice rather than with every page: the cookie for this browser, the profile for
// a signed-in customer, then the page again, rendered by the server in that language.

/** The cookie's attributes: a page inside another site's frame can only keep a partitioned one. */
function cookieAttributes(): string {
  const https = window.location.protocol === 'https:';
  const framed = window.self !== window.top;
  const same = framed && https ? 'SameSite=None; Secure; Partitioned' : `SameSite=Lax${https ? '; Secure' : ''}`;
  return `Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; ${same}`;
}

export async function chooseLanguage(next: Locale) {
  document.cookie = `${LANGUAGE_COOKIE}=${next}; ${cookieAttributes()}`;
  // The profile keeps it too (a visitor is FAILED at once; a signed-in page may still be getting
  // its token, which the call waits for); the cookie alone still changes this browser when that
  // call fails.
  if (authStore.get().status !== 'FAILED') await http('/customer/language', { method: 'PUT', body: { language: next } }).catch(() => undefined);
  window.location.reload();
}

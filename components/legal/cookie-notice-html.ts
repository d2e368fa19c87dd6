import type { Translate } from '@/lib/shared/i18n';
import { LEGAL_ACCEPT_PATH } from '@/lib/shared/legal-seen';
import { linkTarget } from './policy-links';

// The 'Cookie Notice' as HTML for the page's first response, as policy-banner-html.ts is for the
// 'Stay Informed !!!' banner: the markup of CookieNotice (cookie-notice.tsx), outside React's tree
// (the root layout puts it in an element of its own, which the browser's notice empties once it
// knows), so its Accept, a plain form posting to app/legal/accept/route.ts, works before the
// page's scripts have loaded. tests/unit/legal/policy-banner-html.test.tsx compares the two.

/** Id of the element that holds the server's notice. */
export const COOKIE_SERVER_NOTICE_ID = 'cookie-notice-server';

/** React's own escaping (react-dom/server), so the two notices are the same bytes. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function cookieNoticeHtml(cookiePolicyUrl: string, t: Translate, back = '/'): string {
  const opens = linkTarget(cookiePolicyUrl);
  const target = opens.target ? ` target="${opens.target}" rel="${escapeHtml(opens.rel ?? '')}"` : '';
  return (
    `<section role="region" aria-labelledby="cookie-notice-title" class="fixed inset-x-0 bottom-0 z-50 border-t border-gray-300 bg-white px-4 py-1 text-sm text-gray-900 shadow-[0_-2px_6px_rgba(0,0,0,0.15)]">` +
    `<form class="mx-auto flex max-w-2xl items-center gap-3" action="${LEGAL_ACCEPT_PATH}" method="post">` +
    `<input type="hidden" name="accept" value="cookies"/>` +
    `<input type="hidden" name="back" value="${escapeHtml(back)}"/>` +
    `<p class="min-w-0 flex-1 leading-tight">` +
    `<span id="cookie-notice-title" role="heading" aria-level="2" class="mr-1 font-bold">${escapeHtml(t('legal.cookieNotice'))}</span>` +
    `${escapeHtml(t('legal.cookieText'))}</p>` +
    `<div class="flex shrink-0 flex-col gap-1">` +
    `<a href="${escapeHtml(cookiePolicyUrl)}"${target} class="inline-flex min-h-10 items-center justify-center rounded-lg border border-gray-400 px-4 py-1 font-semibold">${escapeHtml(t('legal.view'))}</a>` +
    `<button type="submit" class="bg-brand-primary text-brand-text min-h-10 rounded-lg px-4 py-1 font-semibold">${escapeHtml(t('legal.accept'))}</button>` +
    `</div></form></section>`
  );
}

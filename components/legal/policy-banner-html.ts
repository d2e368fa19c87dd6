import type { LegalDocumentType } from '@/lib/domain/legal';
import type { Translate } from '@/lib/shared/i18n';
import { LEGAL_ACCEPT_PATH } from '@/lib/shared/legal-seen';
import { linkTarget, POLICY_LABEL_KEYS } from './policy-links';

// The 'Stay Informed !!!' banner as HTML for the page's first response (lib/shared/legal-seen.ts):
// the markup of PolicyBanner (policy-banner.tsx), written out so the server can send it without
// React (the root layout puts it in an element of its own, outside React's tree, and the browser's
// banner replaces it). Keep the two alike: tests/unit/legal/policy-banner-html.test.tsx renders
// both and compares them. Its Accept is the same plain form, which here posts to the server
// (app/legal/accept/route.ts): it works before the page's scripts have loaded.

/** Id of the element that holds the server's banner, just above the browser's slot (LEGAL_TOP_SLOT_ID). */
export const LEGAL_SERVER_BANNER_ID = 'legal-top-server';

/** React's own escaping (react-dom/server), so the two banners are the same bytes. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function policyBannerHtml(updated: readonly LegalDocumentType[], links: Record<LegalDocumentType, string>, t: Translate, first = false, back = '/'): string {
  if (!updated.length) return '';
  const items = updated
    .map((type) => {
      const href = links[type];
      const opens = linkTarget(href);
      const target = opens.target ? ` target="${opens.target}" rel="${escapeHtml(opens.rel ?? '')}"` : '';
      return `<li class="mr-2 inline"><a href="${escapeHtml(href)}"${target} class="inline-block py-0.5 font-semibold text-blue-800 underline">${escapeHtml(t(POLICY_LABEL_KEYS[type]))}</a></li>`;
    })
    .join('');
  return (
    `<section role="region" aria-labelledby="policy-banner-title" class="border-b border-gray-300 bg-white px-4 py-1 text-sm text-gray-900 shadow-sm">` +
    `<form class="mx-auto flex max-w-2xl items-center gap-3" action="${LEGAL_ACCEPT_PATH}" method="post">` +
    `<input type="hidden" name="back" value="${escapeHtml(back)}"/>` +
    `<div class="min-w-0 flex-1 leading-tight">` +
    `<h2 id="policy-banner-title" class="mr-1 inline font-bold">${escapeHtml(t('legal.stayInformed'))}</h2>` +
    `<span class="mr-1">${escapeHtml(t(first ? 'legal.firstText' : 'legal.updatedText'))}</span>` +
    `<ul class="inline">${items}</ul>` +
    `</div>` +
    `<button type="submit" class="bg-brand-primary text-brand-text min-h-10 shrink-0 rounded-lg px-4 py-2 font-semibold">${escapeHtml(t('legal.accept'))}</button>` +
    `</form></section>`
  );
}

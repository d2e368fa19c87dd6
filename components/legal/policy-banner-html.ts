import type { LegalDocumentType } from '@/lib/domain/legal';
import type { Translate } from '@/lib/shared/i18n';
import { linkTarget, POLICY_LABEL_KEYS } from './policy-links';

// The 'Stay Informed !!!' banner as HTML for the page's first response (lib/shared/legal-seen.ts):
// the markup of PolicyBanner (policy-banner.tsx), written out so the server can send it without
// React (the root layout puts it in an element of its own, outside React's tree, and the browser's
// banner replaces it). Keep the two alike: tests/unit/legal/policy-banner-html.test.tsx renders
// both and compares them; the one difference is Accept, disabled until the browser's banner is in.

/** Id of the element that holds the server's banner, just above the browser's slot (LEGAL_TOP_SLOT_ID). */
export const LEGAL_SERVER_BANNER_ID = 'legal-top-server';

/** React's own escaping (react-dom/server), so the two banners are the same bytes. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function policyBannerHtml(updated: readonly LegalDocumentType[], links: Record<LegalDocumentType, string>, t: Translate): string {
  if (!updated.length) return '';
  const items = updated
    .map((type) => {
      const href = links[type];
      const opens = linkTarget(href);
      const target = opens.target ? ` target="${opens.target}" rel="${escapeHtml(opens.rel ?? '')}"` : '';
      return `<li><a href="${escapeHtml(href)}"${target} class="inline-block py-2 font-semibold text-blue-800 underline">${escapeHtml(t(POLICY_LABEL_KEYS[type]))}</a></li>`;
    })
    .join('');
  return (
    `<section role="region" aria-labelledby="policy-banner-title" class="border-b border-gray-300 bg-white px-4 py-2 text-sm text-gray-900 shadow-sm">` +
    `<div class="mx-auto flex max-w-2xl flex-col gap-1">` +
    `<h2 id="policy-banner-title" class="text-base font-bold">${escapeHtml(t('legal.stayInformed'))}</h2>` +
    `<p>${escapeHtml(t('legal.updatedText'))}</p>` +
    `<div class="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">` +
    `<ul class="flex flex-wrap gap-x-4 gap-y-1">${items}</ul>` +
    // Disabled until the browser's banner takes its place (a tap here would have nothing to run).
    `<button type="button" disabled="" class="bg-brand-primary text-brand-text min-h-11 rounded-lg px-6 py-2 font-semibold">${escapeHtml(t('legal.accept'))}</button>` +
    `</div></div></section>`
  );
}

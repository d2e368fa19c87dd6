import { createPortal } from 'react-dom';
import type { LegalDocumentType } from '@/lib/schemas/legal';
import type { Translate } from '@/lib/shared/i18n';
import { LEGAL_ACCEPT_PATH } from '@/lib/shared/legal-seen';
import { LEGAL_TOP_SLOT_ID, linkTarget, POLICY_LABEL_KEYS } from './policy-links';

// The top banner 'Stay Informed !!!' (spec section 2): the policies to accept as links, and Accept.
// It sits in the page's flow at the very top (the slot app/layout.tsx leaves for it), compact
// (title, words and links run as one paragraph beside Accept, so on a 360×740 phone it and the
// cookie notice together keep under a quarter of the screen), so the page below it (a verdict
// on a phone) is pushed down, never covered. Where there is no slot (a screen rendered on its
// own) it stays where it is rendered. Accept is a plain form (POST /legal/accept) that the
// browser's banner answers itself: the server's copy (policy-banner-html.ts) works before the
// page's scripts have loaded. `first`: nothing was ever accepted here, so nothing is 'updated'.
export function PolicyBanner({
  updated,
  links,
  onAccept,
  t,
  first = false,
  back = '/',
}: {
  updated: LegalDocumentType[];
  links: Record<LegalDocumentType, string>;
  onAccept: () => void;
  /** The page's language (the server's copy, policy-banner-html.ts, is written in the same). */
  t: Translate;
  first?: boolean;
  /** The page the plain form returns to (the server's copy needs it; the browser's answers in place). */
  back?: string;
}) {
  const banner = (
    <section role="region" aria-labelledby="policy-banner-title" className="border-b border-gray-300 bg-white px-4 py-1 text-sm text-gray-900 shadow-sm">
      <form
        method="post"
        action={LEGAL_ACCEPT_PATH}
        className="mx-auto flex max-w-2xl items-center gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          onAccept();
        }}
      >
        <input type="hidden" name="back" value={back} />
        <div className="min-w-0 flex-1 leading-tight">
          <h2 id="policy-banner-title" className="mr-1 inline font-bold">{t('legal.stayInformed')}</h2>
          <span className="mr-1">{t(first ? 'legal.firstText' : 'legal.updatedText')}</span>
          <ul className="inline">
            {updated.map((type) => (
              <li key={type} className="mr-2 inline">
                <a href={links[type]} {...linkTarget(links[type])} className="inline-block py-0.5 font-semibold text-blue-800 underline">
                  {t(POLICY_LABEL_KEYS[type])}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <button type="submit" className="bg-brand-primary text-brand-text min-h-10 shrink-0 rounded-lg px-4 py-2 font-semibold">
          {t('legal.accept')}
        </button>
      </form>
    </section>
  );
  const slot = typeof document === 'undefined' ? null : document.getElementById(LEGAL_TOP_SLOT_ID);
  return slot ? createPortal(banner, slot) : banner;
}

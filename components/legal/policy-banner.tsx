import { createPortal } from 'react-dom';
import type { LegalDocumentType } from '@/lib/schemas/legal';
import type { Translate } from '@/lib/shared/i18n';
import { LEGAL_TOP_SLOT_ID, linkTarget, POLICY_LABEL_KEYS } from './policy-links';

// The top banner 'Stay Informed !!!' (spec section 2): the updated policies as links, and Accept.
// It sits in the page's flow at the very top (the slot app/layout.tsx leaves for it), compact,
// so the page below it (a verdict on a phone) is pushed down, never covered. Where there is no
// slot (a screen rendered on its own) it stays where it is rendered.
export function PolicyBanner({
  updated,
  links,
  onAccept,
  t,
}: {
  updated: LegalDocumentType[];
  links: Record<LegalDocumentType, string>;
  onAccept: () => void;
  /** The page's language (the server's copy, policy-banner-html.ts, is written in the same). */
  t: Translate;
}) {
  const banner = (
    <section
      role="region"
      aria-labelledby="policy-banner-title"
      className="border-b border-gray-300 bg-white px-4 py-2 text-sm text-gray-900 shadow-sm"
    >
      <div className="mx-auto flex max-w-2xl flex-col gap-1">
        <h2 id="policy-banner-title" className="text-base font-bold">
          {t('legal.stayInformed')}
        </h2>
        <p>{t('legal.updatedText')}</p>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {updated.map((type) => (
              <li key={type}>
                <a href={links[type]} {...linkTarget(links[type])} className="inline-block py-2 font-semibold text-blue-800 underline">
                  {t(POLICY_LABEL_KEYS[type])}
                </a>
              </li>
            ))}
          </ul>
          <button type="button" onClick={onAccept} className="bg-brand-primary text-brand-text min-h-11 rounded-lg px-6 py-2 font-semibold">
            {t('legal.accept')}
          </button>
        </div>
      </div>
    </section>
  );
  const slot = typeof document === 'undefined' ? null : document.getElementById(LEGAL_TOP_SLOT_ID);
  return slot ? createPortal(banner, slot) : banner;
}

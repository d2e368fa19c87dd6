import type { Translate } from '@/lib/shared/i18n';
import { linkTarget } from './policy-links';

// The bottom 'Cookie Notice' banner (spec section 2): View opens the Cookie Policy, Accept gives consent.
// Compact, so on a phone it keeps clear of the top of the page (a verdict's heading and result).
export function CookieNotice({ cookiePolicyUrl, onAccept, t }: { cookiePolicyUrl: string; onAccept: () => void; t: Translate }) {
  return (
    <section
      role="region"
      aria-labelledby="cookie-notice-title"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-gray-300 bg-white px-4 py-2 text-sm text-gray-900 shadow-[0_-2px_6px_rgba(0,0,0,0.15)]"
    >
      <div className="mx-auto flex max-w-2xl flex-col gap-1">
        <h2 id="cookie-notice-title" className="text-base font-bold">
          {t('legal.cookieNotice')}
        </h2>
        <p>{t('legal.cookieText')}</p>
        <div className="flex gap-3">
          <a
            href={cookiePolicyUrl}
            {...linkTarget(cookiePolicyUrl)}
            className="inline-flex min-h-11 items-center rounded-lg border border-gray-400 px-6 py-2 font-semibold"
          >
            {t('legal.view')}
          </a>
          <button type="button" onClick={onAccept} className="bg-brand-primary text-brand-text min-h-11 rounded-lg px-6 py-2 font-semibold">
            {t('legal.accept')}
          </button>
        </div>
      </div>
    </section>
  );
}

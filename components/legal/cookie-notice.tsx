import type { Translate } from '@/lib/shared/i18n';
import { LEGAL_ACCEPT_PATH } from '@/lib/shared/legal-seen';
import { linkTarget } from './policy-links';

// The bottom 'Cookie Notice' banner (spec section 2): View opens the Cookie Policy, Accept gives consent.
// Compact (title and words as one paragraph, the two buttons stacked beside it), so on a phone it
// keeps clear of the top of the page (a verdict's heading and result), and with the policy banner
// keeps under a quarter of a 360×740 screen. Accept is a plain form (POST /legal/accept with
// accept=cookies) that the browser's notice answers itself; the server's copy
// (cookie-notice-html.ts) works before the page's scripts have loaded.
export function CookieNotice({ cookiePolicyUrl, onAccept, t, back = '/' }: { cookiePolicyUrl: string; onAccept: () => void; t: Translate; back?: string }) {
  return (
    <section
      role="region"
      aria-labelledby="cookie-notice-title"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-gray-300 bg-white px-4 py-1 text-sm text-gray-900 shadow-[0_-2px_6px_rgba(0,0,0,0.15)]"
    >
      <form
        method="post"
        action={LEGAL_ACCEPT_PATH}
        className="mx-auto flex max-w-2xl items-center gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          onAccept();
        }}
      >
        <input type="hidden" name="accept" value="cookies" />
        <input type="hidden" name="back" value={back} />
        <p className="min-w-0 flex-1 leading-tight">
          <span id="cookie-notice-title" role="heading" aria-level={2} className="mr-1 font-bold">
            {t('legal.cookieNotice')}
          </span>
          {t('legal.cookieText')}
        </p>
        <div className="flex shrink-0 flex-col gap-1">
          <a
            href={cookiePolicyUrl}
            {...linkTarget(cookiePolicyUrl)}
            className="inline-flex min-h-10 items-center justify-center rounded-lg border border-gray-400 px-4 py-1 font-semibold"
          >
            {t('legal.view')}
          </a>
          <button type="submit" className="bg-brand-primary text-brand-text min-h-10 rounded-lg px-4 py-1 font-semibold">
            {t('legal.accept')}
          </button>
        </div>
      </form>
    </section>
  );
}

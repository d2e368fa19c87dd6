/** @jest-environment jsdom */
import { renderToStaticMarkup } from 'react-dom/server';
import { CookieNotice } from '@/components/legal/cookie-notice';
import { cookieNoticeHtml } from '@/components/legal/cookie-notice-html';
import { CATALOGUES } from '@/messages';
import { LOCALES, translator } from '@/lib/shared/i18n';

// The server's 'Cookie Notice' (plain HTML in the first response, its Accept a form that works
// before the scripts) must be the browser's notice to the byte: the browser swaps one for the other.

describe('cookieNoticeHtml', () => {
  it.each([
    ["the app's own Cookie Policy", '/privacy-policy#cookie-policy'],
    ["an embedding brand's page (new tab), with characters to escape", 'https://brand.example/cookies?a=1&b="2"'],
  ])('is the markup of CookieNotice: %s', (_, url) => {
    for (const locale of LOCALES) {
      const t = translator(CATALOGUES[locale]);
      for (const back of ['/', '/info/verify/abc?x="1"&y=2']) {
        const react = renderToStaticMarkup(<CookieNotice cookiePolicyUrl={url} onAccept={() => {}} t={t} back={back} />);
        const html = cookieNoticeHtml(url, t, back);
        expect(html).toMatch(/<form [^>]*action="\/legal\/accept" method="post">/);
        expect(html).toContain('<input type="hidden" name="accept" value="cookies"/>');
        expect(html).toBe(react);
      }
    }
  });

  it("speaks the page's language, and escapes what a brand configured", () => {
    expect(cookieNoticeHtml('/p', translator(CATALOGUES.en))).toContain('>Cookie Notice</span>');
    const html = cookieNoticeHtml('https://x.example/"><script>alert(1)</script>', translator(CATALOGUES.en), '/"><script>');
    expect(html).not.toContain('<script>');
  });
});

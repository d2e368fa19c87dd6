/** @jest-environment jsdom */
import { renderToStaticMarkup } from 'react-dom/server';
import { PolicyBanner } from '@/components/legal/policy-banner';
import { policyBannerHtml } from '@/components/legal/policy-banner-html';
import { policyLinks } from '@/components/legal/policy-links';
import type { LegalDocumentType } from '@/lib/domain/legal';
import { CATALOGUES } from '@/messages';
import { LOCALES, translator } from '@/lib/shared/i18n';

// The server's 'Stay Informed !!!' banner (plain HTML in the first response) must be the
// browser's banner to the byte (but for its Accept, disabled until then): the browser swaps one for the other in one frame, and any
// difference in size would move the page, which is what the server's banner is there to avoid.

const own = policyLinks({ embedding_App_Privacy_Policy_URL: null, embedding_App_Terms_And_Conditions_URL: null });
const en = translator(CATALOGUES.en);
const embedded = policyLinks({ embedding_App_Privacy_Policy_URL: 'https://brand.example/privacy?a=1&b="2"', embedding_App_Terms_And_Conditions_URL: 'https://brand.example/terms' });

describe('policyBannerHtml', () => {
  it.each<[string, LegalDocumentType[], Record<LegalDocumentType, string>]>([
    ['all three, on the app', ['Terms & Conditions', 'Privacy Policy', 'Cookie Policy'], own],
    ['one', ['Privacy Policy'], own],
    ["an embedding brand's own pages (new tab), with characters to escape", ['Terms & Conditions', 'Privacy Policy'], embedded],
  ])('is the markup of PolicyBanner: %s', (_, updated, links) => {
    // In every language: the server and the browser write the banner in the page's language.
    for (const locale of LOCALES) {
      const t = translator(CATALOGUES[locale]);
      for (const [first, back] of [[false, '/'], [true, '/info/verify/abc?x="1"&y=2']] as const) {
        const react = renderToStaticMarkup(<PolicyBanner updated={updated} links={links} onAccept={() => {}} t={t} first={first} back={back} />);
        const html = policyBannerHtml(updated, links, t, first, back);
        // Accept is a plain form in both: the server's posts before the scripts have loaded.
        expect(html).toMatch(/<form [^>]*action="\/legal\/accept" method="post">/);
        expect(html).toContain('<button type="submit"');
        expect(html).toBe(react);
      }
    }
  });

  it('speaks the page\'s language, the spec\'s words in English', () => {
    expect(policyBannerHtml(['Cookie Policy'], own, en)).toContain('>Stay Informed !!!</h2>');
    const hindi = policyBannerHtml(['Cookie Policy'], own, translator(CATALOGUES.hi));
    expect(hindi).toContain('>अपडेट रहें !!!</h2>');
    expect(hindi).toContain('>कुकी नीति</a>');
  });

  it("tells a first visitor to read and accept, without a word of 'updated'", () => {
    expect(policyBannerHtml(['Cookie Policy'], own, en, true)).toContain('>Please read and accept these to continue:</span>');
    expect(policyBannerHtml(['Cookie Policy'], own, en, true)).not.toMatch(/updated/i);
    expect(policyBannerHtml(['Cookie Policy'], own, en, false)).toContain('We have updated the following.');
  });

  it('is nothing when nothing is to be accepted', () => {
    expect(policyBannerHtml([], own, en)).toBe('');
  });

  it('escapes what a brand configured', () => {
    const html = policyBannerHtml(['Privacy Policy'], { ...own, 'Privacy Policy': 'https://x.example/"><script>alert(1)</script>' }, en);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });
});

import type { Locale } from './i18n';

// The fonts of the Indian scripts (docs/languages.md, "Fonts"): Noto Sans, served by the app itself
// from /fonts (the @fontsource packages' files cut to `unicodeRange` by scripts/copy-fonts.mjs; a
// unit test keeps them equal to what it writes), only the script's own characters. A page declares
// only its own language's font, limited to the script's characters (unicode-range), so an English page gets
// no font at all and a Hindi page downloads Devanagari only. English needs none: the phone's
// own sans-serif.
//
// One weight, the regular: bold text (headings, buttons) is drawn from it by the browser's own
// emboldening (font-synthesis, on by default). A second file for bold doubled the bytes a page must
// fetch before its first paint (about 50 kB each) and cost Lighthouse's LCP in Hindi about 0.3 s on
// a quiet machine (docs/benchmarks.md, "One font weight").
//
// The page does not move when the font arrives (docs/benchmarks.md, "Fonts without a shift"): its
// head asks for its script's files at once (<link rel=preload>, fontPreloads), while the HTML is
// still arriving, instead of when the first Devanagari text is laid out; the font is then there
// for the first paint, and `font-display: swap` never has to redraw the text in it (CLS 0.146 in
// Hindi without the preload). On a link too slow for that, the text shows at once in the phone's
// own font and is redrawn in Noto when it comes (never invisible, never boxes for good).

// Each range is the script's own block with the joiners, the rupee and the dotted circle (and the
// dandas the Indian scripts share): the packages' Vedic and extended blocks are left out of the
// file, which made the Devanagari one 40 kB instead of 50 kB before a Hindi page's first paint.
export type ScriptFont = { family: string; file: string; unicodeRange: string };

export const SCRIPT_FONTS: Record<Locale, ScriptFont | null> = {
  en: null,
  hi: { family: 'Noto Sans Devanagari', file: 'noto-sans-devanagari-devanagari', unicodeRange: 'U+0900-097F,U+200C-200D,U+20A8,U+20B9,U+25CC' },
  mr: { family: 'Noto Sans Devanagari', file: 'noto-sans-devanagari-devanagari', unicodeRange: 'U+0900-097F,U+200C-200D,U+20A8,U+20B9,U+25CC' },
  bn: { family: 'Noto Sans Bengali', file: 'noto-sans-bengali-bengali', unicodeRange: 'U+0964-0965,U+0980-09FE,U+200C-200D,U+20B9,U+25CC' },
  ta: { family: 'Noto Sans Tamil', file: 'noto-sans-tamil-tamil', unicodeRange: 'U+0964-0965,U+0B82-0BFA,U+200C-200D,U+20B9,U+25CC' },
  te: { family: 'Noto Sans Telugu', file: 'noto-sans-telugu-telugu', unicodeRange: 'U+0964-0965,U+0C00-0C7F,U+200C-200D,U+25CC' },
};

export const FONT_WEIGHTS = [400] as const;
export const FONTS_PATH = '/fonts/';

/** The file of a script font's weight, as served (public/fonts). */
export const fontFileOf = (font: ScriptFont, weight: (typeof FONT_WEIGHTS)[number]) => `${font.file}-${weight}-normal.woff2`;

/** The stylesheet a page in `locale` carries in its head: its script's font first, then the usual sans-serif; none for English. */
export function fontCss(locale: Locale): string {
  const font = SCRIPT_FONTS[locale];
  if (!font) return '';
  const faces = FONT_WEIGHTS.map(
    (w) => `@font-face{font-family:'${font.family}';font-style:normal;font-display:swap;font-weight:${w};src:url(${FONTS_PATH}${fontFileOf(font, w)}) format('woff2');unicode-range:${font.unicodeRange}}`,
  ).join('');
  return `${faces}html{font-family:'${font.family}',ui-sans-serif,system-ui,sans-serif}`;
}

/** The font files a page in `locale` asks for at once (its one weight; bold is synthesized); none for English. */
export function fontPreloads(locale: Locale): string[] {
  const font = SCRIPT_FONTS[locale];
  return font ? FONT_WEIGHTS.map((w) => `${FONTS_PATH}${fontFileOf(font, w)}`) : [];
}

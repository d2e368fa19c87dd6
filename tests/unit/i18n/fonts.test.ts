import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { FONT_WEIGHTS, SCRIPT_FONTS, fontCss, fontFileOf, fontPreloads } from '@/lib/shared/fonts';
import { LOCALES } from '@/lib/shared/i18n';

// The Indian scripts' fonts (docs/languages.md, "Fonts"): each language but English has one, the
// app serves it (public/fonts, its package's file cut to the script's own characters), and a page
// declares only its own.

const root = path.resolve(__dirname, '../../..');

describe('script fonts', () => {
  it('gives every language written in an Indian script its font, served by the app, cut from its package to the range it declares', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const font = SCRIPT_FONTS[locale];
      expect(font).not.toBeNull();
      for (const weight of FONT_WEIGHTS) {
        const name = fontFileOf(font!, weight);
        const served = path.join(root, 'public', 'fonts', name);
        expect(existsSync(served)).toBe(true);
        const pkg = font!.file.replace(/-[a-z]+$/, '');
        const original = readFileSync(path.join(root, 'node_modules', '@fontsource', pkg, 'files', name));
        expect(readFileSync(served).length).toBeLessThan(original.length); // the Vedic and extended blocks left out
      }
      // The regular weight as WOFF too, for the evidence report's PDF (pdfkit reads no WOFF2).
      expect(existsSync(path.join(root, 'public', 'fonts', `${font!.file}-400-normal.woff`))).toBe(true);
    }
    // Only the served weights are shipped: no stale bold file is left in public/fonts.
    const served = readdirSync(path.join(root, 'public', 'fonts')).filter((f) => f.endsWith('.woff2'));
    expect(served.every((f) => FONT_WEIGHTS.some((w) => f.endsWith(`-${w}-normal.woff2`)))).toBe(true);
  });

  it('serves exactly what scripts/copy-fonts.mjs cuts from the packages', () => {
    // Exits 1 naming each file that differs (else: node scripts/copy-fonts.mjs).
    const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'copy-fonts.mjs'), '--check'], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it("covers every character of each language's catalogue that is not Latin", () => {
    /** Whether a code point is in a CSS unicode-range. */
    const inRange = (range: string, cp: number) =>
      range.split(',').some((part) => {
        const [from, to = from] = part.replace('U+', '').split('-').map((h) => parseInt(h, 16));
        return cp >= from! && cp <= to!;
      });
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const text = JSON.stringify(JSON.parse(readFileSync(path.join(root, 'messages', `${locale}.json`), 'utf8')));
      const outside = [...new Set(text)].filter((ch) => ch.codePointAt(0)! > 0x2000 && !inRange(SCRIPT_FONTS[locale]!.unicodeRange, ch.codePointAt(0)!));
      // Typographic punctuation (dashes, quotes, the ellipsis), and the rupee where the script's
      // font has none (Telugu's), are drawn by the phone's own font.
      expect({ locale, outside: outside.filter((ch) => !'\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2022\u2192\u20b9'.includes(ch)) }).toEqual({ locale, outside: [] });
    }
  });

  it('declares no font on an English page, and only its own script on another', () => {
    expect(fontCss('en')).toBe('');
    expect(fontCss('hi')).toContain("font-family:'Noto Sans Devanagari'");
    expect(fontCss('hi')).toContain('U+0900-097F');
    expect(fontCss('hi')).not.toMatch(/Tamil|Bengali|Telugu/);
    expect(fontCss('ta')).toContain('/fonts/noto-sans-tamil-tamil-400-normal.woff2');
    expect(fontCss('ta')).not.toMatch(/Devanagari/);
  });

  it('asks for its own script\'s files at once, so the first paint has them (no layout shift), and never hides the text', () => {
    expect(fontPreloads('en')).toEqual([]);
    // One file: the regular weight; bold is synthesized from it (a second file cost the first paint).
    expect(fontPreloads('hi')).toEqual(['/fonts/noto-sans-devanagari-devanagari-400-normal.woff2']);
    expect(fontPreloads('mr')).toEqual(fontPreloads('hi'));
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      // Each preloaded file is one the stylesheet declares, so the browser uses what it fetched.
      for (const href of fontPreloads(locale)) expect(fontCss(locale)).toContain(`url(${href})`);
      expect(fontCss(locale).match(/font-display:swap/g)).toHaveLength(FONT_WEIGHTS.length);
      expect(fontCss(locale)).not.toMatch(/font-display:(optional|block|fallback|auto)/);
      // Bold is left to the browser: no rule turns off its emboldening of the regular face.
      expect(fontCss(locale)).not.toMatch(/font-synthesis/);
    }
  });
});

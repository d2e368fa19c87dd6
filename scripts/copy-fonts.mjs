#!/usr/bin/env node
// @ts-check
// Writes the Indian scripts' font files the app serves (public/fonts) from their @fontsource
// packages: the script's own subset in the regular weight (lib/shared/fonts.ts lists them: bold is
// synthesized from it), cut to the characters its `unicodeRange` declares, and the package's WOFF
// as it is for the evidence report's PDF. Run after upgrading a font package, changing a range or
// adding a language; tests/unit/i18n/fonts.test.ts runs it with --check, which fails while a file
// differs from what this would write.
//
// The cut: a package's subset also carries its script's Vedic and extended blocks (for Devanagari,
// U+1CD0–1CF9, U+A830–A839, U+A8E0–A8FF, U+11B00–11B09), which no shopper's screen uses; without
// them the Devanagari file a Hindi page loads before its first paint is 40 kB, not 50 kB
// (docs/languages.md, "Fonts"). The cut keeps every glyph the kept characters reach through the
// font's substitutions (conjuncts), as hb-subset does.
//
//   node scripts/copy-fonts.mjs [--check]
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');

/**
 * The characters of a CSS unicode-range ('U+0900-097F,U+20B9').
 * @param {string} unicodeRange
 */
function rangeText(unicodeRange) {
  let text = '';
  for (const part of unicodeRange.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-').map((h) => parseInt(h, 16));
    for (let cp = from; cp <= to; cp++) text += String.fromCodePoint(cp);
  }
  return text;
}

const source = readFileSync(path.join(root, 'lib/shared/fonts.ts'), 'utf8');
/** Each font file once, with the range its faces declare. */
const fonts = new Map([...source.matchAll(/file: '([a-z-]+)', unicodeRange: '([^']+)'/g)].map((m) => [m[1], m[2]]));
if (fonts.size === 0) throw new Error('lib/shared/fonts.ts: no font found (file, then unicodeRange)');
const target = path.join(root, 'public', 'fonts');
mkdirSync(target, { recursive: true });
let stale = 0;

/**
 * Writes `bytes` as public/fonts/`name`, or with --check reports whether it differs.
 * @param {string} name
 * @param {Buffer} bytes
 */
function put(name, bytes) {
  const file = path.join(target, name);
  if (!check) {
    writeFileSync(file, bytes);
    console.log(`public/fonts/${name} (${bytes.length} bytes)`);
  } else if (!existsSync(file) || !readFileSync(file).equals(bytes)) {
    stale++;
    console.error(`public/fonts/${name} differs from its package's subset: run node scripts/copy-fonts.mjs`);
  }
}

for (const [file, unicodeRange] of fonts) {
  const pkg = file.replace(/-[a-z]+$/, ''); // noto-sans-tamil-tamil → noto-sans-tamil
  const files = path.join(root, 'node_modules', '@fontsource', pkg, 'files');
  for (const weight of [400]) {
    const name = `${file}-${weight}-normal.woff2`;
    put(name, await subsetFont(readFileSync(path.join(files, name)), rangeText(unicodeRange), { targetFormat: 'woff2' }));
  }
  // The regular weight as WOFF too, whole: the evidence report embeds it (pdfkit reads WOFF, not WOFF2).
  const woff = `${file}-400-normal.woff`;
  if (check) put(woff, readFileSync(path.join(files, woff)));
  else copyFileSync(path.join(files, woff), path.join(target, woff));
}
if (stale) process.exit(1);

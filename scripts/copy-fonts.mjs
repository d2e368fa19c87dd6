#!/usr/bin/env node
// @ts-check
// Copies the Indian scripts' font files the app serves (public/fonts) from their @fontsource
// packages: the script's own subset in the regular weight (lib/shared/fonts.ts lists them: bold is
// synthesized from it), and the same as WOFF for the evidence report's PDF. Run after
// upgrading a font package or adding a language; tests/unit/i18n/fonts.test.ts fails while the
// copies differ from the packages.
//
//   node scripts/copy-fonts.mjs
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const source = readFileSync(path.join(root, 'lib/shared/fonts.ts'), 'utf8');
const files = [...new Set([...source.matchAll(/file: '([a-z-]+)'/g)].map((m) => m[1]))];
const target = path.join(root, 'public', 'fonts');
mkdirSync(target, { recursive: true });
for (const file of files) {
  const pkg = file.replace(/-[a-z]+$/, ''); // noto-sans-tamil-tamil → noto-sans-tamil
  for (const weight of [400]) {
    const name = `${file}-${weight}-normal.woff2`;
    copyFileSync(path.join(root, 'node_modules', '@fontsource', pkg, 'files', name), path.join(target, name));
    console.log(`public/fonts/${name}`);
  }
  // The regular weight as WOFF too: the evidence report embeds it (pdfkit reads WOFF, not WOFF2).
  const woff = `${file}-400-normal.woff`;
  copyFileSync(path.join(root, 'node_modules', '@fontsource', pkg, 'files', woff), path.join(target, woff));
  console.log(`public/fonts/${woff}`);
}

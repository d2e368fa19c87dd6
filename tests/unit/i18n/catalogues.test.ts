import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUES } from '@/messages';
import { LOCALES, LOCALE_NAMES, type Locale } from '@/lib/shared/i18n';
import { RESCAN_MESSAGE, VERDICT_LABELS, displayLabel } from '@/lib/domain/verdict';
import { explanationOf } from '@/lib/domain/verdict-explanation';
import { explanationText, labelText } from '@/lib/shared/verdict-words';
import { translator } from '@/lib/shared/i18n';

// The catalogues (messages/*.json, docs/languages.md): every language has every key, none empty,
// the same {values} as English; no key that no code uses; English is the spec's text.

const root = path.resolve(__dirname, '../../..');
const english = CATALOGUES.en as Record<string, string>;
const keys = Object.keys(english);

/** Every source file of the app (not tests, not the catalogues). */
function sources(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sources(file, found);
    else if (/\.(ts|tsx)$/.test(name)) found.push(file);
  }
  return found;
}
const code = ['app', 'components', 'lib', 'messages'].flatMap((d) => sources(path.join(root, d))).map((f) => readFileSync(f, 'utf8')).join('\n');
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it('has one catalogue file per language the app offers, and nothing else', () => {
    const files = readdirSync(path.join(root, 'messages')).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
    expect(files).toEqual([...LOCALES].sort());
    for (const l of LOCALES) expect(LOCALE_NAMES[l]).toBeTruthy();
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every key, none empty, none extra, with the same values named', (locale) => {
    const catalogue = CATALOGUES[locale as Locale] as Record<string, string>;
    const missing = keys.filter((k) => typeof catalogue[k] !== 'string' || catalogue[k].trim() === '');
    expect(missing).toEqual([]);
    expect(Object.keys(catalogue).filter((k) => !(k in english))).toEqual([]);
    const mismatched = keys.filter((k) => placeholders(catalogue[k]!).join() !== placeholders(english[k]!).join());
    expect(mismatched).toEqual([]);
  });

  it('English has no empty text', () => {
    expect(keys.filter((k) => !english[k]?.trim())).toEqual([]);
  });

  it('has no key that no code uses', () => {
    // A key is used when the code names it as a string literal ('verdict.result').
    const unused = keys.filter((k) => !code.includes(`'${k}'`));
    expect(unused).toEqual([]);
  });

  it('keeps the spec strings letter for letter in English', () => {
    expect(english['shell.appDataError']).toBe('Unable to fetch App data. Please try reloading');
    expect(english['shell.userDataError']).toBe('Unable to fetch user data. Please try again.');
    expect(english['shell.loadingError']).toBe('Loading Error');
    const t = translator(english);
    for (const label of VERDICT_LABELS) {
      expect(labelText(t, label)).toBe(displayLabel(label));
      expect(explanationText(t, label, 'Acme')).toBe(explanationOf(label, 'Acme'));
    }
    expect(labelText(t, RESCAN_MESSAGE)).toBe(RESCAN_MESSAGE);
  });

  it('gives every label and explanation its own text in every language (never the English one)', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const t = translator(CATALOGUES[locale] as Record<string, string>);
      for (const label of VERDICT_LABELS) {
        expect(labelText(t, label)).not.toBe(displayLabel(label));
        expect(explanationText(t, label, 'Acme')).not.toBe(explanationOf(label, 'Acme'));
      }
    }
  });
});

import { readFileSync } from 'node:fs';
import { appFile } from '@/lib/app-folder';
import { LOCALES, type Locale, type Messages } from '@/lib/shared/i18n';

// Every catalogue, for the server (pages, the Brand API, messages and the evidence report). The
// browser never imports this: it gets its page's one catalogue from the root layout
// (components/shell/i18n-context.tsx). A new language is its file here and its code in LOCALES
// (docs/languages.md, "Adding a language").
//
// Read from the app's folder on first use, once a process, rather than imported: the bundler
// copies an imported catalogue into every server chunk that reaches this module (five of them),
// each chunk then holding its own parsed copy and its source as a string, twice as large for
// the Indian scripts' text (docs/benchmarks.md, *Idle memory*). A language nobody has asked for
// is never read.

/** The parsed catalogues, shared by every chunk's copy of this module. */
const cache: Partial<Record<Locale, Messages>> = ((globalThis as { [k: symbol]: unknown })[Symbol.for('brand-verify.catalogues')] ??= {}) as Partial<Record<Locale, Messages>>;

function load(locale: Locale): Messages {
  const cached = cache[locale];
  if (cached) return cached;
  const file = appFile('messages', `${locale}.json`);
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Messages; // held complete by tests/unit/i18n
  cache[locale] = messages;
  return messages;
}

export const CATALOGUES: Readonly<Record<Locale, Messages>> = Object.freeze(
  Object.defineProperties({} as Record<Locale, Messages>, Object.fromEntries(LOCALES.map((l) => [l, { enumerable: true, get: () => load(l) }]))),
);

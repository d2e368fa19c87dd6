import type { Locale, Messages } from '@/lib/shared/i18n';
import en from './en.json';
import hi from './hi.json';
import bn from './bn.json';
import mr from './mr.json';
import ta from './ta.json';
import te from './te.json';

// Every catalogue, for the server (pages, the Brand API, messages and the evidence report). The
// browser never imports this: it gets its page's one catalogue from the root layout
// (components/shell/i18n-context.tsx). A new language is one file here and one line below
// (docs/languages.md, "Adding a language").
export const CATALOGUES: Record<Locale, Messages> = { en, hi, bn, mr, ta, te };

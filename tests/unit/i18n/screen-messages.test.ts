import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUES } from '@/messages';
import { LOCALES } from '@/lib/shared/i18n';
import { MESSAGE_SCOPES, partHas, pickMessages, type MessageScope } from '@/lib/shared/message-scopes';
import { clientKeys, namespaceOf, root } from './client-keys';

// What the browser receives of the catalogue (lib/shared/message-scopes.ts): every customer
// route's client modules find each key they name in what the route sends (the shell's and the
// scopes its layouts and page declare), no scope sends a part that none of its routes' client
// modules names, and a verify page carries no other screen's texts.

const app = path.join(root, 'app');
const en = CATALOGUES.en;

/** Every page of the customer app (not the console's). */
function pages(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== '(console)') pages(file, found);
    } else if (name === 'page.tsx') found.push(file);
  }
  return found;
}

/** The modules that draw a page: the root's, each layout and template on its way, the page. */
function entriesOf(page: string): string[] {
  const entries = ['layout.tsx', 'error.tsx', 'not-found.tsx'].map((f) => path.join(app, f));
  const dirs = path.relative(app, path.dirname(page)).split(path.sep).filter(Boolean);
  let dir = app;
  for (const d of dirs) {
    dir = path.join(dir, d);
    for (const f of ['layout.tsx', 'template.tsx']) if (existsSync(path.join(dir, f))) entries.push(path.join(dir, f));
  }
  entries.push(page);
  return entries;
}

/** The scopes a page's modules declare (screenLayout('x') or <ScreenMessages scope="x">), with the shell's. */
function scopesOf(page: string): MessageScope[] {
  const scopes = new Set<MessageScope>(['shell']);
  for (const file of entriesOf(page)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/screenLayout\('(\w+)'\)|<ScreenMessages scope="(\w+)"/g)) {
      const scope = (m[1] ?? m[2]) as MessageScope;
      expect(Object.keys(MESSAGE_SCOPES)).toContain(scope);
      scopes.add(scope);
    }
  }
  return [...scopes];
}

const routes = pages(app).map((page) => ({ route: path.relative(app, page), needs: clientKeys(entriesOf(page)), scopes: scopesOf(page) }));
const sent = (scopes: MessageScope[]) => new Set(scopes.flatMap((s) => Object.keys(pickMessages(en, s))));

describe('the catalogue keys the browser receives', () => {
  it('finds the customer routes', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => r.route)).toContain(path.join('(anonymous)', 'info', 'verify', '[qrId]', 'page.tsx'));
  });

  it.each(routes.map((r) => [r.route, r] as const))('%s sends every key its client modules name', (_, r) => {
    const have = sent(r.scopes);
    expect([...r.needs].filter((k) => !have.has(k))).toEqual([]);
  });

  it.each(Object.keys(MESSAGE_SCOPES) as MessageScope[])('scope %s sends no part that none of its routes uses in the browser', (scope) => {
    const users = routes.filter((r) => r.scopes.includes(scope));
    expect(users.length).toBeGreaterThan(0);
    const used = new Set(users.flatMap((r) => [...r.needs]));
    const parts: readonly string[] = MESSAGE_SCOPES[scope];
    expect(parts.filter((p) => ![...used].some((k) => partHas(p, k)))).toEqual([]);
  });

  it('sends a verify page only the shell and the location offer: no account, rewards, complaint or verdict texts', () => {
    const verify = routes.find((r) => r.route === path.join('(anonymous)', 'info', 'verify', '[qrId]', 'page.tsx'))!;
    expect(verify.scopes.sort()).toEqual(['shell', 'verify']);
    const namespaces = new Set([...sent(verify.scopes)].map(namespaceOf));
    for (const other of ['auth', 'rewards', 'upi', 'products', 'warranty', 'complaints', 'complaint', 'reply', 'report', 'dispute', 'feedback', 'home', 'verdict', 'risk', 'mail', 'otp', 'pdf']) {
      expect(namespaces).not.toContain(other);
    }
    // Each language's part for a verify page is a small share of its catalogue (en ~36 kB, hi ~65 kB whole).
    for (const locale of LOCALES) {
      const part = JSON.stringify({ ...pickMessages(CATALOGUES[locale], 'shell'), ...pickMessages(CATALOGUES[locale], 'verify') });
      expect(Buffer.byteLength(part)).toBeLessThan(Buffer.byteLength(JSON.stringify(CATALOGUES[locale])) / 5);
    }
  });

  it('picks a scope with the same keys in every language', () => {
    for (const scope of Object.keys(MESSAGE_SCOPES) as MessageScope[]) {
      const keys = Object.keys(pickMessages(en, scope));
      expect(keys.length).toBeGreaterThan(0);
      for (const locale of LOCALES) expect(Object.keys(pickMessages(CATALOGUES[locale], scope)).sort()).toEqual([...keys].sort());
    }
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUES } from '@/messages';
import { LOCALES } from '@/lib/shared/i18n';
import { MESSAGE_SCOPES, partHas, pickMessages, type MessageScope } from '@/lib/shared/message-scopes';
import { clientKeys, namespaceOf, root } from './client-keys';

// What the browser receives of the catalogue (lib/shared/message-scopes.ts): every customer
// route's client modules find each key they name in the provider above them (the shell's, or the
// scope its layout or page declares), no scope sends a part that none of its routes' client
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

/**
 * What a page's client modules need from each provider. The root layout's provider has the shell's
 * keys; a <ScreenMessages scope> (a route's layout: screenLayout('x'), or a page) gives the client
 * components under it that scope's keys instead. A layout wraps only its `children` in it, so its
 * own modules (the header of the sign-in screens' layout) stay under the shell; a page wraps all it
 * draws, so its modules are under the scope, as are the layouts and the page below a layout's.
 */
function routeOf(page: string) {
  const entries = entriesOf(page);
  const declared = entries.map((file) => {
    const found = [...readFileSync(file, 'utf8').matchAll(/screenLayout\('(\w+)'\)|<ScreenMessages scope="(\w+)"/g)].map((m) => (m[1] ?? m[2]) as MessageScope);
    expect(found.length).toBeLessThanOrEqual(1);
    return found[0];
  });
  const at = declared.findIndex((s) => s !== undefined);
  const scope = at < 0 ? undefined : declared[at]!;
  if (scope) expect(Object.keys(MESSAGE_SCOPES)).toContain(scope);
  const isPage = (file: string) => path.basename(file) === 'page.tsx';
  const outside = at < 0 ? entries : entries.filter((f, i) => i < at || (i === at && !isPage(f)));
  const inside = at < 0 ? [] : entries.filter((f, i) => i > at || (i === at && isPage(f)));
  return { route: path.relative(app, page), scope, shellNeeds: clientKeys(outside), scopeNeeds: clientKeys(inside) };
}

const routes = pages(app).map(routeOf);
const sent = (scope: MessageScope) => new Set(Object.keys(pickMessages(en, scope)));
const missing = (needs: Set<string>, scope: MessageScope) => [...needs].filter((k) => !sent(scope).has(k));

describe('the catalogue keys the browser receives', () => {
  it('finds the customer routes', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => r.route)).toContain(path.join('(anonymous)', 'info', 'verify', '[qrId]', 'page.tsx'));
  });

  it.each(routes.map((r) => [r.route, r] as const))('%s sends every key its client modules name', (_, r) => {
    expect(missing(r.shellNeeds, 'shell')).toEqual([]);
    if (r.scope) expect(missing(r.scopeNeeds, r.scope)).toEqual([]);
  });

  it.each(Object.keys(MESSAGE_SCOPES) as MessageScope[])('scope %s sends no part that none of its routes uses in the browser', (scope) => {
    const needs = scope === 'shell' ? routes.flatMap((r) => [...r.shellNeeds]) : routes.filter((r) => r.scope === scope).flatMap((r) => [...r.scopeNeeds]);
    expect(needs.length).toBeGreaterThan(0);
    const parts: readonly string[] = MESSAGE_SCOPES[scope];
    expect(parts.filter((p) => !needs.some((k) => partHas(p, k)))).toEqual([]);
  });

  it('sends a verify page only the shell and the location offer: no account, rewards, complaint or verdict texts', () => {
    const verify = routes.find((r) => r.route === path.join('(anonymous)', 'info', 'verify', '[qrId]', 'page.tsx'))!;
    expect(verify.scope).toBe('verify');
    const namespaces = new Set([...sent('shell'), ...sent('verify')].map(namespaceOf));
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

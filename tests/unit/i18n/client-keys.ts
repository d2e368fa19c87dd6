import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import en from '@/messages/en.json';

// Which catalogue keys the browser needs on a route: the keys named (as string literals, as every
// key is: tests/unit/i18n/catalogues.test.ts) by the modules on the client side of the route's
// tree: a 'use client' module and everything it imports, followed from the route's page, layouts
// and template through their imports (type-only imports carry no code and are skipped). A server
// component translates with the server's whole catalogue (lib/server/i18n.ts), so only the client
// side counts. Used by tests/unit/i18n/screen-messages.test.ts.

export const root = path.resolve(__dirname, '../../..');
const KEYS = new Set(Object.keys(en));
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''];

function resolve(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(root, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return undefined; // a package: no catalogue keys of the app
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

const IMPORT = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

type Module = { client: boolean; imports: string[]; keys: string[] };
const modules = new Map<string, Module>();

function read(file: string): Module {
  let m = modules.get(file);
  if (m) return m;
  const text = file.endsWith('.json') ? '' : readFileSync(file, 'utf8');
  const imports: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    if (match[2]) continue; // import type … / export type …: no code
    const spec = match[3] ?? match[4];
    const target = spec && resolve(file, spec);
    if (target && !target.endsWith('.json') && !target.endsWith('.css')) imports.push(target);
  }
  const keys = [...new Set([...text.matchAll(/'([A-Za-z]+(?:\.[A-Za-z0-9_]+)+)'/g)].map((x) => x[1]!).filter((k) => KEYS.has(k)))];
  m = { client: /^\s*['"]use client['"]/.test(text), imports, keys };
  modules.set(file, m);
  return m;
}

/** The keys named on the client side of the trees of `entries` (files under the app's root). */
export function clientKeys(entries: string[]): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string, client: boolean) => {
    const m = read(file);
    const isClient = client || m.client;
    const id = `${isClient}:${file}`;
    if (seen.has(id)) return;
    seen.add(id);
    if (isClient) for (const k of m.keys) found.add(k);
    for (const i of m.imports) walk(i, isClient);
  };
  for (const e of entries) walk(e, false);
  return found;
}

/** The namespace of a key: 'verdict.result' → 'verdict'. */
export const namespaceOf = (key: string) => key.slice(0, key.indexOf('.'));

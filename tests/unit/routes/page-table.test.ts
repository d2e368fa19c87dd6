import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGES, UNGROUPED_PAGES, VERIFY_PAGE_PREFIX, VERIFY_PAGE_PREFIXES, routeClassOf } from '@/lib/shared/routes';
import { VERIFY_ROUTES } from '@/lib/domain/verdict';
import { PAGE_PATH_OF_ROUTE } from '@/lib/domain/qr-id';
import { isVerifyPath } from '@/lib/domain/embedding';
import { FEATURE_FLAGS } from '@/lib/schemas/feature-flags';

// The page table (lib/shared/routes.ts) against the app/ folders: a page in the wrong route group, a
// page without an entry or an entry without a page fails here.

const APP = path.join(__dirname, '../../../app');
const GROUP = /^\((.+)\)$/;

type FoundPage = { file: string; group: string | undefined; path: string };

function pagesUnder(dir: string, segments: string[] = [], group?: string): FoundPage[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isFile()) return entry.name === 'page.tsx' ? [{ file: path.relative(APP, full), group, path: '/' + segments.join('/') }] : [];
    if (!entry.isDirectory() || entry.name === 'api' || entry.name.startsWith('_')) return [];
    const g = GROUP.exec(entry.name)?.[1];
    if (g) return pagesUnder(full, segments, group ?? g);
    return pagesUnder(full, [...segments, entry.name], group);
  });
}

const found = pagesUnder(APP);
const entryOf = (p: string) => PAGES.find((e) => e.path === p);

describe('the page table', () => {
  it('finds the pages of the app (the walk itself works)', () => {
    expect(found.length).toBeGreaterThan(30);
    expect(found).toContainEqual({ file: path.join('(signed-in)', 'complaints', '[ticketId]', 'page.tsx'), group: 'signed-in', path: '/complaints/[ticketId]' });
  });

  it.each(found.map((f) => [f.file, f] as const))('has %s in the route group of its access class', (_file, page) => {
    // The brand console's pages (docs/console.md) are their own class: under app/(console)/console/,
    // answered on the console host only, each guarding itself (requireStaffPage); not in the brand's table.
    if (page.group === 'console') {
      expect(page.path === '/console' || page.path.startsWith('/console/')).toBe(true);
      expect(entryOf(page.path)).toBeUndefined();
      return;
    }
    if (page.group === undefined) {
      expect(UNGROUPED_PAGES).toContain(page.path);
      return;
    }
    expect({ path: page.path, access: entryOf(page.path)?.access }).toEqual({ path: page.path, access: page.group });
  });

  it('has a page for every entry, in exactly one place', () => {
    for (const entry of PAGES) expect({ entry: entry.path, pages: found.filter((f) => f.path === entry.path).length }).toEqual({ entry: entry.path, pages: 1 });
    for (const p of UNGROUPED_PAGES) expect(found.filter((f) => f.path === p && f.group === undefined)).toHaveLength(1);
  });

  it('lists each path once', () => {
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
  });

  it('gives every verify route of the verdict one page, which renders that route', () => {
    const verifyEntries = PAGES.filter((p) => 'verify' in p);
    expect(verifyEntries.map((p) => p.verify).sort()).toEqual([...VERIFY_ROUTES].sort());
    for (const entry of verifyEntries) {
      expect(entry.path).toMatch(/\/verify\/\[qrId\]$/);
      const page = found.find((f) => f.path === entry.path)!;
      const source = readFileSync(path.join(APP, page.file), 'utf8');
      expect({ path: entry.path, route: /route="([^"]+)"/.exec(source)?.[1] }).toEqual({ path: entry.path, route: entry.verify });
    }
  });

  it('spells each verify prefix (lib/shared/verify-paths) as its page in the table', () => {
    const verifyEntries = PAGES.filter((p) => 'verify' in p);
    expect(Object.keys(VERIFY_PAGE_PREFIX).sort()).toEqual([...VERIFY_ROUTES].sort());
    for (const entry of verifyEntries) expect(VERIFY_PAGE_PREFIX[entry.verify] + '[qrId]').toBe(entry.path);
  });

  it('gates exactly the pages whose entry names a brand flag, each by that flag', () => {
    for (const page of found) {
      const source = readFileSync(path.join(APP, page.file), 'utf8');
      const gated = [...new Set([...source.matchAll(/\bflag="(\w+)"/g)].map((m) => m[1]))];
      const flag = (entryOf(page.path) as { flag?: string } | undefined)?.flag;
      expect({ path: page.path, gated }).toEqual({ path: page.path, gated: flag ? [flag] : [] });
      if (flag) expect(source).toMatch(/<(ModuleScreen|CodeLookup)\b/);
    }
  });

  it('names only flags of the configuration schema', () => {
    for (const entry of PAGES) if ('flag' in entry) expect(FEATURE_FLAGS).toContain(entry.flag);
  });

  it('treats a page outside the table as no page, and a path below a verify route as none either', () => {
    expect(routeClassOf('/embed-blocked')).toBeUndefined();
    expect(routeClassOf('/verify/abc/extra')).toBeUndefined();
    expect(routeClassOf('/covert/post/verify/abc')).toBe('signed-in');
    expect(routeClassOf('/info/verify/abc')).toBe('anonymous');
  });
});

describe('the lists built from the page table', () => {
  it('gives qr-id the printed links of the table', () => {
    expect(PAGE_PATH_OF_ROUTE).toEqual({
      info: '/info/verify/',
      overt: '/overt/verify/',
      'covert-pre': '/covert/pre/verify/',
      'covert-post': '/covert/post/verify/',
      tert: '/tert/verify/',
      quat: '/quat/verify/',
    });
    expect(VERIFY_PAGE_PREFIX.auto).toBe('/verify/');
  });

  it('orders the verify prefixes so that a longer one is tried before a shorter one it ends with', () => {
    VERIFY_PAGE_PREFIXES.forEach((p, i) => {
      for (const later of VERIFY_PAGE_PREFIXES.slice(i + 1)) expect(later.length).toBeLessThanOrEqual(p.length);
    });
    expect(VERIFY_PAGE_PREFIXES).toHaveLength(VERIFY_ROUTES.length);
  });

  it('makes every verify page, and nothing else, a verify path for embedding', () => {
    for (const prefix of VERIFY_PAGE_PREFIXES) expect(isVerifyPath(`${prefix}abc`)).toBe(true);
    expect(isVerifyPath('/verify-by-batchnumber')).toBe(false);
    expect(isVerifyPath('/complaints/abc')).toBe(false);
  });
});

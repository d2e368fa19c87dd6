import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@/lib/shared/i18n';

// messages/index.ts reads each catalogue from the app's folder on first use, once a process,
// shared by every copy of the module the bundler makes (each server chunk that reaches it has its
// own): a language nobody asked for is never read, and two copies never hold two parsings.

const CACHE = Symbol.for('brand-verify.catalogues');
const root = path.resolve(__dirname, '../../..');
const cache = () => (globalThis as { [k: symbol]: Record<string, unknown> | undefined })[CACHE];

type Module = typeof import('@/messages');
const fresh = (): Module => {
  let m: Module | undefined;
  jest.isolateModules(() => {
    m = jest.requireActual<Module>('@/messages');
  });
  return m!;
};

beforeEach(() => {
  delete (globalThis as { [k: symbol]: unknown })[CACHE];
});

describe('the server catalogues', () => {
  it('reads a language only when it is asked for, and each file once', () => {
    const { CATALOGUES } = fresh();
    expect(Object.keys(cache() ?? {})).toEqual([]);
    const ta = CATALOGUES.ta;
    expect(Object.keys(cache() ?? {})).toEqual(['ta']);
    expect(CATALOGUES.ta).toBe(ta);
    expect(ta).toEqual(JSON.parse(readFileSync(path.join(root, 'messages', 'ta.json'), 'utf8')));
  });

  it('gives two copies of the module the same parsed catalogue', () => {
    const a = fresh();
    const b = fresh();
    expect(a).not.toBe(b);
    expect(b.CATALOGUES.hi).toBe(a.CATALOGUES.hi);
  });

  it('lists every language, and cannot be changed', () => {
    const { CATALOGUES } = fresh();
    expect(Object.keys(CATALOGUES)).toEqual([...LOCALES]);
    expect(Object.isFrozen(CATALOGUES)).toBe(true);
    expect(() => {
      (CATALOGUES as Record<string, unknown>).en = {};
    }).toThrow(TypeError);
  });

  it('reads from the folder the launchers name (BRAND_APP_ROOT)', () => {
    const before = process.env.BRAND_APP_ROOT;
    process.env.BRAND_APP_ROOT = path.join(root, 'no-such-folder');
    try {
      const { CATALOGUES } = fresh();
      expect(() => CATALOGUES.bn).toThrow(/no-such-folder.*bn\.json/);
    } finally {
      if (before === undefined) delete process.env.BRAND_APP_ROOT;
      else process.env.BRAND_APP_ROOT = before;
    }
  });
});

import { headers } from 'next/headers';
import { callRoute } from '@/lib/server/call-route';
import { readBrand, BRAND_CACHE_MS } from '@/lib/server/tenant';
import { forgetBrands } from '@/lib/edge/brand-cache';
import { resetEnvCache } from '@/lib/edge/env';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { sql0005 } from '@/lib/db/migrations/0005_scan_stats';
import { VERIFIED_LABELS } from '@/lib/domain/verdict';

// What the hot path keeps between requests: the parsed brand configuration per brand row, the
// pages' clone-info per host, and the labels the scan-count trigger counts.

jest.mock('next/headers', () => ({ headers: jest.fn() }));
jest.mock('@/lib/server/call-route', () => ({ callRoute: jest.fn() }));
jest.mock('@/lib/server/routes', () => ({ cloneInfoRoute: { declaration: { path: '/client/clone-info' } } }));

const asked = callRoute as unknown as jest.Mock;
const requestHeaders = headers as unknown as jest.Mock;

/** A clone-info answer as the API gives it (only the fields the schema requires are checked here). */
async function cloneInfo(name: string) {
  const { getCloneInfo } = await import('@/lib/api/client/get-clone-info');
  return getCloneInfo({ id: `cl_${name}`, organizationName: name, organizationType: 'Manufacturer', serviceStatus: 'Whitelisted', config: {} } as never);
}

function visit(host: string, forwardedHost?: string) {
  requestHeaders.mockResolvedValue(new Headers({ host, ...(forwardedHost ? { 'x-forwarded-host': forwardedHost } : {}) }));
  return readBrand();
}

let now = 1_000_000;
beforeEach(() => {
  asked.mockReset();
  now += 10 * BRAND_CACHE_MS; // nothing kept from another test
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

describe('readBrand (pages)', () => {
  it('asks clone-info once per host within BRAND_CACHE_MS, then again', async () => {
    asked.mockResolvedValue(await cloneInfo('Acme'));
    await expect(visit('acme.test')).resolves.toMatchObject({ ok: true, brand: { organizationName: 'Acme' } });
    now += BRAND_CACHE_MS - 1;
    await visit('acme.test');
    expect(asked).toHaveBeenCalledTimes(1);
    now += 1;
    await visit('acme.test');
    expect(asked).toHaveBeenCalledTimes(2);
  });

  it('keeps each host apart, and does not trust a forwarded host it was not told to', async () => {
    asked.mockResolvedValueOnce(await cloneInfo('Acme')).mockResolvedValueOnce(await cloneInfo('Other'));
    await visit('acme.test');
    // Without TRUST_PROXY the API reads the brand from Host: a forged X-Forwarded-Host names acme.test's own entry.
    await expect(visit('acme.test', 'other.test')).resolves.toMatchObject({ brand: { organizationName: 'Acme' } });
    await expect(visit('Other.test:3000')).resolves.toMatchObject({ brand: { organizationName: 'Other' } });
    expect(asked).toHaveBeenCalledTimes(2);
  });

  it('keys by the forwarded host behind a trusted proxy', async () => {
    process.env.TRUST_PROXY = '1';
    resetEnvCache();
    try {
      asked.mockResolvedValueOnce(await cloneInfo('Acme')).mockResolvedValueOnce(await cloneInfo('Other'));
      await visit('proxy.internal', 'acme.test');
      await expect(visit('proxy.internal', 'other.test')).resolves.toMatchObject({ brand: { organizationName: 'Other' } });
      await expect(visit('proxy.internal', 'acme.test')).resolves.toMatchObject({ brand: { organizationName: 'Acme' } });
      expect(asked).toHaveBeenCalledTimes(2);
    } finally {
      delete process.env.TRUST_PROXY;
      resetEnvCache();
    }
  });

  it('asks again at once after a brand changed in this process', async () => {
    asked.mockResolvedValueOnce(await cloneInfo('Acme')).mockResolvedValueOnce(await cloneInfo('Acme Renamed'));
    await visit('acme.test');
    forgetBrands();
    await expect(visit('acme.test')).resolves.toMatchObject({ brand: { organizationName: 'Acme Renamed' } });
  });

  it('does not keep a failure', async () => {
    asked.mockRejectedValueOnce(new Error('No App data found.')).mockResolvedValueOnce(await cloneInfo('Acme'));
    await expect(visit('acme.test')).resolves.toEqual({ ok: false, message: 'No App data found.', status: 500 });
    await expect(visit('acme.test')).resolves.toMatchObject({ ok: true });
    expect(asked).toHaveBeenCalledTimes(2);
  });

  it('answers No App data found. for an answer that is not clone-info (another deployment\'s, refused by the schema)', async () => {
    const { cloneInfoSchema } = await import('@/lib/schemas/client');
    asked.mockRejectedValueOnce(cloneInfoSchema.safeParse({ organizationName: 42 }).error);
    await expect(visit('acme.test')).resolves.toEqual({ ok: false, message: 'No App data found.', status: 500 });
  });
});

describe('brandConfigOf (API)', () => {
  it('parses a row once and fills the defaults', () => {
    const row = { config: { flags: { isTrackingEnabled: true } } };
    const first = brandConfigOf(row);
    expect(first.flags.isTrackingEnabled).toBe(true);
    expect(first.flags.isRedFlaggingEnabled).toBeDefined();
    expect(brandConfigOf(row)).toBe(first);
    // A reloaded row (a new config object) is parsed afresh.
    expect(brandConfigOf({ config: { flags: { isTrackingEnabled: false } } }).flags.isTrackingEnabled).toBe(false);
  });

  it('rejects a stored configuration that breaks the schema', () => {
    expect(() => brandConfigOf({ config: { flags: { isTrackingEnabled: 'yes' } } })).toThrow();
  });
});

describe('migration 0005 (scan counts)', () => {
  it('counts exactly the labels of VERIFIED_LABELS, in the backfill and in the trigger', () => {
    const lists = [...sql0005.matchAll(/result in \(([^)]*)\)/g)].map((m) =>
      [...m[1]!.matchAll(/'([^']*)'/g)].map((l) => l[1]).sort(),
    );
    expect(lists).toHaveLength(2);
    for (const list of lists) expect(list).toEqual([...VERIFIED_LABELS].sort());
  });
});

describe('brandCache', () => {
  it('keeps a value for its time to live, per key', async () => {
    const { brandCache } = await import('@/lib/edge/brand-cache');
    const cache = brandCache<string>('test-ttl', 100, 10);
    cache.set('a.test', 'A', cache.stamp(now));
    expect(cache.get('a.test', now + 99)).toBe('A');
    expect(cache.get('b.test', now + 99)).toBeUndefined();
    expect(cache.get('a.test', now + 100)).toBeUndefined();
  });

  it('drops every cache of every brand when a brand changes, and a value asked for before the change stays unkept', async () => {
    const { brandCache, forgetBrands } = await import('@/lib/edge/brand-cache');
    const rows = brandCache<string>('test-rows', 1000, 10);
    const pages = brandCache<string>('test-pages', 1000, 10);
    rows.set('a.test', 'row');
    pages.set('a.test', 'page');
    const askedBefore = pages.stamp();
    forgetBrands();
    expect(rows.get('a.test')).toBeUndefined();
    expect(pages.get('a.test')).toBeUndefined();
    pages.set('a.test', 'answer from before the change', askedBefore);
    expect(pages.get('a.test')).toBeUndefined();
    pages.set('a.test', 'fresh');
    expect(pages.get('a.test')).toBe('fresh');
  });

  it('is one store for the whole process, however many copies of the module are loaded', async () => {
    let other: typeof import('@/lib/edge/brand-cache') | undefined;
    jest.isolateModules(() => {
      other = jest.requireActual<typeof import('@/lib/edge/brand-cache')>('@/lib/edge/brand-cache');
    });
    const { brandCache } = await import('@/lib/edge/brand-cache');
    brandCache<string>('test-shared', 1000, 10).set('a.test', 'A');
    expect(other!.brandCache<string>('test-shared', 1000, 10).get('a.test')).toBe('A');
    other!.forgetBrands();
    expect(brandCache<string>('test-shared', 1000, 10).get('a.test')).toBeUndefined();
  });

  it('starts again empty past its bound', async () => {
    const { brandCache } = await import('@/lib/edge/brand-cache');
    const cache = brandCache<number>('test-bound', 1000, 3);
    for (let i = 0; i < 3; i++) cache.set(`h${i}.test`, i);
    expect(cache.size).toBe(3);
    cache.set('h3.test', 3);
    expect(cache.size).toBe(1);
    expect(cache.get('h3.test')).toBe(3);
  });
});

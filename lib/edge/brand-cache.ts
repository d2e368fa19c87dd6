// The one owner of what a process keeps of brands between requests: the API's brand rows by host
// (lib/brands/find-client.ts), the pages' clone-info by host (lib/server/tenant.ts) and
// middleware's embedding settings by host (lib/edge/brand-embedding.ts). Each is a cache, not
// shared state: an entry lives for its cache's time to live, and every entry of every cache is
// dropped as soon as a brand changes in this process (forgetBrands, called by the operator
// commands); another server sees the change within the time to live.
//
// Kept on globalThis under one name because Next.js bundles the API, the pages and the
// middleware into separate module graphs of one process: a module-level Map would exist once per
// graph, and forgetting in one would not reach the others. No imports: Edge-safe (where
// middleware runs in the Edge sandbox, whose globalThis is its own, its cache only times out).

type Entry = { at: number; generation: number; value: unknown };
type Store = { generation: number; caches: Map<string, Map<string, Entry>> };

const g = globalThis as unknown as { __brandCaches?: Store };
const store = (): Store => (g.__brandCaches ??= { generation: 0, caches: new Map() });

/** When a value was asked for, taken before asking, so a brand change during the ask makes it stale. */
export type Stamp = { at: number; generation: number };

export type BrandCache<V> = {
  /** The value kept for `key`, if younger than the time to live and no brand changed since. */
  get(key: string, now?: number): V | undefined;
  /** The moment to stamp a value that is about to be asked for. */
  stamp(now?: number): Stamp;
  set(key: string, value: V, stamp?: Stamp): void;
  delete(key: string): void;
  readonly size: number;
};

/**
 * The cache called `name` (one per kind of brand data): entries live `ttlMs`; past `maxEntries`
 * (hosts are brands' domains, few, but unknown hosts are kept too) it starts again empty.
 */
export function brandCache<V>(name: string, ttlMs: number, maxEntries: number): BrandCache<V> {
  const map = (): Map<string, Entry> => {
    const caches = store().caches;
    let m = caches.get(name);
    if (!m) caches.set(name, (m = new Map()));
    return m;
  };
  return {
    get(key, now = Date.now()) {
      const hit = map().get(key);
      if (!hit || now - hit.at >= ttlMs || hit.generation !== store().generation) return undefined;
      return hit.value as V;
    },
    stamp: (now = Date.now()) => ({ at: now, generation: store().generation }),
    set(key, value, stamp = { at: Date.now(), generation: store().generation }) {
      const m = map();
      if (m.size >= maxEntries) m.clear();
      m.set(key, { ...stamp, value });
    },
    delete: (key) => void map().delete(key),
    get size() {
      return map().size;
    },
  };
}

/** Drops everything every cache keeps of every brand (after a brand, its domains or its configuration changed). */
export function forgetBrands() {
  const s = store();
  s.generation += 1;
  for (const m of s.caches.values()) m.clear();
}

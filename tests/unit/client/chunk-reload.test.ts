/** @jest-environment jsdom */
import { isChunkLoadError, reloadForMissingChunks, reloadOnce, RELOAD_GUARD_MS, RELOAD_MARK } from '@/lib/client/chunk-reload';
import { CHUNK_LOAD_TIMEOUT_MS, watchChunkLoads } from '@/lib/client/chunk-timeout';
import { tellScreenError } from '@/lib/client/screen-error-event';

// A missing chunk reloads the page once (app/error.tsx), never in a loop; a chunk that does not
// arrive fails after the spec's 120 s.

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('isChunkLoadError', () => {
  it("knows Turbopack's and webpack's ChunkLoadError and the browsers' failed dynamic imports", () => {
    const turbopack = Object.assign(new Error('Failed to load chunk /_next/static/chunks/0abc.js from module 123'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(turbopack)).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/_next/a.js'))).toBe(true); // Chrome
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true); // Firefox
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
  });
  it('leaves every other error to the error screen', () => {
    expect(isChunkLoadError(new Error('Something went wrong!'))).toBe(false);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'chunk')"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError('ChunkLoadError')).toBe(false);
  });
});

describe('reloadOnce', () => {
  it('reloads the first time, then not again within the guard, then again after it', () => {
    const storage = memoryStorage();
    const reload = jest.fn();
    const t0 = 1_800_000_000_000;
    expect(reloadOnce(storage, reload, t0)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.data.get(RELOAD_MARK)).toBe(String(t0));
    // the reloaded page fails the same way: the error screen stays, no second reload
    expect(reloadOnce(storage, reload, t0 + 2_000)).toBe(false);
    expect(reloadOnce(storage, reload, t0 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // a later deployment, long after: one reload again
    expect(reloadOnce(storage, reload, t0 + RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
  it('never reloads without a storage that keeps the mark', () => {
    const reload = jest.fn();
    expect(reloadOnce(undefined, reload)).toBe(false);
    const refusing = { getItem: () => null, setItem: () => { throw new DOMException('quota', 'QuotaExceededError'); } };
    expect(reloadOnce(refusing, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
  it('treats a mark it cannot read, or one from the future, as none', () => {
    const storage = memoryStorage();
    storage.data.set(RELOAD_MARK, 'garbage');
    const reload = jest.fn();
    expect(reloadOnce(storage, reload, 1000)).toBe(true);
    storage.data.set(RELOAD_MARK, String(10_000_000));
    expect(reloadOnce(storage, reload, 1000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('reloadForMissingChunks', () => {
  const missing = () => Object.assign(new Error('Failed to load chunk /_next/static/chunks/0abc.js'), { name: 'ChunkLoadError' });

  it('reloads once for a missing chunk the error screen shows later, not for another error', () => {
    const reload = jest.fn();
    const stop = reloadForMissingChunks(memoryStorage(), reload);
    try {
      const forget = tellScreenError(new Error('Something else'));
      forget();
      expect(reload).not.toHaveBeenCalled();
      tellScreenError(missing())();
      expect(reload).toHaveBeenCalledTimes(1);
      tellScreenError(missing())(); // the same page again within the guard: no second reload
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('answers a missing chunk already on the error screen when it starts (a part of the screen failed before the shell listened)', () => {
    const reload = jest.fn();
    const forget = tellScreenError(missing());
    const stop = reloadForMissingChunks(memoryStorage(), reload);
    stop();
    forget();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('forgets an error screen that is gone, and stops listening when stopped', () => {
    const reload = jest.fn();
    tellScreenError(missing())(); // shown, then retried away
    const stop = reloadForMissingChunks(memoryStorage(), reload);
    stop();
    tellScreenError(missing())();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('watchChunkLoads', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const flush = () => Promise.resolve(); // MutationObserver callbacks are microtasks

  function addScript(src: string) {
    const s = document.createElement('script');
    const failed = jest.fn();
    s.addEventListener('error', failed);
    s.src = src;
    document.head.append(s);
    return { s, failed };
  }

  it('fails a chunk still loading after 120 s, and its retry at once; a loaded one or another script is left alone', async () => {
    const stop = watchChunkLoads(document);
    try {
      const slow = addScript('/_next/static/chunks/slow.js');
      const fast = addScript('/_next/static/chunks/fast.js');
      const other = addScript('https://cdn.example/analytics.js');
      await flush();
      fast.s.dispatchEvent(new Event('load'));
      jest.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
      expect(slow.failed).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(slow.failed).toHaveBeenCalledTimes(1);
      expect(fast.failed).not.toHaveBeenCalled();
      expect(other.failed).not.toHaveBeenCalled();
      // the runtime's retry of the same chunk: its time is already up
      const retry = addScript('/_next/static/chunks/slow.js');
      await flush();
      jest.advanceTimersByTime(0);
      expect(retry.failed).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(10 * CHUNK_LOAD_TIMEOUT_MS);
      expect(other.failed).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });

  it('stops watching when stopped', async () => {
    const stop = watchChunkLoads(document);
    const pending = addScript('/_next/static/chunks/pending.js');
    await flush();
    stop();
    jest.advanceTimersByTime(2 * CHUNK_LOAD_TIMEOUT_MS);
    expect(pending.failed).not.toHaveBeenCalled();
  });
});

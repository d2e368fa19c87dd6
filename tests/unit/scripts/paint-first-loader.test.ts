/** @jest-environment jsdom */
// The loader scripts/paint-first.mjs puts in each page (docs/decisions.md, "Scripts after the
// first paint"), run in a page of held markers with the browser's parts it uses under the test's
// control: the paint entries, animation frames, the load event, the page's state. It must add the
// build's scripts once, with the page's nonce, only after the first contentful paint, or at the
// fallbacks (a page nobody sees: at once; no paint timing, or no paint: ten frames after load).

type Mod = typeof import('../../../scripts/paint-first.mjs');
let LOADER_SOURCE: string;
beforeAll(async () => {
  ({ LOADER_SOURCE } = (await import('../../../scripts/paint-first.mjs')) as Mod);
});

type Page = {
  readyState: 'loading' | 'interactive' | 'complete';
  visibilityState: 'visible' | 'hidden';
  paint: (name: string) => void;
  frame: () => void;
  load: () => void;
  parsed: () => void;
  added: () => { tag: string; src: string | null; nonce: string | undefined; async: boolean }[];
};

/**
 * Runs the loader in this jsdom page (markers in head and body) with `supportsPaint` paint timing,
 * in a page `visibilityState`, `readyState` at the time it runs.
 */
function runLoader({ supportsPaint = true, visibilityState = 'visible', readyState = 'loading' } = {} as { supportsPaint?: boolean; visibilityState?: Page['visibilityState']; readyState?: Page['readyState'] }): Page {
  document.head.innerHTML =
    '<link rel="x-held-preload" href="/_next/static/chunks/main.js"/>' +
    '<link rel="x-held-script" href="/_next/static/chunks/a.js"/>' +
    '<link rel="x-held-script" href="https://elsewhere.example/x.js"/>';
  document.body.innerHTML = '<h1>Genuine</h1>';
  const observers: ((list: { getEntriesByName: (n: string) => unknown[] }, o: { disconnect: () => void }) => void)[] = [];
  const frames: (() => void)[] = [];
  const listeners = new Map<string, (() => void)[]>();
  const on = (type: string, f: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), f]);
  const page: Page = {
    readyState,
    visibilityState,
    paint: (name) => {
      for (const f of [...observers]) f({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }, { disconnect: () => observers.splice(observers.indexOf(f), 1) });
    },
    frame: () => frames.splice(0).forEach((f) => f()),
    load: () => {
      page.readyState = 'complete';
      (listeners.get('load') ?? []).forEach((f) => f());
    },
    parsed: () => {
      document.body.insertAdjacentHTML('beforeend', '<link rel="x-held-script" href="/_next/static/chunks/main.js"/>');
      page.readyState = 'interactive';
      (listeners.get('DOMContentLoaded') ?? []).forEach((f) => f());
    },
    added: () =>
      [...document.head.querySelectorAll('script, link[rel="preload"]')].map((e) => ({
        tag: e.tagName.toLowerCase(),
        src: e.getAttribute('src') ?? e.getAttribute('href'),
        nonce: (e as HTMLElement).nonce,
        async: (e as HTMLScriptElement).async === true,
      })),
  };
  const doc = new Proxy(document, {
    get(target, key) {
      if (key === 'currentScript') return { nonce: 'bm9uY2U' };
      if (key === 'readyState') return page.readyState;
      if (key === 'visibilityState') return page.visibilityState;
      if (key === 'addEventListener') return on;
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private f: (typeof observers)[number]) {}
    observe() {
      observers.push(this.f);
    }
  }
  const PerformanceObserver = supportsPaint
    ? FakeObserver
    : class {
        observe() {
          throw new TypeError('paint is not supported');
        }
      };
  new Function('document', 'PerformanceObserver', 'requestAnimationFrame', 'addEventListener', LOADER_SOURCE)(doc, PerformanceObserver, (f: () => void) => frames.push(f), on);
  return page;
}

const expected = [
  { tag: 'link', src: '/_next/static/chunks/main.js', nonce: 'bm9uY2U', async: false },
  { tag: 'script', src: '/_next/static/chunks/a.js', nonce: 'bm9uY2U', async: true },
];

describe('the loader of held scripts', () => {
  it('adds nothing at a first paint that is not contentful, then the build\'s scripts at the first contentful paint, with the nonce, once', () => {
    const page = runLoader();
    page.paint('first-paint');
    expect(page.added()).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.added()).toEqual(expected); // not the other origin's script
    // The rest of the page, parsed later: its held script is added then, and nothing twice.
    page.parsed();
    expect(page.added()).toEqual([...expected, { tag: 'script', src: '/_next/static/chunks/main.js', nonce: 'bm9uY2U', async: true }]);
    page.load();
    for (let i = 0; i < 12; i++) page.frame();
    page.paint('first-contentful-paint');
    expect(page.added()).toHaveLength(3);
    expect(document.querySelectorAll('link[rel^="x-held-"]')).toHaveLength(1); // the other origin's, left alone
  });

  it('adds them at once in a page nobody sees (a tab in the background, prerendering)', () => {
    const page = runLoader({ visibilityState: 'hidden' });
    expect(page.added()).toEqual(expected);
  });

  it('without paint timing, adds them ten frames after the load event, not before', () => {
    const page = runLoader({ supportsPaint: false });
    page.frame();
    expect(page.added()).toEqual([]);
    page.load();
    for (let i = 0; i < 10; i++) {
      expect(page.added()).toEqual([]);
      page.frame();
    }
    expect(page.added()).toEqual(expected);
  });

  it('in a page that never paints and had loaded when the loader ran, adds them ten frames from then', () => {
    const page = runLoader({ readyState: 'complete' });
    for (let i = 0; i < 9; i++) page.frame();
    expect(page.added()).toEqual([]);
    page.frame();
    expect(page.added()).toEqual(expected);
  });
});

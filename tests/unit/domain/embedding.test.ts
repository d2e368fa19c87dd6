import {
  EMBED_PATH_PARAM,
  embeddingDecision,
  embeddingDecisionInPage,
  selfOriginOf,
  frameAncestorsFor,
  parentOriginFromBrowser,
  withFrameAncestors,
} from '@/lib/domain/embedding';

const embedded = { isEmbeddingRequired: true, embeddingURL: 'https://shop.example.com/app/verify?lang=en' };
const plain = { isEmbeddingRequired: false, embeddingURL: null };
const self = 'https://acme.example.net';

describe('embeddingDecision', () => {
  it.each([
    ['a top-level verify page → redirect with the path kept', embedded, { path: '/overt/verify/abc?x=1', secFetchDest: 'document' }, { redirect: 'https://shop.example.com/app/verify?lang=en&path=%2Fovert%2Fverify%2Fabc%3Fx%3D1' }],
    ['a top-level covert post-sale verify page → redirect with the path kept', embedded, { path: '/covert/post/verify/Q1', secFetchDest: 'document' }, { redirect: 'https://shop.example.com/app/verify?lang=en&path=%2Fcovert%2Fpost%2Fverify%2FQ1' }],
    ['a top-level other page → redirect without a path', embedded, { path: '/rewards', secFetchDest: 'document' }, { redirect: 'https://shop.example.com/app/verify?lang=en' }],
    ['a frame of the registered origin → render', embedded, { path: '/', secFetchDest: 'iframe', parentOrigin: 'https://shop.example.com' }, 'render'],
    ['a frame of another origin → blocked', embedded, { path: '/', secFetchDest: 'iframe', parentOrigin: 'https://evil.example.org' }, 'blocked'],
    ['a frame of the same host on another scheme → blocked', embedded, { path: '/', secFetchDest: 'iframe', parentOrigin: 'http://shop.example.com' }, 'blocked'],
    ['a navigation inside the frame (parent is the app itself) → render', embedded, { path: '/rewards', secFetchDest: 'iframe', parentOrigin: self, selfOrigin: self }, 'render'],
    ['a frame whose parent is unknown → render (CSP decides)', embedded, { path: '/', secFetchDest: 'iframe' }, 'render'],
    ['a data request inside the app → render', embedded, { path: '/', secFetchDest: 'empty' }, 'render'],
    ['a brand without embedding, top level → render', plain, { path: '/overt/verify/abc', secFetchDest: 'document' }, 'render'],
    ['a brand without embedding, framed anywhere → render (CSP allows only self)', plain, { path: '/', secFetchDest: 'iframe', parentOrigin: 'https://evil.example.org' }, 'render'],
  ])('%s', (_name, config, req, expected) => {
    expect(embeddingDecision(config, req)).toEqual(expected);
  });

  it('keeps the path under the documented parameter name', () => {
    const d = embeddingDecision(embedded, { path: '/info/verify/zz', secFetchDest: 'document' });
    expect(typeof d === 'object' && new URL(d.redirect).searchParams.get(EMBED_PATH_PARAM)).toBe('/info/verify/zz');
  });

  it('does not redirect to itself when the embedding URL is on the app’s own origin', () => {
    expect(embeddingDecision({ isEmbeddingRequired: true, embeddingURL: `${self}/host` }, { path: '/', secFetchDest: 'document', selfOrigin: self })).toBe('render');
  });
});

describe('frameAncestorsFor', () => {
  it("names exactly the registered origin for an embedding brand, and 'self' otherwise", () => {
    expect(frameAncestorsFor(embedded)).toBe('https://shop.example.com');
    expect(frameAncestorsFor(plain)).toBe("'self'");
    expect(frameAncestorsFor({ isEmbeddingRequired: false, embeddingURL: 'https://shop.example.com' })).toBe("'self'");
  });

  it('replaces the frame-ancestors directive of a policy', () => {
    expect(withFrameAncestors("default-src 'self'; frame-ancestors 'self'; object-src 'none'", 'https://shop.example.com')).toBe(
      "default-src 'self'; object-src 'none'; frame-ancestors https://shop.example.com",
    );
  });
});

describe('the in-page check', () => {
  it('reads the parent from ancestorOrigins first, then the referrer', () => {
    expect(parentOriginFromBrowser({ isTopLevel: false, ancestorOrigins: ['https://shop.example.com'], referrer: 'https://x.test/a' })).toBe('https://shop.example.com');
    expect(parentOriginFromBrowser({ isTopLevel: false, referrer: 'https://x.test/a?b' })).toBe('https://x.test');
    expect(parentOriginFromBrowser({ isTopLevel: true, ancestorOrigins: ['https://shop.example.com'] })).toBeUndefined();
  });

  it('blocks a parent that ancestorOrigins shows is not the registered one, even after navigations inside the frame', () => {
    const view = { path: '/', isTopLevel: false, ancestorOrigins: ['https://evil.example.org'], referrer: `${self}/login`, selfOrigin: self };
    expect(embeddingDecisionInPage(embedded, view)).toBe('blocked');
    expect(embeddingDecisionInPage(embedded, { ...view, ancestorOrigins: ['https://shop.example.com'] })).toBe('render');
  });

  it('redirects a top-level page and blocks a frame whose parent cannot be known', () => {
    expect(embeddingDecisionInPage(embedded, { path: '/tert/verify/q', isTopLevel: true, selfOrigin: self })).toEqual({
      redirect: 'https://shop.example.com/app/verify?lang=en&path=%2Ftert%2Fverify%2Fq',
    });
    expect(embeddingDecisionInPage(embedded, { path: '/', isTopLevel: false, referrer: '', selfOrigin: self })).toBe('blocked');
    expect(embeddingDecisionInPage(plain, { path: '/', isTopLevel: false, referrer: '', selfOrigin: self })).toBe('render');
  });
});

describe('selfOriginOf', () => {
  it('names the app by the Host header, not by the server hostname', () => {
    expect(selfOriginOf('acme.localhost:3601', undefined, 'http:')).toBe('http://acme.localhost:3601');
  });
  it('counts a parent on the same host as the app itself whatever its scheme (TLS proxy)', () => {
    expect(selfOriginOf('acme.example', 'https://acme.example', 'http:')).toBe('https://acme.example');
  });
  it('does not take another host for the app', () => {
    expect(selfOriginOf('acme.example', 'https://evil.example', 'https:')).toBe('https://acme.example');
  });
  it('answers null without a Host header', () => {
    expect(selfOriginOf(null, 'https://evil.example')).toBeNull();
  });
});

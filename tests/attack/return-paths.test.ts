import { safeReturnPath } from '@/lib/shared/routes';
import { EMBED_PATH_PARAM, embeddingDecision, embeddingRedirectUrl } from '@/lib/domain/embedding';

// Hostile return paths (the remembered `from` of /login and /signup, and the path a layout
// remembers) and hostile embedding paths (a top-level visit sent to the brand's embedding page):
// whatever the input, the browser never ends up off-site.

const APP = 'https://app.example';

/** Where a browser goes with this Location / href, resolved against the app. */
const resolvedOrigin = (href: string, base = APP) => new URL(href, base).origin;

export const hostileReturnPaths = [
  '//evil.example',
  '///evil.example',
  '////evil.example/x',
  'https://evil.example',
  'http:evil.example',
  'HTTPS://evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/..//evil.example',
  '/x/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '%2F%2Fevil.example',
  '%252F%252Fevil.example',
  '%25252F%25252Fevil.example',
  '/%5Cevil.example',
  '/%2F/evil.example',
  '/%09/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n//evil.example',
  ' //evil.example',
  '\u0000//evil.example',
  '/\u3002/evil.example',
  '/／/evil.example',
  '//evil.example@app.example',
  '/@evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/%2F..',
  '/' + '/'.repeat(50) + 'evil.example',
  '/login?from=//evil.example#//evil.example',
  '/%00//evil.example',
  '/.%2F/evil.example',
];

it(`has at least 25 hostile return paths`, () => {
  expect(hostileReturnPaths.length).toBeGreaterThanOrEqual(25);
});

it.each(hostileReturnPaths)('return path %j stays on the site', (raw) => {
  const path = safeReturnPath(raw);
  expect(path.startsWith('/')).toBe(true);
  expect(path).not.toMatch(/^\/[/\\]/);
  expect(resolvedOrigin(path)).toBe(APP);
  // Used as a Location again (a second redirect), it still stays.
  expect(resolvedOrigin(safeReturnPath(path))).toBe(APP);
});

it('keeps honest return paths', () => {
  expect(safeReturnPath('/complaints/TKT-000001?tab=thread#reply')).toBe('/complaints/TKT-000001?tab=thread#reply');
});

const EMBED = 'https://brand.example/app/frame?x=1';
const embedded = { isEmbeddingRequired: true, embeddingURL: EMBED };
const hostileEmbeddingPaths = [...hostileReturnPaths, '/verify/abc', '/overt/verify/%2F%2Fevil.example', '/verify/x?next=//evil.example', '/tert/verify/..%2F..%2Fevil'];

it.each(hostileEmbeddingPaths)('a top-level visit of %j goes to the registered embedding page only', (path) => {
  const decision = embeddingDecision(embedded, { path, secFetchDest: 'document', selfOrigin: APP });
  if (typeof decision !== 'object') return; // rendering here is on-site by definition
  const target = new URL(decision.redirect);
  expect(target.origin).toBe(new URL(EMBED).origin);
  expect(target.pathname).toBe('/app/frame');
  // The path carried to the brand's page, framed on the app, stays on the app.
  const carried = target.searchParams.get(EMBED_PATH_PARAM);
  if (carried !== null) expect(resolvedOrigin(carried)).toBe(APP);
});

it('carries a verify path to the embedding page', () => {
  const url = new URL(embeddingRedirectUrl(EMBED, '/verify/abc?x=1'));
  expect(url.searchParams.get(EMBED_PATH_PARAM)).toBe('/verify/abc?x=1');
});

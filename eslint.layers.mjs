// The layers of docs/architecture.md ("Layers"), enforced on every lint: which folder may import
// which. Paths are from the repository root; a zone forbids its `target` files to import from its
// `from` paths. tests/unit/lib/layers.test.ts proves each boundary refuses a file that crosses it.

const root = import.meta.dirname;

/** Server-only: Node APIs, the database, secrets, `server-only`. Never in the browser or the Edge middleware. */
export const SERVER_ONLY = [
  './lib/server',
  './lib/api',
  './lib/db',
  './lib/operator',
  './lib/console',
  './lib/auth',
  './lib/messaging',
  './lib/files',
  './lib/brands',
  './lib/payouts',
  './lib/simulation',
  './lib/places',
  './lib/errors.ts',
  './lib/ids.ts',
  './lib/clock.ts',
  './lib/secrets.ts',
  './lib/app-folder.ts',
];
/** Below the Brand API: the API calls them, never the other way round. */
export const BELOW_API = [
  './lib/operator',
  './lib/console',
  './lib/db',
  './lib/auth',
  './lib/messaging',
  './lib/files',
  './lib/brands',
  './lib/payouts',
  './lib/places',
  './lib/errors.ts',
  './lib/ids.ts',
  './lib/clock.ts',
  './lib/secrets.ts',
  './lib/app-folder.ts',
];
/** Browser-only: client components and the browser's HTTP and query clients. */
export const BROWSER = ['./lib/client', './components'];
/** Server code the Edge middleware runs too: reads the environment, no Node APIs. */
export const EDGE = ['./lib/edge'];
/** Pure: runs anywhere (server, browser, Edge); imports only its own kind. */
export const PURE = ['./lib/shared', './lib/domain', './lib/schemas'];
const PAGES = ['./app', './middleware.ts', './instrumentation.ts'];

const NODE_AND_SERVER_PACKAGES = [
  { group: ['node:*'], message: 'Node APIs are server-only (lib/server, lib/api, lib/db, …).' },
  { group: ['server-only'], message: 'server-only marks a server-only module: it belongs in a server-only layer.' },
  { group: ['next/headers', 'next/cache'], message: 'Request-bound Next.js server APIs belong in lib/server or app/.' },
  { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'hono', 'hono/*', '@hono/*'], message: 'The database and the API framework are server-only.' },
];

const SERVER_COMPONENT_MESSAGE =
  'A server component (components/**/*.server.tsx) reads only through lib/server and the pure layers.';

const CONSOLE_PAGE_MESSAGE =
  "A console page reads through callRoute(route, input) of its area's console route (lib/server/routes.ts), not the lib/console use cases: declare the route if there is none.";
/**
 * Console pages that still call lib/console use cases directly (docs/console.md), until each
 * moves: the invitation and reset screens check a link's token (no GET route answers that; one
 * would be a token oracle to weigh with the wrong-link limits).
 */
export const CONSOLE_PAGES_READING_USE_CASES = [
  'app/(console)/console/invitation/[[]token]/page.tsx',
  'app/(console)/console/reset/[[]token]/page.tsx',
];

const zone = (target, from, message) => ({ target, from, message });

export const layerRules = [
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    settings: { 'import/internal-regex': '^@/' },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            zone(PURE, [...SERVER_ONLY, ...BROWSER, ...EDGE, ...PAGES], 'lib/shared, lib/domain and lib/schemas are pure: they import only each other.'),
            zone(EDGE, [...SERVER_ONLY, ...BROWSER, ...PAGES], 'lib/edge runs in the Edge middleware: it imports only lib/edge and the pure layers.'),
            zone(BELOW_API, './lib/api', 'This layer is below the Brand API: it must not import lib/api.'),
            zone(BELOW_API, './lib/server', 'This layer is below the Brand API: it must not import lib/server (pages and the API read it, not what they call).'),
            zone('./lib/console', './lib/operator', 'The command line (lib/operator) is a thin adapter over the console\'s use cases: lib/console must not import it.'),
            zone(SERVER_ONLY, [...BROWSER, './app'], 'Server-only code must not import browser code or pages.'),
            zone(BROWSER, [...SERVER_ONLY, ...EDGE, ...PAGES], 'Browser code imports only lib/client, components and the pure layers; server data reaches it through props or the Brand API.'),
            {
              target: './middleware.ts',
              from: './lib',
              except: ['./shared', './edge', './domain', './schemas'],
              message: 'The Edge middleware imports only Edge-safe layers: lib/shared, lib/edge, lib/domain, lib/schemas.',
            },
            zone('./middleware.ts', [...BROWSER, './app'], 'The Edge middleware imports only Edge-safe layers: lib/shared, lib/edge, lib/domain, lib/schemas.'),
          ],
        },
      ],
    },
  },
  {
    files: ['lib/shared/**', 'lib/domain/**', 'lib/schemas/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...NODE_AND_SERVER_PACKAGES, { group: ['next', 'next/*'], message: 'Pure layers do not depend on Next.js.' }] },
      ],
    },
  },
  {
    files: ['lib/edge/**', 'middleware.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: NODE_AND_SERVER_PACKAGES }] },
  },
  {
    files: ['lib/client/**', 'components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: NODE_AND_SERVER_PACKAGES }] },
  },
  {
    // A server component kept beside its feature's client components is named `*.server.tsx`
    // (and imports 'server-only'): it may read through lib/server (the token-aware fetch, the
    // session, the tenant) and request headers, never the API, the database or the operator layer.
    files: ['components/**/*.server.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            zone('./components', [...SERVER_ONLY.filter((p) => p !== './lib/server'), ...EDGE, ...PAGES], SERVER_COMPONENT_MESSAGE),
          ],
        },
      ],
      'no-restricted-imports': ['error', { patterns: NODE_AND_SERVER_PACKAGES.filter((p) => !p.group.includes('server-only') && !p.group.includes('next/headers')) }],
    },
  },
  {
    files: ['lib/**/*.{ts,tsx}'],
    // Packages are never parsed for it (import/ignore): a cycle runs through the app's own modules,
    // and parsing node_modules was a third of the rule's time (22 s against 15 s, 29 Nov).
    settings: { 'import/ignore': ['node_modules'] },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The console's pages read through the typed call of their area's route (callRoute,
    // lib/server/call-route.ts: the API's staff guards and schemas), as the customers' pages do,
    // never the lib/console use cases themselves. The pages not moved yet are listed here, to go.
    files: ['app/(console)/**/*.{ts,tsx}'],
    ignores: CONSOLE_PAGES_READING_USE_CASES,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/lib/console', '@/lib/console/*', '@/lib/console/**'], message: CONSOLE_PAGE_MESSAGE }] },
      ],
    },
  },
];

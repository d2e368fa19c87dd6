import nextJest from 'next/jest.js';

// Three projects: unit (jsdom or node per file), api (the Brand API over HTTP on a real database)
// and attack (the same server attacked from its own OpenAPI document, tests/attack).
const createJestConfig = nextJest({ dir: './' });

// The tests run on the app's runtime (scripts/runtime.mjs), where jest loads ESM-only packages
// (jose, iron-session, hono, drizzle-orm) with Node's require(esm) as they are.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  throw new Error(
    `The tests need Node 24 or later (this is ${process.version}): run them with npm test, npm run test:unit / test:api, or node_modules/.bin/node node_modules/jest/bin/jest.js`,
  );
}

const common = {
  moduleNameMapper: {
    '^server-only$': '<rootDir>/tests/support/empty.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/.next/', '/tests/e2e/'],
};

// Test files that use no database of the pass (they spawn processes on data folders of their own,
// or test the embedded database itself): npm test runs them in its first database pass only and
// sets TEST_SECOND_PASS for the PostgreSQL pass (tests/support/once.ts does the same for a describe).
const ONCE_PER_RUN = ['/tests/api/db-template\\.test\\.ts$', '/tests/api/pglite-thread\\.test\\.ts$', '/tests/api/suite-exit\\.test\\.ts$'];
const secondPass = process.env.TEST_SECOND_PASS ? ONCE_PER_RUN : [];

// API test files that spawn processes of their own (servers, the command line, start-up, a killed
// worker) and hold them to time limits: npm test runs them one at a time, after the other files
// have run two side by side, so a neighbouring file never shares their cores (TEST_SOLO=skip for
// the others, TEST_SOLO=only for these; unset, both). scripts/test.mjs says why.
const SOLO = [...ONCE_PER_RUN, '/tests/api/operator\\.test\\.ts$', '/tests/api/startup\\.test\\.ts$', '/tests/api/messages-worker-kill\\.test\\.ts$'];
const solo = process.env.TEST_SOLO;
if (solo && solo !== 'skip' && solo !== 'only') throw new Error(`TEST_SOLO: "skip" or "only", not "${solo}"`);
/** Jest's testRegex for the solo files only: one alternation of their patterns. */
const soloOnly = solo === 'only' ? { testMatch: undefined, testRegex: SOLO.map((p) => `(?:${p})`).join('|') } : {};

// Jest's node environment with the test's globals on a context of their own (tests/support/jest-environment.cjs).
const NODE_ENV = '<rootDir>/tests/support/jest-environment.cjs';

// Counts the expect calls each test ran when ASSERTION_COUNT_FILE is set (scripts/test.mjs).
const COUNT = '<rootDir>/tests/support/count-assertions.ts';

async function project(name, extra) {
  const cfg = await createJestConfig({ ...common, ...extra })();
  // Next's SWC transformer with a cache key of what changes its output (tests/support/jest-transformer.cjs):
  // shared by the three projects and by npm test's steps, whose configurations differ.
  for (const [pattern, entry] of Object.entries(cfg.transform ?? {})) {
    if (Array.isArray(entry) && /next[\\/]dist[\\/]build[\\/]swc[\\/]jest-transformer/.test(entry[0])) cfg.transform[pattern] = ['<rootDir>/tests/support/jest-transformer.cjs', entry[1]];
  }
  // The launcher's own .mjs modules (scripts/) are native ESM, loaded as they are.
  cfg.transformIgnorePatterns = ['/node_modules/', '/scripts/.+\\.mjs$', '^.+\\.module\\.(css|sass|scss)$'];
  return { ...cfg, displayName: name };
}

export default async function config() {
  return {
    projects: [
      await project('unit', { testMatch: ['<rootDir>/tests/unit/**/*.test.{ts,tsx}'], testEnvironment: NODE_ENV, setupFilesAfterEnv: ['<rootDir>/tests/support/jest-setup.ts', COUNT] }),
      // api-timeout.ts: a test file's beforeAll starts a server on a real database, which on a
      // loaded 2-core machine takes far more than jest's default 5 s.
      await project('api', { testMatch: ['<rootDir>/tests/api/**/*.test.ts'], testPathIgnorePatterns: [...common.testPathIgnorePatterns, ...secondPass, ...(solo === 'skip' ? SOLO : [])], ...soloOnly, testEnvironment: NODE_ENV, globalSetup: '<rootDir>/tests/support/db-template.ts', setupFiles: ['<rootDir>/tests/support/api-env.ts'], setupFilesAfterEnv: ['<rootDir>/tests/support/api-timeout.ts', COUNT] }),
      await project('attack', { testMatch: ['<rootDir>/tests/attack/**/*.test.ts'], testEnvironment: NODE_ENV, globalSetup: '<rootDir>/tests/support/db-template.ts', setupFiles: ['<rootDir>/tests/support/attack-env.ts'], setupFilesAfterEnv: ['<rootDir>/tests/support/api-timeout.ts', COUNT] }),
    ],
  };
}

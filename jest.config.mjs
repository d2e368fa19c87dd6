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

async function project(name, extra) {
  const cfg = await createJestConfig({ ...common, ...extra })();
  // The launcher's own .mjs modules (scripts/) are native ESM, loaded as they are.
  cfg.transformIgnorePatterns = ['/node_modules/', '/scripts/.+\\.mjs$', '^.+\\.module\\.(css|sass|scss)$'];
  return { ...cfg, displayName: name };
}

export default async function config() {
  return {
    projects: [
      await project('unit', { testMatch: ['<rootDir>/tests/unit/**/*.test.{ts,tsx}'], testEnvironment: 'node', setupFilesAfterEnv: ['<rootDir>/tests/support/jest-setup.ts'] }),
      // api-timeout.ts: a test file's beforeAll starts a server on a real database, which on a
      // loaded 2-core machine takes far more than jest's default 5 s.
      await project('api', { testMatch: ['<rootDir>/tests/api/**/*.test.ts'], testEnvironment: 'node', setupFiles: ['<rootDir>/tests/support/api-env.ts'], setupFilesAfterEnv: ['<rootDir>/tests/support/api-timeout.ts'] }),
      await project('attack', { testMatch: ['<rootDir>/tests/attack/**/*.test.ts'], testEnvironment: 'node', setupFiles: ['<rootDir>/tests/support/attack-env.ts'], setupFilesAfterEnv: ['<rootDir>/tests/support/api-timeout.ts'] }),
    ],
  };
}

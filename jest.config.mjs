import nextJest from 'next/jest.js';

// Two projects: unit (jsdom or node per file) and api (the Brand API over HTTP on a real database).
const createJestConfig = nextJest({ dir: './' });

// ESM-only packages that must be transformed for jest.
const esm = ['jose', 'iron-session', 'iron-webcrypto', 'uncrypto', 'cookie', '@hono', 'hono', 'drizzle-orm'].join('|');

const common = {
  moduleNameMapper: {
    '^server-only$': '<rootDir>/tests/support/empty.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/.next/', '/tests/e2e/'],
};

async function project(name, extra) {
  const cfg = await createJestConfig({ ...common, ...extra })();
  cfg.transformIgnorePatterns = [`/node_modules/(?!(${esm})/)`, '^.+\\.module\\.(css|sass|scss)$'];
  return { ...cfg, displayName: name };
}

export default async function config() {
  return {
    projects: [
      await project('unit', { testMatch: ['<rootDir>/tests/unit/**/*.test.{ts,tsx}'], testEnvironment: 'node', setupFilesAfterEnv: ['<rootDir>/tests/support/jest-setup.ts'] }),
      // api-timeout.ts: a test file's beforeAll starts a server on a real database, which on a
      // loaded 2-core machine takes far more than jest's default 5 s.
      await project('api', { testMatch: ['<rootDir>/tests/api/**/*.test.ts'], testEnvironment: 'node', setupFiles: ['<rootDir>/tests/support/api-env.ts'], setupFilesAfterEnv: ['<rootDir>/tests/support/api-timeout.ts'] }),
    ],
  };
}

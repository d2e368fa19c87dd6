import nextJest from 'next/jest.js';

// Three projects: unit (jsdom or node per file), api (the Brand API over HTTP on a real database)
// and attack (the same server attacked from its own OpenAPI document, tests/attack).
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
      await project('api', { testMatch: ['<rootDir>/tests/api/**/*.test.ts'], testEnvironment: 'node', setupFiles: ['<rootDir>/tests/support/api-env.ts'] }),
      await project('attack', { testMatch: ['<rootDir>/tests/attack/**/*.test.ts'], testEnvironment: 'node', setupFiles: ['<rootDir>/tests/support/attack-env.ts'] }),
    ],
  };
}

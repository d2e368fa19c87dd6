// The API tests' time limit for each test and hook: a beforeAll starts a server on a real
// database (PGlite's worker and migrations, or a PostgreSQL pool), which on a loaded 2-core
// machine takes far more than jest's default 5 s. (jest reads `testTimeout` from the global
// configuration only, so the api project sets it here.) A hang still ends: scripts/test.mjs
// puts a time limit on the whole step.
jest.setTimeout(60_000);

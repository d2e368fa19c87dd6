// What tests/support/run-startup.mjs runs, as one module: loaded as one bundle
// (scripts/app-bundle.mjs), the start-up and closeDb share the one database client.
export { closeDb } from '@/lib/db/client';
export { startOrExit, startServer } from '@/lib/server/startup';

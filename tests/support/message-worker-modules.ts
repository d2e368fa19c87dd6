// What tests/support/run-message-worker.mjs runs, as one module: loaded as one bundle
// (scripts/app-bundle.mjs), its parts share the one database client.
export { closeDb, getDb } from '@/lib/db/client';
export { createBrand } from '@/lib/operator/brands';
export { customers, messageOutbox } from '@/lib/db/schema/index';
export { enqueueCustomerMessage } from '@/lib/messaging/queue';
export { deliverDueMessages } from '@/lib/messaging/worker';

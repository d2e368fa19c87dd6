import { pgTable, text, timestamp, jsonb, integer, index } from 'drizzle-orm/pg-core';
import { clients } from './core';
import { batches } from './codes';

// Product images uploaded through the console and code-generation runs (migration
// 0018_catalogue_console, docs/console.md).

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** An image of a product: the bytes in the file store under storage_key, checked by content at upload. */
export const productImages = pgTable(
  'product_images',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    originalName: text('original_name').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('product_images_client_idx').on(t.clientId, t.createdAt)],
);

export type CodeRunOptions = { count: number; batchLevel: boolean; caseSize?: number; palletSize?: number };
export type CodeRunStatus = 'queued' | 'running' | 'done' | 'failed';

/** One generation of codes for a batch, run in the background; `done` of `total` code rows written so far. */
export const codeRuns = pgTable(
  'code_runs',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    batchId: text('batch_id').notNull().references(() => batches.id, { onDelete: 'cascade' }),
    options: jsonb('options').$type<CodeRunOptions>().notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    status: text('status').$type<CodeRunStatus>().notNull().default('queued'),
    error: text('error'),
    /** Who asked for it, as the audit log names them. */
    actor: text('actor').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('code_runs_client_batch_idx').on(t.clientId, t.batchId, t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients, customers } from './core';
import { codes } from './codes';
import { files } from './aftersales';

// Disputed claims (migration 0063, docs/verification.md "Disputed claims").

export const DISPUTE_STATUSES = ['open', 'moved', 'rejected'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const claimDisputes = pgTable(
  'claim_disputes',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    /** The customer who disputes the claim. */
    customerId: text('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    unitId: text('unit_id').notNull(),
    /** The hidden (covert) code the customer checked. */
    codeId: text('code_id').notNull().references(() => codes.id, { onDelete: 'cascade' }),
    /** Who held the claim, and since when, when the dispute was opened. */
    claimantCustomerId: text('claimant_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Where and when the customer says they bought it (free text, at most 500 characters). */
    purchase: text('purchase').notNull().default(''),
    photoFileId: text('photo_file_id').notNull().references(() => files.id),
    status: text('status').$type<DisputeStatus>().notNull().default('open'),
    /** The reason given with a decision (required to reject). */
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Who decided: a staff e-mail or 'command line'. */
    decidedBy: text('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('claim_disputes_open_uq').on(t.clientId, t.customerId, t.unitId).where(sql`${t.status} = 'open'`),
    index('claim_disputes_client_status_idx').on(t.clientId, t.status, t.createdAt),
    index('claim_disputes_client_customer_idx').on(t.clientId, t.customerId, t.createdAt),
    index('claim_disputes_client_unit_idx').on(t.clientId, t.unitId),
  ],
);

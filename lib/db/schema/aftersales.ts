import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, jsonb, integer, smallint, boolean, date, customType, uniqueIndex, index, bigint } from 'drizzle-orm/pg-core';
import { clients, customers } from './core';
import { claims, products } from './codes';
import { staff } from './console';
import type { PayoutStatus } from '@/lib/domain/payouts';
import type { ComplaintStatus } from '@/lib/domain/complaints';
import type { MediaType } from '@/lib/domain/files';

// Files, warranties, scan journeys, rewards and payouts, complaints, feedback (migration 0004_aftersales).

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true });
const clientId = () => text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' });
const customerId = () => text('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' });

/**
 * Uploaded files: the bytes are in the file store under storage_key (lib/files); rows written
 * before migration 0007 keep theirs in `bytes`. An erased file has neither (erased_at set).
 */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    customerId: customerId(),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes'),
    storageKey: text('storage_key'),
    erasedAt: ts('erased_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('files_client_customer_idx').on(t.clientId, t.customerId)],
);

/** Store objects still to remove after an erasure committed (migration 0007). */
export const fileDeletions = pgTable('file_deletions', {
  storageKey: text('storage_key').primaryKey(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Bytes an upload in flight may still store, counted by the quota check (migration 0008). */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    customerId: customerId(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    storageKeys: text('storage_keys').array().notNull().default(sql`'{}'`),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('upload_reservations_client_idx').on(t.clientId, t.expiresAt)],
);

export const warranties = pgTable(
  'warranties',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    customerId: customerId(),
    unitId: text('unit_id').notNull().references(() => claims.unitId, { onDelete: 'cascade' }),
    productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    purchaseDate: date('purchase_date').notNull(),
    invoiceFileId: text('invoice_file_id').notNull().references(() => files.id),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    status: text('status').$type<'REGISTERED' | 'VOID'>().notNull().default('REGISTERED'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('warranties_unit_uq').on(t.unitId),
    index('warranties_client_customer_idx').on(t.clientId, t.customerId),
    // The console's sorts by registered and by covered until (migration 0070).
    index('warranties_client_created_idx').on(t.clientId, t.createdAt, t.id),
    index('warranties_client_ends_idx').on(t.clientId, t.endsOn, t.id),
  ],
);

export const journeys = pgTable(
  'journeys',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('journeys_client_product_uq').on(t.clientId, t.productId)],
);

export type StepType = 'INFO' | 'DECISION' | 'INPUT' | 'REWARD';

export const journeySteps = pgTable(
  'journey_steps',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    journeyId: text('journey_id').notNull().references(() => journeys.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').$type<StepType>().notNull(),
    title: text('title').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [uniqueIndex('journey_steps_position_uq').on(t.journeyId, t.position)],
);

export const journeyRuns = pgTable(
  'journey_runs',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    customerId: customerId(),
    journeyId: text('journey_id').notNull().references(() => journeys.id, { onDelete: 'cascade' }),
    unitId: text('unit_id').notNull().references(() => claims.unitId, { onDelete: 'cascade' }),
    nextPosition: integer('next_position').notNull().default(0),
    startedAt: ts('started_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('journey_runs_journey_unit_uq').on(t.journeyId, t.unitId),
    index('journey_runs_client_customer_idx').on(t.clientId, t.customerId),
  ],
);

export const journeyAnswers = pgTable(
  'journey_answers',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    customerId: customerId(),
    runId: text('run_id').notNull().references(() => journeyRuns.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull().references(() => journeySteps.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    answeredAt: ts('answered_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('journey_answers_run_step_uq').on(t.runId, t.stepId)],
);

export type RewardType = 'Cashback' | 'Coupon';

/** budget_total and budget_used count paise for Cashback and coupons for Coupon. */
export const rewards = pgTable(
  'rewards',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').$type<RewardType>().notNull(),
    amount: integer('amount'),
    couponCode: text('coupon_code'),
    budgetTotal: integer('budget_total').notNull(),
    budgetUsed: integer('budget_used').notNull().default(0),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('rewards_client_idx').on(t.clientId, t.createdAt)],
);

export const rewardGrants = pgTable(
  'reward_grants',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    customerId: customerId(),
    rewardId: text('reward_id').notNull().references(() => rewards.id, { onDelete: 'cascade' }),
    unitId: text('unit_id').notNull().references(() => claims.unitId, { onDelete: 'cascade' }),
    productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    runId: text('run_id').references(() => journeyRuns.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reward_grants_reward_unit_uq').on(t.rewardId, t.unitId),
    index('reward_grants_client_customer_idx').on(t.clientId, t.customerId, t.rewardId),
  ],
);

export const couponPool = pgTable(
  'coupon_pool',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    rewardId: text('reward_id').notNull().references(() => rewards.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    grantId: text('grant_id').references(() => rewardGrants.id, { onDelete: 'set null' }),
    assignedAt: ts('assigned_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_pool_reward_code_uq').on(t.rewardId, t.code),
    uniqueIndex('coupon_pool_grant_uq').on(t.grantId).where(sql`${t.grantId} is not null`),
    index('coupon_pool_free_idx').on(t.rewardId, t.id).where(sql`${t.grantId} is null`),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    customerId: customerId(),
    grantId: text('grant_id').notNull().references(() => rewardGrants.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    vpa: text('vpa'),
    status: text('status').$type<PayoutStatus>().notNull().default('DEFAULT'),
    /** Given to the bank; stays the same across retries so the bank can spot a repeat. */
    reference: text('reference').notNull(),
    idempotencyKey: text('idempotency_key'),
    bankRef: text('bank_ref'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    claimedAt: ts('claimed_at'),
    exportedAt: ts('exported_at'),
    settledAt: ts('settled_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_grant_uq').on(t.grantId),
    uniqueIndex('payouts_reference_uq').on(t.reference),
    uniqueIndex('payouts_customer_idempotency_uq').on(t.customerId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    index('payouts_client_customer_idx').on(t.clientId, t.customerId, t.createdAt),
    index('payouts_client_status_idx').on(t.clientId, t.status),
    // The console's sorts by made and last changed (migration 0069).
    index('payouts_client_created_idx').on(t.clientId, t.createdAt, t.id),
    index('payouts_client_updated_idx').on(t.clientId, t.updatedAt, t.id),
  ],
);

/** The last ticket number given out per brand (TKT-000001, TKT-000002, ...). */
export const ticketCounters = pgTable('ticket_counters', {
  clientId: text('client_id').primaryKey().references(() => clients.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});

export const complaints = pgTable(
  'complaints',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    customerId: customerId(),
    ticketId: text('ticket_id').notNull(),
    unitId: text('unit_id').references(() => claims.unitId, { onDelete: 'set null' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    priority: text('priority').notNull(),
    description: text('description').notNull(),
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    status: text('status').$type<ComplaintStatus>().notNull().default('unassigned'),
    assignee: text('assignee'),
    /** The staff member it is assigned to (migration 0017); null for a free name or nobody. */
    assigneeStaffId: text('assignee_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('complaints_client_ticket_uq').on(t.clientId, t.ticketId),
    index('complaints_client_customer_idx').on(t.clientId, t.customerId, t.createdAt),
    index('complaints_client_status_idx').on(t.clientId, t.status, t.createdAt),
    index('complaints_client_assignee_idx').on(t.clientId, t.assigneeStaffId).where(sql`${t.assigneeStaffId} is not null`),
  ],
);

export const complaintMessages = pgTable(
  'complaint_messages',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    complaintId: text('complaint_id').notNull().references(() => complaints.id, { onDelete: 'cascade' }),
    author: text('author').$type<'customer' | 'brand'>().notNull(),
    authorName: text('author_name'),
    body: text('body').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('complaint_messages_complaint_idx').on(t.clientId, t.complaintId, t.at)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: text('id').primaryKey(),
    clientId: clientId(),
    customerId: customerId(),
    unitId: text('unit_id').references(() => claims.unitId, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('feedback_client_idx').on(t.clientId, t.createdAt)],
);

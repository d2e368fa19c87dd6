import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, jsonb, integer, uniqueIndex, index, primaryKey } from 'drizzle-orm/pg-core';
import type { StoredClientConfig } from '@/lib/schemas/client-config';

// Tenancy, identity, sessions, OTPs and rate limits (migration 0001_core).

export const clients = pgTable('clients', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  organizationName: text('organization_name').notNull(),
  organizationType: text('organization_type').notNull().default('Manufacturer'),
  serviceStatus: text('service_status').notNull().default('Whitelisted'),
  config: jsonb('config').$type<StoredClientConfig>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const clientDomains = pgTable('client_domains', {
  domain: text('domain').primaryKey(),
  clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  /** 'serving', or 'pending' until the operator approves a domain added in the console (migration 0033). */
  status: text('status').$type<'serving' | 'pending'>().notNull().default('serving'),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CustomerAddress = { fullAddress: string; city: string; country: string; state: string; pincode: string };

export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    userName: text('user_name'),
    companyName: text('company_name'),
    gender: text('gender').notNull().default('female'),
    dob: text('dob'),
    vpa: text('vpa'),
    email: text('email'),
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    /** When a code sent to the contact was first used (migration 0006); null: unverified. */
    contactVerifiedAt: timestamp('contact_verified_at', { withTimezone: true }),
    address: jsonb('address').$type<CustomerAddress>(),
    /** The language the customer chose (migration 0040, docs/languages.md); null: never chosen. */
    language: text('language'),
    dataStatus: text('data_status').notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customers_client_email_uq').on(t.clientId, t.email).where(sql`${t.email} is not null`),
    uniqueIndex('customers_client_mobile_uq').on(t.clientId, t.mobile).where(sql`${t.mobile} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    /** Last time the session bought an access token (idle timeout, migration 0006). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const otps = pgTable(
  'otps',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otps_lookup_idx').on(t.clientId, t.channel, t.target, t.purpose)],
);

/** Fixed-window counters: one row per (bucket key, window start). */
/** Consecutive failed passwords or codes per contact (migration 0006, lib/api/auth/failures.ts). */
export const authFailures = pgTable(
  'auth_failures',
  {
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    consecutive: integer('consecutive').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.subject] })],
);

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, jsonb, integer, boolean, doublePrecision, primaryKey, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients, customers } from './core';
import { codes, products } from './codes';

// The risk assessment's tables (migration 0012_risk, docs/verification.md "Risk").

/** One row per session of a unit, kept by a trigger on scans. */
export const unitSessions = pgTable(
  'unit_sessions',
  {
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    unitKey: text('unit_key').notNull(),
    sessionKey: text('session_key').notNull(),
    deviceId: text('device_id'),
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** When the session was first seen at its place (lat, lng): the first place it had. */
    placeAt: timestamp('place_at', { withTimezone: true }),
    /** The first place is an address place (migration 0013). */
    placeFromIp: boolean('place_from_ip').notNull().default(false),
    /** When this session first checked the covert code while the unit was unclaimed (0013). */
    covertBeforeSaleAt: timestamp('covert_before_sale_at', { withTimezone: true }),
    scanCount: integer('scan_count').notNull(),
    /**
     * The session as the verify read takes it (a JSON array as text, lib/api/verify/read-code.ts),
     * made by a trigger on every write (migration 0022): never written by the app.
     */
    packed: text('packed'),
    /** The network of the session's first scan (keyed hash of its /24 or /48; migration 0024). */
    netKey: text('net_key'),
    /** When this session, just after checking the unit, typed a hidden code that does not exist (migration 0066). */
    falseHiddenAt: timestamp('false_hidden_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.unitKey, t.sessionKey] }),
    index('unit_sessions_recent_idx').on(t.clientId, t.unitKey, t.lastAt.desc()),
    index('unit_sessions_by_session_idx').on(t.clientId, t.sessionKey, t.lastAt.desc()),
  ],
);

/**
 * Where a unit was first seen: the earliest place someone gave among all its sessions (migration
 * 0067, kept by a trigger on unit_sessions), read with the code for "First verified … near X".
 */
export const unitFirstPlaces = pgTable(
  'unit_first_places',
  {
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    unitKey: text('unit_key').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    placeAt: timestamp('place_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.unitKey] })],
);

export const RED_FLAG_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type RedFlagStatus = (typeof RED_FLAG_STATUSES)[number];

/** A unit that became suspect; at most one open flag per unit. */
export const redFlags = pgTable(
  'red_flags',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    unitKey: text('unit_key').notNull(),
    codeId: text('code_id').references(() => codes.id, { onDelete: 'set null' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    rules: text('rules').array().notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    status: text('status').$type<RedFlagStatus>().notNull().default('open'),
    note: text('note'),
    blacklisted: boolean('blacklisted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('red_flags_open_unit_uq').on(t.clientId, t.unitKey).where(sql`${t.status} = 'open'`),
    index('red_flags_client_idx').on(t.clientId, t.status, t.createdAt),
  ],
);

/**
 * A brand's own decision that a unit is suspect (migration 0073): who marked it, when and why, and
 * once cleared, who, when and why. At most one mark in force per unit (cleared_at null).
 */
export const unitSuspectMarks = pgTable(
  'unit_suspect_marks',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    unitKey: text('unit_key').notNull(),
    codeId: text('code_id').references(() => codes.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    /** Who marked it, as the audit log names them (a staff member's e-mail, or 'command line'). */
    markedBy: text('marked_by').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
    clearReason: text('clear_reason'),
    clearedBy: text('cleared_by'),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('unit_suspect_marks_open_uq').on(t.clientId, t.unitKey).where(sql`${t.clearedAt} is null`),
    index('unit_suspect_marks_unit_idx').on(t.clientId, t.unitKey, t.markedAt),
  ],
);

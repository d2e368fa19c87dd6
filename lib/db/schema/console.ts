import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, jsonb, integer, uniqueIndex, index, primaryKey, date, smallint, doublePrecision } from 'drizzle-orm/pg-core';
import { clients } from './core';

// The brand console (migration 0014_console, docs/console.md): staff accounts of the deployment,
// their memberships of brands with a role, their sessions, one-time tokens (invitations and
// password resets) and the audit log of every staff action.

export const staff = pgTable(
  'staff',
  {
    id: text('id').primaryKey(),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** Null until the invitation is accepted. */
    passwordHash: text('password_hash'),
    /** The TOTP secret (base32), sealed with the session secret; null until enrolled. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is used once. */
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_email_uq').on(t.email)],
);

export const staffMemberships = pgTable(
  'staff_memberships',
  {
    staffId: text('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while the member is disabled at this brand (migration 0050): nothing of the brand is open to them. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The staff id of the owner who disabled them. */
    disabledBy: text('disabled_by'),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.clientId] }), index('staff_memberships_client_idx').on(t.clientId)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: text('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Whether the second factor was given in this session (a session without it may only enrol or give it). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    address: text('address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** A staff account's recovery codes (migration 0050), each stored as its keyed hash, good once. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: text('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);

/** The brands a staff session has reached (migration 0030): what a brand's owner may see and end of a member's sessions. */
export const staffSessionBrands = pgTable(
  'staff_session_brands',
  {
    sessionId: text('session_id').notNull().references(() => staffSessions.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.clientId] }), index('staff_session_brands_client_idx').on(t.clientId)],
);

export const staffTokens = pgTable(
  'staff_tokens',
  {
    /** sha256 of the token sent by e-mail (the token itself is never stored). */
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').notNull(), // 'invitation' | 'reset'
    email: text('email').notNull(),
    /** invitation: the brand and role it grants. */
    clientId: text('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    role: text('role'),
    invitedBy: text('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_tokens_email_idx').on(t.email)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member's id, or null for the command line. */
    staffId: text('staff_id'),
    /** As shown: the staff member's e-mail at the time, or 'command line'. */
    actor: text('actor').notNull(),
    /** What was done, as a dotted name: 'code.blacklist', 'staff.invite', 'settings.update'. */
    action: text('action').notNull(),
    /** What it was done to: a qrId, a ticket id, an e-mail. */
    target: text('target').notNull().default(''),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
  },
  (t) => [
    index('audit_log_client_at_idx').on(t.clientId, t.at),
    index('audit_log_client_action_idx').on(t.clientId, t.action),
    // The console's sorts by who and by action (migration 0071).
    index('audit_log_client_actor_idx').on(t.clientId, t.actor, t.id),
    index('audit_log_client_action_id_idx').on(t.clientId, t.action, t.id),
  ],
);

/** The days whose scans are counted in scan_day_rollups (migration 0021, lib/console/scan-rollups.ts). */
export const scanRollupDays = pgTable(
  'scan_rollup_days',
  {
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.day] })],
);

/**
 * A completed day's scans counted per coarse place at three grains (0: the brand, 1: a product,
 * 2: a batch), so that the overview reads a few rows per day instead of every scan (migration 0021).
 */
export const scanDayRollups = pgTable(
  'scan_day_rollups',
  {
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    grain: smallint('grain').notNull(),
    productId: text('product_id'),
    batchId: text('batch_id'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    scans: integer('scans').notNull(),
    genuine: integer('genuine').notNull(),
    fake: integer('fake').notNull(),
    invalid: integer('invalid').notNull(),
    expired: integer('expired').notNull(),
    suspect: integer('suspect').notNull(),
  },
  (t) => [
    index('scan_day_rollups_brand_idx').on(t.clientId, t.grain, t.day),
    index('scan_day_rollups_product_idx').on(t.clientId, t.productId, t.day).where(sql`grain = 1`),
    index('scan_day_rollups_batch_idx').on(t.clientId, t.batchId, t.day).where(sql`grain = 2`),
  ],
);

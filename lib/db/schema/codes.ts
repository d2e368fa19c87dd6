import { sql } from 'drizzle-orm';
import {
  pgTable,
  text,
  timestamp,
  jsonb,
  integer,
  smallint,
  boolean,
  date,
  doublePrecision,
  customType,
  uniqueIndex,
  primaryKey,
  index,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { clients, customers } from './core';
import type { RiskReason } from '@/lib/domain/risk';

// Catalogue, codes, claims, scans, tracking events and reports (migration 0002_codes).

export type ProductAttribute = { name: string; value: string };

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    attributes: jsonb('attributes').$type<ProductAttribute[]>().notNull().default([]),
    warrantyMonths: integer('warranty_months').notNull().default(0),
    status: text('status').notNull().default('ACTIVE'),
    /** GS1 GTIN, 14 digits (migration 0036, docs/gs1.md); unique in the brand. */
    gtin: text('gtin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_client_idx').on(t.clientId, t.createdAt),
    uniqueIndex('products_client_gtin_uq').on(t.clientId, t.gtin).where(sql`${t.gtin} is not null`),
  ],
);

export const batches = pgTable(
  'batches',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    batchNumber: text('batch_number').notNull(),
    mfgDate: date('mfg_date'),
    expiryDate: date('expiry_date'),
    /** Countries (ISO 3166-1 alpha-2) the batch is sold in; null: anywhere (migration 0012). */
    markets: text('markets').array(),
    /** The Retailer organisation that sells the batch (migration 0020); what the brand shares with it concerns these batches. */
    retailerClientId: text('retailer_client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** GS1 lot (AI 10, migration 0036); null: the batch number is the lot. Unique per product. */
    lot: text('lot'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('batches_client_number_uq').on(t.clientId, sql`upper(${t.batchNumber})`),
    index('batches_client_product_idx').on(t.clientId, t.productId),
    index('batches_client_retailer_idx').on(t.clientId, t.retailerClientId).where(sql`${t.retailerClientId} is not null`),
    uniqueIndex('batches_client_product_lot_uq').on(t.clientId, t.productId, sql`coalesce(${t.lot}, ${t.batchNumber})`),
  ],
);

export const codes = pgTable(
  'codes',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    qrId: text('qr_id').notNull(),
    level: smallint('level').notNull(),
    productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    batchId: text('batch_id').notNull().references(() => batches.id, { onDelete: 'cascade' }),
    /** The unit id: shared by a unit's overt and covert codes; null for cases, pallets and batch-level codes. */
    pairId: text('pair_id'),
    parentCodeId: text('parent_code_id').references((): AnyPgColumn => codes.id, { onDelete: 'set null' }),
    isBatchLevel: boolean('is_batch_level').notNull().default(false),
    status: text('status').notNull().default('ACTIVE'),
    listStatus: text('list_status').notNull().default('Whitelisted'),
    authCode: text('auth_code'),
    /** GS1 serial (AI 21) of a unit's overt code (migration 0036); null: the qrId is the serial. */
    serial: text('serial'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('codes_qr_id_uq').on(t.qrId),
    uniqueIndex('codes_client_auth_code_uq').on(t.clientId, t.authCode).where(sql`${t.authCode} is not null`),
    // (client_id, batch_id, id) and (client_id, id): the console's keyset pages of codes (0016).
    index('codes_client_batch_idx').on(t.clientId, t.batchId, t.id),
    index('codes_client_id_idx').on(t.clientId, t.id),
    // The console's sorts by created and by code id (migration 0077).
    index('codes_client_created_idx').on(t.clientId, t.createdAt, t.id),
    index('codes_client_qr_idx').on(t.clientId, t.qrId, t.id),
    // INCLUDE (pair_id, level) in migration 0021: a product's codes and units from the index alone (the overview's filter).
    index('codes_client_product_idx').on(t.clientId, t.productId, t.id),
    index('codes_client_pair_idx').on(t.clientId, t.pairId).where(sql`${t.pairId} is not null`),
    index('codes_client_parent_idx').on(t.clientId, t.parentCodeId).where(sql`${t.parentCodeId} is not null`),
    uniqueIndex('codes_client_product_serial_uq')
      .on(t.clientId, t.productId, sql`coalesce(${t.serial}, ${t.qrId})`)
      .where(sql`${t.level} = 6 and ${t.pairId} is not null`),
  ],
);

/** One row per claimed unit: the primary key on unit_id is what makes a claim exactly-once. */
export const claims = pgTable(
  'claims',
  {
    unitId: text('unit_id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('claims_client_customer_idx').on(t.clientId, t.customerId, t.claimedAt),
    // INCLUDE (unit_id) in migration 0021: the overview counts a range's claims of a product's units.
    index('claims_client_claimed_idx').on(t.clientId, t.claimedAt),
  ],
);

export const scans = pgTable(
  'scans',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    codeId: text('code_id').references(() => codes.id, { onDelete: 'set null' }),
    /** The unit (pair id) or, for cases, pallets and batch-level codes, the code id. */
    unitKey: text('unit_key'),
    qrIdRaw: text('qr_id_raw').notNull(),
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    layer: smallint('layer').notNull(),
    result: text('result').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    ipHash: text('ip_hash'),
    /** The first-party device id (cookie), when the scan carried one (migration 0012). */
    deviceId: text('device_id'),
    /** The session the scan belongs to: device id, else 'c:' customer id, else 'ip:' address hash. */
    sessionKey: text('session_key'),
    /** The risk level shown with this scan (none, caution, suspect); null for scans without one. */
    risk: text('risk'),
    /** The reasons shown with that risk, for the scan's evidence report. */
    riskReasons: jsonb('risk_reasons').$type<string[]>(),
    /** The same reasons by code and values (migration 0060), for the report in the customer's language. */
    riskReasonCodes: jsonb('risk_reason_codes').$type<RiskReason[]>(),
    /** A check of the unit's covert code while nobody had claimed it (migration 0013). */
    covertBeforeSale: boolean('covert_before_sale').notNull().default(false),
    /** lat/lng came from the request address (offline IP-to-city), not from the customer (0013). */
    placeFromIp: boolean('place_from_ip').notNull().default(false),
    /** The network of the request address (keyed hash of its IPv4 /24 or IPv6 /48; migration 0024). */
    netKey: text('net_key'),
  },
  (t) => [
    // INCLUDE (result, risk, lat, lng, code_id) since 0016: the console's overview reads the index alone.
    index('scans_client_at_idx').on(t.clientId, t.at),
    index('scans_client_unit_idx').on(t.clientId, t.unitKey, t.at).where(sql`${t.unitKey} is not null`),
    index('scans_client_code_idx').on(t.clientId, t.codeId, t.at).where(sql`${t.codeId} is not null`),
  ],
);

/** A unit's verification count and first verification, kept by a trigger on scans (migration 0005). */
export const unitScanStats = pgTable(
  'unit_scan_stats',
  {
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    unitKey: text('unit_key').notNull(),
    verifiedCount: integer('verified_count').notNull(),
    firstVerifiedAt: timestamp('first_verified_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.unitKey] })],
);

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    codeId: text('code_id').notNull().references(() => codes.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    place: text('place').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracking_events_client_code_idx').on(t.clientId, t.codeId, t.at)],
);

export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    qrIdRaw: text('qr_id_raw'),
    codeId: text('code_id').references(() => codes.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** Photos before migration 0007; since then the photo is a files row. */
    photo: bytea('photo'),
    photoType: text('photo_type'),
    photoFileId: text('photo_file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_client_idx').on(t.clientId, t.createdAt)],
);

/**
 * A brand's GS1 URI signing key pair (migration 0055, docs/gs1.md): Ed25519, the public key as
 * its 32 raw bytes in base64url, the private key (PKCS#8) sealed by lib/console/gs1-signature.ts.
 */
export const gs1SigningKeys = pgTable('gs1_signing_keys', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  publicKey: text('public_key').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

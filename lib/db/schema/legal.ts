import { customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients, customers } from './core';
import type { LegalDocumentFormat, LegalDocumentType } from '@/lib/schemas/legal';

// Legal documents, acknowledgements and cookie consents (migration 0003_legal). The two record
// tables are append-only (a trigger refuses UPDATE): they prove what a customer accepted.

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    documentType: text('document_type').$type<LegalDocumentType>().notNull(),
    version: integer('version').notNull(),
    format: text('format').$type<LegalDocumentFormat>().notNull(),
    contentText: text('content_text'),
    contentBytes: bytea('content_bytes'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('legal_documents_version_uq').on(t.clientId, t.documentType, t.version)],
);

export const legalAcknowledgements = pgTable(
  'legal_acknowledgements',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    userIdType: text('user_id_type').$type<'customer'>().notNull(),
    documentId: text('document_id').notNull().references(() => legalDocuments.id, { onDelete: 'cascade' }),
    documentType: text('document_type').$type<LegalDocumentType>().notNull(),
    version: integer('version').notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('legal_acknowledgements_customer_idx').on(t.clientId, t.customerId, t.documentId)],
);

export const cookieConsents = pgTable(
  'cookie_consents',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cookie_consents_customer_idx').on(t.clientId, t.customerId)],
);

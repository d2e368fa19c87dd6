import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { clients, customers } from './core';
import type { MessageChannel, MessageKind, MessageReceipt, MessageState } from '@/lib/domain/messages';

// The customer message outbox and preferences (migration 0068, docs/messages.md).

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MessageKind>().notNull(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    /** E-mail address or +<country><number>; the customer's id for the in-app copy. */
    recipient: text('recipient').notNull(),
    locale: text('locale').notNull().default('en'),
    /** The values the text was written with (and a WhatsApp template's parameters are taken from). */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state').$type<MessageState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    /** The provider's latest delivery receipt (migration 0056): delivered, read (WhatsApp) or failed. */
    receipt: text('receipt').$type<MessageReceipt>(),
    receiptAt: ts('receipt_at'),
    deliveredAt: ts('delivered_at'),
    receiptError: text('receipt_error'),
  },
  (t) => [
    unique('message_outbox_key_uq').on(t.clientId, t.idempotencyKey),
    index('message_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'queued'`),
    index('message_outbox_client_customer_idx').on(t.clientId, t.customerId, t.createdAt),
    index('message_outbox_client_state_idx').on(t.clientId, t.state, t.createdAt),
    index('message_outbox_client_provider_idx').on(t.clientId, t.providerMessageId),
  ],
);

/** A delivery receipt that came before its message was marked sent (migration 0051, lib/messaging/receipts.ts). */
export const messageEarlyReceipts = pgTable(
  'message_early_receipts',
  {
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'sms' | 'whatsapp'>().notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    receipt: text('receipt').$type<MessageReceipt>().notNull(),
    receiptAt: ts('receipt_at').notNull(),
    receiptError: text('receipt_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.channel, t.providerMessageId, t.receipt] }), index('message_early_receipts_created_idx').on(t.clientId, t.createdAt)],
);

export const messagePreferences = pgTable(
  'message_preferences',
  {
    clientId: text('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MessageKind>().notNull(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.customerId, t.kind, t.channel] })],
);

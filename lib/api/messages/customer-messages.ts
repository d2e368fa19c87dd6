import 'server-only';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clients, customers, messageOutbox, messagePreferences } from '@/lib/db/schema';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { ALWAYS_SENT_KINDS, DELIVERY_CHANNELS, MESSAGE_KINDS, type DeliveryChannel, type MessageKind } from '@/lib/domain/messages';
import { customerLocale, reachableChannels } from '@/lib/messaging/queue';
import { fieldError, notFound } from '@/lib/errors';
import { PREFERENCE_KINDS, type CustomerMessages, type MessagePreferences, type PreferenceKind } from '@/lib/schemas/messages';

// The customer's messages in the app (their in-app copies, channel 'app') with the unread count
// the home screen marks, and their choice of channels per kind (docs/messages.md). Every query is
// scoped by brand and customer.

const LIST_LIMIT = 100;

const mineInApp = (clientId: string, customerId: string) => and(eq(messageOutbox.clientId, clientId), eq(messageOutbox.customerId, customerId), eq(messageOutbox.channel, 'app'));

export async function unreadCount(clientId: string, customerId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageOutbox)
    .where(and(mineInApp(clientId, customerId), isNull(messageOutbox.readAt)));
  return Number(row?.n ?? 0);
}

/** GET /api/customer/messages — newest first, at most 100. */
export async function listMessages(clientId: string, customerId: string): Promise<CustomerMessages> {
  const db = await getDb();
  const rows = await db.select().from(messageOutbox).where(mineInApp(clientId, customerId)).orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id)).limit(LIST_LIMIT);
  return {
    messages: rows.map((r) => ({ id: r.id, kind: r.kind, subject: r.subject, body: r.body, createdAt: r.createdAt.toISOString(), read: r.readAt !== null })),
    unread: await unreadCount(clientId, customerId),
  };
}

/** POST /api/customer/messages/read — marks the given messages (or all) read; another's ids are not found. */
export async function markRead(clientId: string, customerId: string, ids: string[] | undefined, now = new Date()): Promise<{ unread: number }> {
  const db = await getDb();
  if (ids) {
    const found = await db.select({ id: messageOutbox.id }).from(messageOutbox).where(and(mineInApp(clientId, customerId), inArray(messageOutbox.id, ids)));
    if (found.length !== new Set(ids).size) throw notFound('Message');
  }
  await db
    .update(messageOutbox)
    .set({ readAt: now })
    .where(and(mineInApp(clientId, customerId), isNull(messageOutbox.readAt), ids ? inArray(messageOutbox.id, ids) : undefined));
  return { unread: await unreadCount(clientId, customerId) };
}

const isLocked = (kind: PreferenceKind) => kind === 'security' || ALWAYS_SENT_KINDS.includes(kind as MessageKind);

async function reachable(clientId: string, customerId: string): Promise<DeliveryChannel[]> {
  const db = await getDb();
  const [row] = await db
    .select({ email: customers.email, mobile: customers.mobile, language: customers.language, config: clients.config })
    .from(customers)
    .innerJoin(clients, eq(clients.id, customers.clientId))
    .where(and(eq(customers.id, customerId), eq(customers.clientId, clientId)));
  if (!row) throw notFound('Customer');
  const config = brandConfigOf(row);
  const locale = customerLocale(config, row.language);
  // A mobile number is reached by SMS, and by WhatsApp for the kinds the brand has templates of.
  const set = new Set<DeliveryChannel>();
  for (const kind of MESSAGE_KINDS) for (const c of reachableChannels(config, kind, locale, row)) set.add(c);
  if (row.mobile) set.add('sms');
  return DELIVERY_CHANNELS.filter((c) => set.has(c));
}

/** GET /api/customer/message-preferences — every kind on every channel the customer can be reached on. */
export async function getPreferences(clientId: string, customerId: string): Promise<MessagePreferences> {
  const db = await getDb();
  const channels = await reachable(clientId, customerId);
  const off = await db
    .select({ kind: messagePreferences.kind, channel: messagePreferences.channel })
    .from(messagePreferences)
    .where(and(eq(messagePreferences.clientId, clientId), eq(messagePreferences.customerId, customerId), eq(messagePreferences.enabled, false)));
  const offSet = new Set(off.map((o) => `${o.kind}/${o.channel}`));
  return {
    channels,
    preferences: PREFERENCE_KINDS.flatMap((kind) =>
      channels.map((channel) => ({ kind, channel, locked: isLocked(kind), enabled: isLocked(kind) || !offSet.has(`${kind}/${channel}`) })),
    ),
  };
}

/** PUT /api/customer/message-preferences — turning a locked kind off is refused (422), and then nothing changes. */
export async function setPreferences(clientId: string, customerId: string, list: { kind: PreferenceKind; channel: DeliveryChannel; enabled: boolean }[]): Promise<MessagePreferences> {
  list.forEach((p, i) => {
    if (isLocked(p.kind) && !p.enabled) throw fieldError('unprocessable', `preferences.${i}.enabled`, p.kind === 'security' ? 'security notices cannot be turned off' : 'recall and safety notices cannot be turned off');
  });
  const db = await getDb();
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const p of list) {
      if (isLocked(p.kind)) continue;
      await tx
        .insert(messagePreferences)
        .values({ clientId, customerId, kind: p.kind as MessageKind, channel: p.channel, enabled: p.enabled, updatedAt: now })
        .onConflictDoUpdate({ target: [messagePreferences.clientId, messagePreferences.customerId, messagePreferences.kind, messagePreferences.channel], set: { enabled: p.enabled, updatedAt: now } });
    }
  });
  return getPreferences(clientId, customerId);
}

import 'server-only';
import { and, asc, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { messageOutbox } from '@/lib/db/schema';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '@/lib/domain/messages';
import type { DeliveryStatus } from '@/lib/schemas/console-messages';
import type { ConsoleScope } from '../scope';

export async function deliveryStatus(scope: ConsoleScope): Promise<DeliveryStatus> {
  const db = await getDb();
  const mine = eq(messageOutbox.clientId, scope.clientId);
  const counts = await db
    .select({ state: messageOutbox.state, channel: messageOutbox.channel, n: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${messageOutbox.createdAt})` })
    .from(messageOutbox)
    .where(and(mine, inArray(messageOutbox.state, ['queued', 'failed']), inArray(messageOutbox.channel, [...DELIVERY_CHANNELS])))
    .groupBy(messageOutbox.state, messageOutbox.channel);
  const zero = () => Object.fromEntries(DELIVERY_CHANNELS.map((c) => [c, 0])) as Record<DeliveryChannel, number>;
  const queued = zero();
  const failed = zero();
  let oldest: number | null = null;
  for (const c of counts) {
    const channel = c.channel as DeliveryChannel;
    if (c.state === 'queued') {
      queued[channel] = Number(c.n);
      const at = c.oldest ? new Date(c.oldest).getTime() : null;
      if (at !== null && (oldest === null || at < oldest)) oldest = at;
    } else failed[channel] = Number(c.n);
  }
  const receipts = await db
    .select({ receipt: messageOutbox.receipt, channel: messageOutbox.channel, n: sql<number>`count(*)::int` })
    .from(messageOutbox)
    .where(and(mine, isNotNull(messageOutbox.receipt), inArray(messageOutbox.channel, [...DELIVERY_CHANNELS])))
    .groupBy(messageOutbox.receipt, messageOutbox.channel);
  const delivered = zero();
  const undelivered = zero();
  for (const r of receipts) {
    const channel = r.channel as DeliveryChannel;
    if (r.receipt === 'failed') undelivered[channel] += Number(r.n);
    else delivered[channel] += Number(r.n);
  }
  const problems = await db
    .select()
    .from(messageOutbox)
    .where(and(mine, or(eq(messageOutbox.state, 'failed'), and(eq(messageOutbox.state, 'queued'), gt(messageOutbox.attempts, 0)), eq(messageOutbox.receipt, 'failed'))))
    .orderBy(desc(messageOutbox.createdAt), asc(messageOutbox.id))
    .limit(50);
  return {
    queued,
    failed,
    delivered,
    undelivered,
    oldestQueuedAt: oldest === null ? null : new Date(oldest).toISOString(),
    problems: problems.map((p) => {
      const undeliveredRow = p.state === 'sent' && p.receipt === 'failed';
      return {
        id: p.id,
        kind: p.kind,
        channel: p.channel as DeliveryChannel,
        state: undeliveredRow ? ('undelivered' as const) : (p.state as 'queued' | 'failed'),
        attempts: p.attempts,
        lastError: undeliveredRow ? p.receiptError : p.lastError,
        nextAttemptAt: p.state === 'queued' ? p.nextAttemptAt.toISOString() : null,
        createdAt: p.createdAt.toISOString(),
      };
    }),
  };
}

import 'server-only';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { beforeDbClose, getDb } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { clients, messageOutbox, products, warranties } from '@/lib/db/schema';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { env } from '@/lib/edge/env';
import { MAX_ATTEMPTS, retryDelaySeconds } from '@/lib/domain/messages';
import { PermanentSendError, sendQueued, type QueuedMessage, type SendResult } from './channels';
import { enqueueCustomerMessage } from './queue';
import { applyEarlyReceipts, lockProviderId } from './receipts';

// The worker that delivers the message outbox (issue 31, docs/messages.md), run inside every
// server process. A round claims due rows: one UPDATE whose subquery picks them FOR UPDATE SKIP
// LOCKED, so processes sharing a PostgreSQL database never claim the same row at once (PGlite,
// one process, runs the same statement). A claim counts the attempt and moves next_attempt_at a
// lease ahead: a process that dies mid-send leaves its rows to be claimed again when the lease
// runs out. A row is marked sent with the provider's id only by the claim that sent it (the
// attempts it claimed with fence a late writer out); every attempt carries the same idempotency
// key, so the provider keeps one delivery however often it is retried. A failed attempt waits
// retryDelaySeconds; after MAX_ATTEMPTS, or a failure no retry mends, the row is failed.

export const LEASE_SECONDS = 120;

export type RoundOptions = {
  now?: Date;
  limit?: number;
  leaseSeconds?: number;
  /** The sender (tests replace it); default: the channel's provider. */
  send?: typeof sendQueued;
  /** Only this brand's messages (the console's "send now"; tests). */
  clientId?: string;
};

export async function claimDueMessages(db: DbOrTx, opts: { now: Date; limit: number; leaseSeconds: number; clientId?: string }): Promise<QueuedMessage[]> {
  const due = db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.state, 'queued'), lte(messageOutbox.nextAttemptAt, opts.now), opts.clientId ? eq(messageOutbox.clientId, opts.clientId) : undefined))
    .orderBy(asc(messageOutbox.nextAttemptAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(messageOutbox)
    .set({ attempts: sql`${messageOutbox.attempts} + 1`, nextAttemptAt: new Date(opts.now.getTime() + opts.leaseSeconds * 1000) })
    .where(and(inArray(messageOutbox.id, due), eq(messageOutbox.state, 'queued')))
    .returning();
}

/** Marks a claimed message sent, failed or due again; only the claim holding it (by its attempt count) can. */
async function settle(db: DbOrTx, m: QueuedMessage, set: Partial<typeof messageOutbox.$inferInsert>): Promise<boolean> {
  const done = await db
    .update(messageOutbox)
    .set(set)
    .where(and(eq(messageOutbox.id, m.id), eq(messageOutbox.attempts, m.attempts), eq(messageOutbox.state, 'queued')))
    .returning({ id: messageOutbox.id });
  return done.length > 0;
}

/**
 * Marks a claimed message sent with the provider's id. An SMS or WhatsApp message takes the
 * receipts that came before it in the same transaction, under the lock the receipt routes take on
 * that id (lib/messaging/receipts.ts), so a receipt is applied either there or here, never lost.
 */
async function settleSent(db: Awaited<ReturnType<typeof getDb>>, m: QueuedMessage, sent: SendResult): Promise<boolean> {
  const set = { state: 'sent' as const, provider: sent.provider, providerMessageId: sent.providerMessageId, sentAt: new Date(), lastError: null };
  const channel = m.channel;
  if (channel !== 'sms' && channel !== 'whatsapp') return settle(db, m, set);
  return db.transaction(async (tx) => {
    await lockProviderId(tx, m.clientId, channel, sent.providerMessageId);
    if (!(await settle(tx, m, set))) return false;
    await applyEarlyReceipts(tx, m.id, m.clientId, channel, sent.providerMessageId);
    return true;
  });
}

export type RoundResult = { claimed: number; sent: number; retrying: number; failed: number };

/** One round: claims up to `limit` due messages and tries each once. */
export async function deliverDueMessages(opts: RoundOptions = {}): Promise<RoundResult> {
  const db = await getDb();
  const now = opts.now ?? new Date();
  const send = opts.send ?? sendQueued;
  const claimed = await claimDueMessages(db, { now, limit: opts.limit ?? 20, leaseSeconds: opts.leaseSeconds ?? LEASE_SECONDS, clientId: opts.clientId });
  const result: RoundResult = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  if (!claimed.length) return result;
  const brandIds = [...new Set(claimed.map((m) => m.clientId))];
  const brands = new Map((await db.select().from(clients).where(inArray(clients.id, brandIds))).map((c) => [c.id, { name: c.organizationName, config: brandConfigOf(c) }]));
  await Promise.all(
    claimed.map(async (m) => {
      const brand = brands.get(m.clientId);
      let sent: SendResult | undefined;
      let error: unknown;
      try {
        if (!brand) throw new PermanentSendError('The brand is gone');
        sent = await send(m, brand);
      } catch (err) {
        error = err;
      }
      if (sent) {
        if (await settleSent(db, m, sent)) result.sent++;
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const final = error instanceof PermanentSendError || m.attempts >= MAX_ATTEMPTS;
      const at = new Date(now.getTime() + retryDelaySeconds(m.attempts) * 1000);
      if (await settle(db, m, { state: final ? 'failed' : 'queued', lastError: message.slice(0, 500), nextAttemptAt: at })) {
        if (final) result.failed++;
        else result.retrying++;
      }
    }),
  );
  return result;
}

/** Queues the "warranty ends in 30 days" message of every warranty ending within 30 days (once each: its key). */
export async function enqueueWarrantyEndings(now = new Date(), opts: { limit?: number; clientId?: string } = {}): Promise<number> {
  const db = await getDb();
  const today = now.toISOString().slice(0, 10);
  const in30 = new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  const ending = await db
    .select({ id: warranties.id, clientId: warranties.clientId, customerId: warranties.customerId, endsOn: warranties.endsOn, product: products.name })
    .from(warranties)
    .innerJoin(products, eq(products.id, warranties.productId))
    .where(
      and(
        eq(warranties.status, 'REGISTERED'),
        opts.clientId ? eq(warranties.clientId, opts.clientId) : undefined,
        sql`${warranties.endsOn} between ${today}::date and ${in30}::date`,
        sql`not exists (select 1 from message_outbox m where m.client_id = ${warranties.clientId} and m.idempotency_key = 'warranty-ending:' || ${warranties.id} || ':app')`,
      ),
    )
    .limit(opts.limit ?? 500);
  let queued = 0;
  for (const w of ending) {
    const rows = await enqueueCustomerMessage(db, { clientId: w.clientId, customerId: w.customerId, kind: 'warranty-ending', eventKey: w.id, params: { product: w.product, endsOn: w.endsOn }, now });
    if (rows.length) queued++;
  }
  return queued;
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;
let lastEndingScan = 0;

/** Starts the rounds (every MESSAGE_WORKER_SECONDS; the warranty endings once an hour); never keeps the process alive. */
export function startMessageWorker() {
  const seconds = env().MESSAGE_WORKER_SECONDS;
  if (timer || seconds === 0) return;
  const round = async () => {
    if (Date.now() - lastEndingScan > 3_600_000) {
      lastEndingScan = Date.now();
      await enqueueWarrantyEndings();
    }
    // Rounds until the due messages are out (20 at a time), then wait for the next tick.
    for (let i = 0; i < 10; i++) if ((await deliverDueMessages()).claimed < 20) break;
  };
  timer = setInterval(() => {
    if (running) return;
    running = round()
      .catch((err) => console.error(`[brand-verify] message delivery failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => (running = undefined));
  }, seconds * 1000);
  timer.unref();
  beforeDbClose(async () => {
    clearInterval(timer);
    timer = undefined;
    await running;
  });
}

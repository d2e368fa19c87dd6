import { z } from 'zod';
import { DELIVERY_CHANNELS, MESSAGE_KINDS } from '@/lib/domain/messages';

// The console's customer messages (docs/messages.md): a recall or safety notice to a batch's
// customers, and the delivery state of the brand's messages.

export const recallAudienceSchema = z.object({
  batchId: z.string(),
  batchNumber: z.string(),
  productName: z.string(),
  /** Customers who claimed or registered a unit of the batch (each counted once). */
  customers: z.number().int().min(0),
});
export type RecallAudience = z.infer<typeof recallAudienceSchema>;

export const recallBodySchema = z
  .object({
    notice: z.string().trim().min(10, 'must be at least 10 characters').max(1000),
    /** Sent only with confirm: true (the console asks again first). */
    confirm: z.literal(true, { error: 'must be true: confirm the notice to every customer of the batch' }),
  })
  .strict();

const channelCounts = z.object(Object.fromEntries(DELIVERY_CHANNELS.map((c) => [c, z.number().int().min(0)])) as Record<(typeof DELIVERY_CHANNELS)[number], z.ZodNumber>);

export const recallResultSchema = z.object({
  recallId: z.string(),
  /** Customers the notice reached (its in-app copy), and the messages queued per channel. */
  customers: z.number().int().min(0),
  queued: channelCounts,
});
export type RecallResult = z.infer<typeof recallResultSchema>;

export const deliveryProblemSchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  channel: z.enum(DELIVERY_CHANNELS),
  /** queued: waiting again; failed: given up on; undelivered: the provider accepted it, then reported it undelivered (its error in lastError). */
  state: z.enum(['queued', 'failed', 'undelivered']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});

export const deliveryStatusSchema = z.object({
  /** Waiting to go out, per channel (a provider that is down shows here). */
  queued: channelCounts,
  /** Given up on (no more attempts), per channel. */
  failed: channelCounts,
  /** Reported delivered (or read) by the provider's receipts, per channel. */
  delivered: channelCounts,
  /** Accepted by the provider, then reported undelivered by its receipt, per channel. */
  undelivered: channelCounts,
  /** When the oldest queued message was written; null when none waits. */
  oldestQueuedAt: z.string().nullable(),
  /** Messages that failed at least once (queued again or failed) or were reported undelivered, newest first, at most 50. */
  problems: z.array(deliveryProblemSchema),
});
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const retryFailedSchema = z.object({ requeued: z.number().int().min(0) });

import { z } from 'zod';

// The bodies of the delivery receipts (docs/messages.md "Delivery receipts"): WhatsApp Business
// Cloud API status callbacks, as Meta sends them (unknown fields are kept out of the way, not
// refused: Meta adds fields over time), and the SMS gateway's delivery report, whose shape is ours.

const waError = z.looseObject({
  code: z.number().int().optional(),
  title: z.string().max(500).optional(),
  message: z.string().max(1000).optional(),
  error_data: z.looseObject({ details: z.string().max(1000).optional() }).optional(),
});
const waStatus = z.looseObject({
  /** The message id the Cloud API answered when it accepted the message (wamid.…). */
  id: z.string().min(1).max(200),
  /** sent, delivered, read, failed (others are ignored). */
  status: z.string().min(1).max(40),
  /** Unix seconds. */
  timestamp: z.string().regex(/^[0-9]{1,12}$/, 'must be Unix seconds').optional(),
  recipient_id: z.string().max(40).optional(),
  errors: z.array(waError).max(10).optional(),
});
export const whatsAppCallbackSchema = z.looseObject({
  object: z.string().max(100),
  entry: z
    .array(
      z.looseObject({
        id: z.string().max(100).optional(),
        changes: z
          .array(
            z.looseObject({
              field: z.string().max(100),
              value: z.looseObject({
                metadata: z.looseObject({ phone_number_id: z.string().max(100) }).optional(),
                statuses: z.array(waStatus).max(1000).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});
export type WhatsAppCallback = z.infer<typeof whatsAppCallbackSchema>;

/** The Cloud API's subscription handshake (GET): hub.mode=subscribe, the brand's verify token, a challenge to echo. */
export const whatsAppHandshakeQuerySchema = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
});

export const smsDeliveryReportSchema = z
  .object({
    /** The `reference` the message was sent with (its idempotency key). */
    reference: z.string().min(1).max(200).optional(),
    /** The gateway's id for the message (its answer's messageId or id). */
    providerId: z.string().min(1).max(200).optional(),
    status: z.enum(['delivered', 'failed']),
    /** The carrier's or gateway's reason for a failure. */
    error: z.string().trim().min(1).max(500).optional(),
    /** When it was delivered or failed; now when left out. */
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .refine((r) => r.reference !== undefined || r.providerId !== undefined, { message: 'reference or providerId is required', path: ['reference'] });

export const receiptAnswerSchema = z.object({
  /** Receipts that moved a message forward. */
  updated: z.number().int().min(0),
  /** Receipts for a known message that changed nothing (replayed, late, or the provider's "sent"). */
  unchanged: z.number().int().min(0),
  /** Receipts that came before their message was marked sent: kept, and applied when it is. */
  pending: z.number().int().min(0),
});
export type ReceiptAnswer = z.infer<typeof receiptAnswerSchema>;

import { z } from 'zod';
import { DELIVERY_CHANNELS, MESSAGE_KINDS, PREFERENCE_KINDS } from '@/lib/domain/messages';

// GET /api/customer/messages, POST /api/customer/messages/read,
// GET/PUT /api/customer/message-preferences (docs/messages.md).

export const customerMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type CustomerMessage = z.infer<typeof customerMessageSchema>;

export const customerMessagesSchema = z.object({ messages: z.array(customerMessageSchema), unread: z.number().int().min(0) });
export type CustomerMessages = z.infer<typeof customerMessagesSchema>;

export const markReadBodySchema = z
  .object({ ids: z.array(z.string().min(1).max(40)).min(1).max(100).optional() })
  .strict();
export const markReadResponseSchema = z.object({ unread: z.number().int().min(0) });
/** GET /api/customer/messages/unread-count — the home screen's mark, without the list. */
export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });

/** Security notices (password, contact, UPI id changes) are listed too, always on (PREFERENCE_KINDS). */
export { PREFERENCE_KINDS, type PreferenceKind } from '@/lib/domain/messages';

export const messagePreferenceSchema = z.object({
  kind: z.enum(PREFERENCE_KINDS),
  channel: z.enum(DELIVERY_CHANNELS),
  enabled: z.boolean(),
  /** Cannot be turned off (recalls, security notices). */
  locked: z.boolean(),
});
export const messagePreferencesSchema = z.object({
  /** The channels this customer can be reached on at this brand. */
  channels: z.array(z.enum(DELIVERY_CHANNELS)),
  preferences: z.array(messagePreferenceSchema),
});
export type MessagePreferences = z.infer<typeof messagePreferencesSchema>;

export const setPreferencesBodySchema = z
  .object({
    preferences: z
      .array(z.object({ kind: z.enum(PREFERENCE_KINDS), channel: z.enum(DELIVERY_CHANNELS), enabled: z.boolean() }).strict())
      .min(1)
      .max(PREFERENCE_KINDS.length * DELIVERY_CHANNELS.length),
  })
  .strict();

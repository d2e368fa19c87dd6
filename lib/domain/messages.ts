// Messages to the customer after the scan (issue 31, docs/messages.md): the kinds, the channels,
// the back-off between delivery attempts. Pure: the outbox (lib/messaging/queue.ts), the API's
// schemas and the screens share it.

/** The kinds a customer chooses channels for (recall: listed, but always sent). */
export const CUSTOMER_MESSAGE_KINDS = [
  'complaint-reply',
  'complaint-status',
  'reward-earned',
  'payout-completed',
  'payout-failed',
  'warranty-registered',
  'warranty-ending',
  'recall',
] as const;

/**
 * Security notices to the account's owner (docs/security.md, "Accounts"), each its own kind so a
 * brand can register its SMS (DLT) and WhatsApp template: written with the event, in the owner's
 * language, never turned off (preferences list them together as `security`, locked).
 */
export const SECURITY_MESSAGE_KINDS = [
  'password-changed',
  'password-reset',
  'upi-changed',
  'contact-changed',
  'account-reclaimed',
  'account-reclaimed-signup',
  'signup-attempt',
] as const;
export type SecurityMessageKind = (typeof SECURITY_MESSAGE_KINDS)[number];

export const MESSAGE_KINDS = [...CUSTOMER_MESSAGE_KINDS, ...SECURITY_MESSAGE_KINDS] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const isSecurityKind = (kind: string): kind is SecurityMessageKind => (SECURITY_MESSAGE_KINDS as readonly string[]).includes(kind);

/** Channels a customer may choose; 'app' is the in-app list, always kept. */
export const DELIVERY_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export type MessageChannel = DeliveryChannel | 'app';

export const MESSAGE_STATES = ['queued', 'sent', 'failed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** A provider's delivery receipt of a sent message; read only from WhatsApp. */
export const MESSAGE_RECEIPTS = ['delivered', 'read', 'failed'] as const;
export type MessageReceipt = (typeof MESSAGE_RECEIPTS)[number];

/**
 * Whether a receipt replaces the one a message has: receipts only move forward (delivered, then
 * read; a failure after a delivery is not believed), so a replayed or late one changes nothing.
 */
export function receiptAdvances(current: MessageReceipt | null, next: MessageReceipt): boolean {
  if (current === null) return true;
  if (current === 'delivered') return next === 'read';
  return false;
}

/** The kinds a customer's preferences list: the message kinds and the security notices (always on). */
export const PREFERENCE_KINDS = [...CUSTOMER_MESSAGE_KINDS, 'security'] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

/** Kinds a customer cannot turn off (a recall or safety notice is about their safety; security notices about their account). */
export const ALWAYS_SENT_KINDS: readonly MessageKind[] = ['recall', ...SECURITY_MESSAGE_KINDS];

/**
 * The named values of each kind's text, in the order a WhatsApp template's body takes them
 * ({{1}}, {{2}}, …): a brand's approved template must use the same order.
 */
export const MESSAGE_PARAMS: Readonly<Record<MessageKind, readonly string[]>> = {
  'complaint-reply': ['brand', 'ticket', 'reply'],
  'complaint-status': ['brand', 'ticket', 'status'],
  'reward-earned': ['brand', 'reward', 'product'],
  'payout-completed': ['brand', 'amount', 'utr'],
  'payout-failed': ['brand', 'amount', 'reason'],
  'warranty-registered': ['brand', 'product', 'endsOn'],
  'warranty-ending': ['brand', 'product', 'endsOn'],
  'recall': ['brand', 'product', 'batch', 'notice'],
  'password-changed': ['brand'],
  'password-reset': ['brand'],
  'upi-changed': ['brand'],
  'contact-changed': ['brand', 'contact'],
  'account-reclaimed': ['brand'],
  'account-reclaimed-signup': ['brand'],
  'signup-attempt': ['brand'],
};

/** Attempts before a message is marked failed. */
export const MAX_ATTEMPTS = 8;

/** Seconds to wait after the n-th failed attempt (1-based): 30 s doubling, at most 6 h. */
export function retryDelaySeconds(attempt: number): number {
  const n = Math.max(1, Math.floor(attempt));
  return Math.min(30 * 2 ** (n - 1), 6 * 3600);
}

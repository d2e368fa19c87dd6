import 'server-only';
import { and, eq } from 'drizzle-orm';
import { clients, customers, messageOutbox, messagePreferences } from '@/lib/db/schema';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { ALWAYS_SENT_KINDS, isSecurityKind, type DeliveryChannel, type MessageChannel, type MessageKind, type SecurityMessageKind } from '@/lib/domain/messages';
import { randomId } from '@/lib/ids';
import { CATALOGUES } from '@/messages';
import { isLocale, translator, type Locale, type MessageKey } from '@/lib/shared/i18n';

// Enqueueing a message to a customer (issue 31, docs/messages.md). Called inside the transaction
// of the event it tells of (a brand's reply, a payout's result, a warranty's registration…), so
// the message exists exactly when the event does. It writes one row per channel the customer can
// be reached on and has not turned off, plus the in-app copy, each with its own idempotency key
// (the event's key and the channel), unique per brand: enqueueing the same event again writes
// nothing. The text is written now, in the customer's language, and kept with its values.

const KIND_TEXT: Record<Exclude<MessageKind, SecurityMessageKind>, { subject: MessageKey; text: MessageKey }> = {
  'complaint-reply': { subject: 'msg.complaintReplySubject', text: 'msg.complaintReplyText' },
  'complaint-status': { subject: 'msg.complaintStatusSubject', text: 'msg.complaintStatusText' },
  'reward-earned': { subject: 'msg.rewardEarnedSubject', text: 'msg.rewardEarnedText' },
  'payout-completed': { subject: 'msg.payoutCompletedSubject', text: 'msg.payoutCompletedText' },
  'payout-failed': { subject: 'msg.payoutFailedSubject', text: 'msg.payoutFailedText' },
  'warranty-registered': { subject: 'msg.warrantyRegisteredSubject', text: 'msg.warrantyRegisteredText' },
  'warranty-ending': { subject: 'msg.warrantyEndingSubject', text: 'msg.warrantyEndingText' },
  recall: { subject: 'msg.recallSubject', text: 'msg.recallText' },
};

/** The security notices' words (mail.*): the subject is "<brand>: <what happened>". */
const SECURITY_TEXT: Record<SecurityMessageKind, { subject: MessageKey; text: MessageKey }> = {
  'password-changed': { subject: 'mail.passwordChangedSubject', text: 'mail.passwordChangedText' },
  'password-reset': { subject: 'mail.passwordResetSubject', text: 'mail.passwordResetText' },
  'upi-changed': { subject: 'mail.upiChangedSubject', text: 'mail.upiChangedText' },
  'contact-changed': { subject: 'mail.contactChangedSubject', text: 'mail.contactChangedText' },
  'account-reclaimed': { subject: 'mail.securedSubject', text: 'mail.securedText' },
  'account-reclaimed-signup': { subject: 'mail.securedSubject', text: 'mail.securedSignupText' },
  'signup-attempt': { subject: 'mail.signupAttemptSubject', text: 'mail.signupAttemptText' },
};

/** A kind's subject and text in a language, with its values. */
export function renderMessage(kind: MessageKind, locale: Locale, params: Record<string, string>): { subject: string; body: string } {
  const t = translator(CATALOGUES[locale], CATALOGUES.en);
  if (isSecurityKind(kind)) {
    const { subject, text } = SECURITY_TEXT[kind];
    return { subject: t('mail.noticeSubject', { brand: params.brand ?? '', subject: t(subject, params) }), body: t(text, params) };
  }
  const { subject, text } = KIND_TEXT[kind];
  return { subject: t(subject, params), body: t(text, params) };
}

/** The language a customer reads: their choice when the brand offers it, else the brand's default. */
export function customerLocale(config: ReturnType<typeof brandConfigOf>, language: string | null | undefined): Locale {
  const { languages, defaultLanguage } = config.locale;
  return isLocale(language) && languages.includes(language) ? language : defaultLanguage;
}

/** A translated word for a value of a message (a complaint's status), in the customer's language. */
export function wordIn(locale: Locale, key: MessageKey): string {
  return translator(CATALOGUES[locale], CATALOGUES.en)(key);
}

export type EnqueueInput = {
  clientId: string;
  customerId: string;
  kind: MessageKind;
  /** The event's own key (e.g. the reply's message id): with the channel, the message's idempotency key. */
  eventKey: string;
  /** The kind's values except `brand` (added here); a value that depends on language may be a function of it. */
  params: Record<string, string | ((locale: Locale) => string)>;
  now?: Date;
  /**
   * Where to send it instead of the customer's contact as stored: a contact change's notice goes
   * to the contact the account had before (the row already holds the new one).
   */
  recipients?: { email: string | null; mobile: string | null };
};

/** The channels a customer with these contacts can be reached on for a kind at this brand (before preferences). */
export function reachableChannels(config: ReturnType<typeof brandConfigOf>, kind: MessageKind, locale: Locale, contact: { email: string | null; mobile: string | null }): DeliveryChannel[] {
  const out: DeliveryChannel[] = [];
  if (contact.email) out.push('email');
  if (contact.mobile) {
    // WhatsApp instead of SMS when the brand has an approved template of this kind in this language.
    const wa = config.messaging.whatsapp;
    out.push(wa && wa.templates[kind]?.[locale] ? 'whatsapp' : 'sms');
  }
  return out;
}

/**
 * Queues a kind's message to a customer on every channel they can be reached on and did not
 * turn off, plus the in-app copy. Answers the rows written (none when the event was queued before,
 * or the customer is gone).
 */
export async function enqueueCustomerMessage(tx: DbOrTx, input: EnqueueInput): Promise<{ id: string; channel: MessageChannel }[]> {
  const [row] = await tx
    .select({ email: customers.email, mobile: customers.mobile, language: customers.language, deletedAt: customers.deletedAt, config: clients.config, brand: clients.organizationName })
    .from(customers)
    .innerJoin(clients, eq(clients.id, customers.clientId))
    .where(and(eq(customers.id, input.customerId), eq(customers.clientId, input.clientId)));
  if (!row || row.deletedAt) return [];
  const config = brandConfigOf(row);
  const locale = customerLocale(config, row.language);
  const params: Record<string, string> = { brand: row.brand };
  for (const [k, v] of Object.entries(input.params)) params[k] = typeof v === 'function' ? v(locale) : v;
  const { subject, body } = renderMessage(input.kind, locale, params);
  const off = ALWAYS_SENT_KINDS.includes(input.kind)
    ? new Set<string>()
    : new Set(
        (
          await tx
            .select({ channel: messagePreferences.channel })
            .from(messagePreferences)
            .where(
              and(
                eq(messagePreferences.clientId, input.clientId),
                eq(messagePreferences.customerId, input.customerId),
                eq(messagePreferences.kind, input.kind),
                eq(messagePreferences.enabled, false),
              ),
            )
        ).map((p) => p.channel),
      );
  const now = input.now ?? new Date();
  const to = input.recipients ?? { email: row.email, mobile: row.mobile };
  const channels = reachableChannels(config, input.kind, locale, to).filter((c) => !off.has(c));
  const rows = [
    // The in-app copy is "sent" as it is written: the customer's message list reads it.
    { channel: 'app' as const, recipient: input.customerId, state: 'sent' as const, provider: 'app', sentAt: now },
    ...channels.map((channel) => ({ channel, recipient: channel === 'email' ? to.email! : to.mobile!, state: 'queued' as const, provider: null, sentAt: null })),
  ].map((r) => ({
    id: randomId('msg', 16),
    clientId: input.clientId,
    customerId: input.customerId,
    kind: input.kind,
    locale,
    params,
    subject,
    body,
    idempotencyKey: `${input.kind}:${input.eventKey}:${r.channel}`,
    nextAttemptAt: now,
    createdAt: now,
    ...r,
  }));
  return tx.insert(messageOutbox).values(rows).onConflictDoNothing().returning({ id: messageOutbox.id, channel: messageOutbox.channel });
}

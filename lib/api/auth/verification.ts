import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { ClientRow } from '@/lib/brands/find-client';
import { getDb } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import { sendMessage } from '@/lib/messaging';
import type { NoticeKind } from '@/lib/messaging/types';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { isLocale, type Locale } from '@/lib/shared/i18n';
import { contactOf, type CustomerRow } from './customers';
import { revokeAllSessions } from './sessions';

// Possession of the contact wins (docs/security.md, "Accounts"). An account made by password
// sign-up without a code is *unverified*: anyone could have typed someone else's e-mail or mobile
// number. The first time a code sent to the contact is used:
// - on a sign-in or reset by code (the contact's owner, maybe not the person who registered), the
//   account is reclaimed: its password and UPI id are removed, every session is revoked, and the
//   owner is told;
// - on the signed-in confirmation (POST /api/auth/customer/verify-contact), the session holder has
//   shown the code, so the account simply becomes verified.

/**
 * The language of a notice to the account's owner: the one kept in their profile while the brand
 * offers it, else the brand's default. Never the request's: the request may come from someone
 * else (a sign-up attempt with the owner's contact, a reclaimed account's registrant).
 */
export function ownerLocale(client: Pick<ClientRow, 'config'>, language: string | null | undefined): Locale {
  const { languages, defaultLanguage } = brandConfigOf(client).locale;
  return isLocale(language) && languages.includes(language) ? language : defaultLanguage;
}

/** Sends a security notice to the account's contact, in its owner's language; delivery failures are logged, not thrown. */
export function notifyOwner(client: ClientRow, row: Pick<CustomerRow, 'email' | 'mobile' | 'language'>, notice: NoticeKind) {
  const contact = contactOf(row);
  if (!contact) return;
  sendMessage({
    channel: contact.channel,
    to: contact.contact,
    purpose: 'NOTICE',
    notice,
    code: '',
    clientId: client.id,
    brandName: client.organizationName,
    locale: ownerLocale(client, row.language),
  }).catch((err: unknown) => console.error('[notice] delivery failed:', (err as Error).message));
}

export async function markContactVerified(clientId: string, customerId: string, now = new Date()) {
  const db = await getDb();
  await db
    .update(customers)
    .set({ contactVerifiedAt: now, updatedAt: now })
    .where(and(eq(customers.id, customerId), eq(customers.clientId, clientId), isNull(customers.contactVerifiedAt)));
}

/**
 * A code sent to the contact was just used to sign in to (or reset) this account. When the account
 * was unverified, whoever registered it loses it: password and UPI id removed, every session
 * revoked, owner told (`notice`: a sign-up with a code sets the holder's password right after,
 * so its notice says so). Returns whether it was reclaimed.
 */
export async function reclaimByCode(
  client: ClientRow,
  row: CustomerRow,
  notice: Extract<NoticeKind, 'account-reclaimed' | 'account-reclaimed-signup'> = 'account-reclaimed',
): Promise<boolean> {
  if (row.contactVerifiedAt) return false;
  const db = await getDb();
  const now = new Date();
  const won = await db
    .update(customers)
    .set({ passwordHash: null, vpa: null, contactVerifiedAt: now, updatedAt: now })
    .where(and(eq(customers.id, row.id), eq(customers.clientId, client.id), isNull(customers.contactVerifiedAt)))
    .returning({ id: customers.id });
  if (won.length === 0) return false; // verified meanwhile
  await revokeAllSessions(client.id, row.id);
  notifyOwner(client, row, notice);
  return true;
}

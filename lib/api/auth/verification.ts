import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { ClientRow } from '@/lib/brands/find-client';
import { getDb } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { enqueueCustomerMessage } from '@/lib/messaging/queue';
import type { SecurityMessageKind } from '@/lib/domain/messages';
import { randomId } from '@/lib/ids';
import type { CustomerRow } from './customers';
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
 * Queues a security notice to the account's owner through the message outbox (docs/messages.md):
 * call it with the transaction that writes the event, so the notice exists exactly when the event
 * does. It goes to every contact the account is reached on (or `recipients`: a contact change's
 * notice goes to the old contact), in the owner's language (the one kept in their profile while the brand offers it, else the
 * brand's default; never the request's, which may come from someone else),
 * with an in-app copy, whatever the owner's preferences say (security notices cannot be turned
 * off). Each event gets its own key: `<kind>:<event>:<channel>`.
 */
export async function notifyOwner(
  tx: DbOrTx,
  clientId: string,
  customerId: string,
  notice: SecurityMessageKind,
  opts: { params?: Record<string, string>; recipients?: { email: string | null; mobile: string | null }; now?: Date } = {},
) {
  await enqueueCustomerMessage(tx, { clientId, customerId, kind: notice, eventKey: randomId('sev', 16), params: opts.params ?? {}, recipients: opts.recipients, now: opts.now });
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
  notice: Extract<SecurityMessageKind, 'account-reclaimed' | 'account-reclaimed-signup'> = 'account-reclaimed',
): Promise<boolean> {
  if (row.contactVerifiedAt) return false;
  const db = await getDb();
  const now = new Date();
  // The reclaim, the sessions' end and the owner's notice are one transaction.
  return db.transaction(async (tx) => {
    const won = await tx
      .update(customers)
      .set({ passwordHash: null, vpa: null, contactVerifiedAt: now, updatedAt: now })
      .where(and(eq(customers.id, row.id), eq(customers.clientId, client.id), isNull(customers.contactVerifiedAt)))
      .returning({ id: customers.id });
    if (won.length === 0) return false; // verified meanwhile
    await revokeAllSessions(client.id, row.id, tx);
    await notifyOwner(tx, client.id, row.id, notice, { now });
    return true;
  });
}

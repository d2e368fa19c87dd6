import 'server-only';
import { and, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { getDb } from '@/lib/db/client';
import { claimDisputes, complaintMessages, complaints, customers, feedback, fileDeletions, files, journeyAnswers, messageOutbox, messagePreferences, payouts, reports, sessions } from '@/lib/db/schema';
import { fileStore } from '@/lib/files';
import { ApiError } from '@/lib/errors';

// POST /api/customer/delete-account — erases the personal data and signs out everywhere. The row
// stays (as DELETED) so claims, complaints and scans keep their reference; its e-mail and mobile
// are freed for a new registration. The reason is not stored: it could hold personal data.
//
// Erased with it, at this brand (docs/after-sales.md, "Account deletion"): every uploaded file
// (invoices, attachments, report photos: bytes in the store and in old rows, name, hash), the
// text of the customer's complaints and complaint messages, feedback comments, report text and
// location, where a disputed claim's pack was bought, answers typed into scan journeys, and the
// UPI id of payouts that are not a payment record. Kept: the UPI id of payouts paid or on their way to the bank (TRANSFER_PENDING,
// PENDING_AT_BANK, TRANSFER_COMPLETED), the record of where money was sent.

/** What erased text reads, for the brand's staff who open an old ticket. */
export const ERASED_TEXT = '[erased with the customer’s account]';

/** Payout statuses whose UPI id is kept as the record of a payment made or being made. */
export const PAYOUT_RECORD_STATUSES = ['TRANSFER_PENDING', 'PENDING_AT_BANK', 'TRANSFER_COMPLETED'] as const;

export async function deleteAccount(clientId: string, customerId: string): Promise<{ success: true }> {
  const db = await getDb();
  const now = new Date();
  const mine = (t: { clientId: AnyPgColumn; customerId: AnyPgColumn }) => and(eq(t.clientId, clientId), eq(t.customerId, customerId));
  const keys = await db.transaction(async (tx) => {
    const erased = await tx
      .update(customers)
      .set({
        userName: null,
        companyName: null,
        dob: null,
        vpa: null,
        email: null,
        mobile: null,
        passwordHash: null,
        address: null,
        gender: 'female',
        dataStatus: 'DELETED',
        deletedAt: now,
        updatedAt: now,
      })
      .where(and(eq(customers.id, customerId), eq(customers.clientId, clientId), eq(customers.dataStatus, 'ACTIVE')))
      .returning({ id: customers.id });
    if (!erased.length) throw new ApiError('unauthorized', 'Unauthorized');
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.clientId, clientId), eq(sessions.customerId, customerId)));

    // Files: the rows stay (a warranty points at its invoice) but hold nothing of the file.
    const live = and(mine(files), isNull(files.erasedAt));
    const stored = await tx.select({ key: files.storageKey }).from(files).where(and(live, isNotNull(files.storageKey))).for('update');
    const storageKeys = stored.map((s) => s.key!);
    await tx.update(files).set({ erasedAt: now, bytes: null, storageKey: null, originalName: '', sha256: '' }).where(live);
    if (storageKeys.length) await tx.insert(fileDeletions).values(storageKeys.map((storageKey) => ({ storageKey }))).onConflictDoNothing();

    await tx.update(reports).set({ description: ERASED_TEXT, lat: null, lng: null, photo: null }).where(mine(reports));
    await tx.update(claimDisputes).set({ purchase: '' }).where(mine(claimDisputes));
    const myComplaints = tx.select({ id: complaints.id }).from(complaints).where(mine(complaints));
    await tx
      .update(complaintMessages)
      .set({ body: ERASED_TEXT, authorName: null })
      .where(and(eq(complaintMessages.clientId, clientId), eq(complaintMessages.author, 'customer'), inArray(complaintMessages.complaintId, myComplaints)));
    await tx.update(complaints).set({ description: ERASED_TEXT, updatedAt: now }).where(mine(complaints));
    await tx.update(feedback).set({ comment: '' }).where(mine(feedback));
    // Messages hold the contact and the words sent (docs/messages.md): gone, queued ones unsent.
    await tx.delete(messageOutbox).where(mine(messageOutbox));
    await tx.delete(messagePreferences).where(mine(messagePreferences));
    await tx.update(journeyAnswers).set({ value: {} }).where(mine(journeyAnswers));
    await tx
      .update(payouts)
      .set({ vpa: null, failureReason: null, updatedAt: now })
      .where(and(mine(payouts), isNotNull(payouts.vpa), notInArray(payouts.status, [...PAYOUT_RECORD_STATUSES])));
    return storageKeys;
  });
  await removeErasedObjects(keys);
  return { success: true };
}

/**
 * Removes erased files from the store, with any left over from an earlier erasure whose store
 * call failed; a key leaves file_deletions only once its object is gone.
 */
export async function removeErasedObjects(keys: readonly string[] = []) {
  const db = await getDb();
  const pending = await db.select({ key: fileDeletions.storageKey }).from(fileDeletions).limit(500);
  const all = new Set([...keys, ...pending.map((p) => p.key)]);
  for (const key of all) {
    try {
      await fileStore().delete(key);
      await db.delete(fileDeletions).where(eq(fileDeletions.storageKey, key));
    } catch {
      // The store is unreachable: the key stays queued for the next erasure.
    }
  }
}

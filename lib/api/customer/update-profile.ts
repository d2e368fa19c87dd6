import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { customers, sessions } from '@/lib/db/schema';
import { findActiveCustomer, type CustomerRow } from '../auth/customers';
import { notifyOwner } from '../auth/verification';
import { requireCurrentPassword } from '../auth/failures';
import { RECENT_SIGN_IN_SECONDS, UPI_NEEDS_PASSWORD, UPI_NEEDS_SIGN_IN } from '@/lib/domain/auth-rules';
import { ApiError } from '@/lib/errors';
import { EMPTY_ADDRESS, type CustomerProfile, type updateProfileBodySchema } from '@/lib/schemas/customer';
import { toProfile } from './to-profile';

// PUT /api/customer/customer-profile — changes the fields given; address fields merge into the
// stored address. Contact (e-mail, mobile) is not changed here: it is the sign-in identity.
// A new UPI id (where cashback is paid) needs re-authentication: a sign-in in the last 10 minutes,
// or the current password; the owner is told by message (docs/security.md, "Accounts").
export async function updateProfile(
  clientId: string,
  customerId: string,
  body: z.output<typeof updateProfileBodySchema>,
  sessionId: string,
): Promise<CustomerProfile> {
  const current = await findActiveCustomer(clientId, customerId);
  if (!current) throw new ApiError('unauthorized', 'Unauthorized');
  const vpaChanges = body.vpa !== undefined && body.vpa !== current.vpa;
  if (vpaChanges) await assertReauthenticated(clientId, current, sessionId, body.currentPassword);
  const db = await getDb();
  // A new UPI id and the owner's notice of it are one transaction.
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(customers)
      .set({
        ...(body.userName !== undefined ? { userName: body.userName } : {}),
        ...(body.companyName !== undefined ? { companyName: body.companyName || null } : {}),
        ...(body.gender !== undefined ? { gender: body.gender } : {}),
        ...(body.dob !== undefined ? { dob: body.dob } : {}),
        ...(body.vpa !== undefined ? { vpa: body.vpa } : {}),
        ...(body.address !== undefined ? { address: { ...EMPTY_ADDRESS, ...(current.address ?? {}), ...body.address } } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(customers.id, customerId), eq(customers.clientId, clientId), eq(customers.dataStatus, 'ACTIVE')))
      .returning();
    if (!updated) throw new ApiError('unauthorized', 'Unauthorized');
    if (vpaChanges) await notifyOwner(tx, clientId, customerId, 'upi-changed');
    return updated;
  });
  return toProfile(row);
}

/**
 * A sensitive change (a new UPI id, a new sign-in contact) needs a sign-in in the last 10 minutes
 * or the current password (limited before it is checked, failures.ts).
 */
export async function assertReauthenticated(
  clientId: string,
  customer: CustomerRow,
  sessionId: string,
  currentPassword: string | undefined,
  messages: { needsPassword: string; needsSignIn: string } = { needsPassword: UPI_NEEDS_PASSWORD, needsSignIn: UPI_NEEDS_SIGN_IN },
) {
  if (currentPassword !== undefined && customer.passwordHash) return requireCurrentPassword(clientId, customer, currentPassword);
  const db = await getDb();
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.clientId, clientId), eq(sessions.customerId, customer.id)));
  if (session && Date.now() - session.createdAt.getTime() <= RECENT_SIGN_IN_SECONDS * 1000) return;
  throw new ApiError('forbidden', customer.passwordHash ? messages.needsPassword : messages.needsSignIn);
}

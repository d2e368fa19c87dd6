import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { customers, sessions } from '@/lib/db/schema';
import { ApiError } from '../errors';

// POST /api/customer/delete-account — erases the personal data and signs out everywhere. The row
// stays (as DELETED) so claims, complaints and scans keep their reference; its e-mail and mobile
// are freed for a new registration. The reason is not stored: it could hold personal data.
export async function deleteAccount(clientId: string, customerId: string): Promise<{ success: true }> {
  const db = await getDb();
  const now = new Date();
  await db.transaction(async (tx) => {
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
  });
  return { success: true };
}

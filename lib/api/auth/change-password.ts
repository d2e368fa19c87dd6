import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerContext } from '../route-context';
import { ApiError, fieldError } from '@/lib/errors';
import { getDb } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import { hashPassword, passwordProblem } from '@/lib/auth/password';
import { requireCurrentPassword } from './failures';
import type { changePasswordBodySchema, signedInResponseSchema } from '@/lib/schemas/auth';
import { assertPasswords, authPolicy } from './policy';
import { findActiveCustomer } from './customers';
import { revokeAllSessions } from './sessions';
import { startSession } from './cookie';
import { notifyOwner } from './verification';

// POST /api/auth/customer/change-password — signed in (the /reset-password screen). The current
// password is required when the account has one (an OTP-made account may set its first one).
// Every session is revoked, and this browser gets a fresh one; the owner is told by message.

export async function changePassword(c: CustomerContext, body: z.output<typeof changePasswordBodySchema>): Promise<z.input<typeof signedInResponseSchema>> {
  const client = c.client;
  assertPasswords(authPolicy(client));
  const { customerId } = c;
  const customer = await findActiveCustomer(client.id, customerId);
  if (!customer) throw new ApiError('unauthorized', 'Unauthorized');

  const problem = passwordProblem(body.newPassword);
  if (problem) throw fieldError('unprocessable', 'newPassword', problem);
  if (customer.passwordHash) {
    if (!body.currentPassword) throw new ApiError('unprocessable', 'currentPassword is required', undefined, 'currentPassword');
    await requireCurrentPassword(client.id, customer, body.currentPassword);
  }

  const db = await getDb();
  const passwordHash = await hashPassword(body.newPassword);
  // The change, the end of every session and the owner's notice are one transaction.
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(customers.id, customer.id), eq(customers.clientId, client.id)));
    await revokeAllSessions(client.id, customer.id, tx);
    await notifyOwner(tx, client.id, customer.id, 'password-changed');
  });
  await startSession(c, customer.id);
  return { customerId: customer.id, isNewCustomer: false };
}

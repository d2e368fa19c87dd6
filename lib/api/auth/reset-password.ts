import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { BrandContext } from '../route-context';
import { ApiError, fieldError } from '@/lib/errors';
import { getDb } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import { hashPassword, passwordProblem } from '@/lib/auth/password';
import type { resetPasswordBodySchema } from '@/lib/schemas/auth';
import { assertChannel, assertPasswords, authPolicy } from './policy';
import { findCustomerByContact } from './customers';
import { INVALID_OTP_MESSAGE, requireOtp } from './otp-check';
import { revokeAllSessions } from './sessions';
import { notifyOwner, reclaimByCode } from './verification';

// POST /api/auth/customer/forgot-password/reset — a FORGOT PASSWORD code sets a new password
// and signs the account out everywhere (every session revoked). It does not sign in. The code
// proves the contact, so an unverified account is reclaimed first (verification.ts); the owner
// is told either way.

export async function resetPassword(c: BrandContext, body: z.output<typeof resetPasswordBodySchema>): Promise<{ success: true }> {
  const client = c.client;
  const policy = authPolicy(client);
  assertPasswords(policy);
  assertChannel(policy, body.channel);
  const problem = passwordProblem(body.password);
  if (problem) throw fieldError('unprocessable', 'password', problem);

  await requireOtp({ clientId: client.id, purpose: 'FORGOT PASSWORD', channel: body.channel, target: body.contact }, body.otp, c);
  const customer = await findCustomerByContact(client.id, body.channel, body.contact);
  if (!customer) throw new ApiError('bad_request', INVALID_OTP_MESSAGE); // codes only reach existing accounts

  const reclaimed = await reclaimByCode(client, customer);
  const db = await getDb();
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(customers.id, customer.id), eq(customers.clientId, client.id)));
    await revokeAllSessions(client.id, customer.id, tx);
    if (!reclaimed) await notifyOwner(tx, client.id, customer.id, 'password-reset');
  });
  return { success: true };
}

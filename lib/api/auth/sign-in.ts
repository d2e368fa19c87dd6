import 'server-only';
import type { z } from 'zod';
import type { BrandContext } from '../route-context';
import { ApiError } from '@/lib/errors';
import type { RateLimit } from '../rate-limit';
import { reserveAttempt } from '../attempts';
import { hashPassword, needsRehash, verifyPassword } from '@/lib/auth/password';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import type { loginBodySchema, signedInResponseSchema } from '@/lib/schemas/auth';
import { assertChannel, assertPasswords, authPolicy } from './policy';
import { findCustomerByContact } from './customers';
import { startSession } from './cookie';
import { clearFailures, passwordStreak } from './failures';

// POST /api/auth/customer/web/login — password sign-in. A wrong password and an unknown account
// get the same 400 (not 401: the web client treats 401 as "sign out and reload") after the
// same work (one password hash). Failures are limited per contact and per address, and at most
// 100 in a row per contact before a code must prove it (failures.ts). Each guess takes its place
// in all three before the password is checked (attempts.ts), so guesses sent together cannot pass
// a limit; a right password gives its places back.

export const BAD_CREDENTIALS = 'Incorrect email/mobile number or password.';

const TARGET_LIMIT: RateLimit = { limit: 10, windowSeconds: 900, message: 'Too many failed sign-in attempts. Please try again in 15 minutes or reset your password.' };
const IP_LIMIT: RateLimit = { limit: 50, windowSeconds: 900, message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' };

export async function signIn(c: BrandContext, body: z.output<typeof loginBodySchema>): Promise<z.input<typeof signedInResponseSchema>> {
  const client = c.client;
  const policy = authPolicy(client);
  assertPasswords(policy);
  assertChannel(policy, body.channel);

  const targetKey = `login-fail:target:${client.id}:${body.channel}:${body.contact}`;
  const ipKey = `login-fail:ip:${client.id}:${c.address}`;
  const attempt = await reserveAttempt([
    { key: targetKey, window: TARGET_LIMIT },
    { key: ipKey, window: IP_LIMIT },
    passwordStreak(client.id, body.channel, body.contact),
  ]);

  const customer = await findCustomerByContact(client.id, body.channel, body.contact);
  const ok = await verifyPassword(body.password, customer?.passwordHash);
  if (!customer || !ok) throw new ApiError('bad_request', BAD_CREDENTIALS); // its places stay taken: a failure
  await attempt.release();
  await clearFailures(client.id, body.channel, body.contact);
  if (needsRehash(customer.passwordHash)) {
    // Made at an older, lower cost: store it again at today's (only when it has not changed meanwhile).
    const db = await getDb();
    await db
      .update(customers)
      .set({ passwordHash: await hashPassword(body.password) })
      .where(and(eq(customers.id, customer.id), eq(customers.clientId, client.id), eq(customers.passwordHash, customer.passwordHash!)));
  }
  await startSession(c, customer.id);
  return { customerId: customer.id, isNewCustomer: false };
}

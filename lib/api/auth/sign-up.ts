import 'server-only';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { clientIp } from '../context';
import { ApiError } from '../errors';
import { hitRateLimit, type RateLimit } from '../rate-limit';
import { hashPassword, passwordProblem } from '@/lib/auth/password';
import { sessionSecret } from '@/lib/auth/keys';
import { randomId } from '@/lib/ids';
import type { signedInResponseSchema, signupBodySchema } from '@/lib/schemas/auth';
import { sealSessionId, serializeSessionCookie, sessionTtlSeconds } from '@/lib/session-cookie';
import { assertChannel, authPolicy } from './policy';
import { accountExists, createCustomer, findCustomerByContact } from './customers';
import { requireOtp } from './otp-check';
import { sessionCookieAttributesFor, setKnownDevice, startSession } from './cookie';
import { notifyOwner, reclaimByCode } from './verification';
import { getDb } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import { and, eq } from 'drizzle-orm';

// POST /api/auth/customer/web/signup — creates the account and signs it in.
// password: required, except under the no-password flow where it is refused.
// otp (a SIGNUP code): required when the brand requires registration OTP or has no passwords;
//   it is checked before the "account exists" answer, so only the contact's owner learns that.
//   A code for the contact of an *unverified* account reclaims it for the code's holder.
// Without a code (isRegistartionOtpEnabled off) the account is made *unverified* (docs/security.md,
//   "Accounts"): password sign-in works for verify and scan, but profile, rewards, payouts and UPI
//   wait for a code sent to the contact. A contact that already has an account gets the same 201
//   after the same work (one password hash), with a session that leads nowhere, and its owner is
//   told by message; so sign-up does not tell who has an account. Limited per address and contact.
// userName: required when the brand takes user names (is_UserName_Intake_Enabled), else ignored.

const invalid = (field: string, message: string) => new ApiError('unprocessable', `${field}: ${message}`);

export const SIGNUP_IP_LIMIT: RateLimit = { limit: 20, windowSeconds: 3600, message: 'Too many sign-ups from this network. Please try again later.' };
export const SIGNUP_CONTACT_LIMIT: RateLimit = { limit: 5, windowSeconds: 3600, message: 'Too many sign-ups for this contact. Please try again later.' };

export async function signUp(c: AppContext, body: z.output<typeof signupBodySchema>): Promise<z.input<typeof signedInResponseSchema>> {
  const client = c.var.client;
  const policy = authPolicy(client);
  assertChannel(policy, body.channel);

  if (policy.noPassword && body.password !== undefined) throw invalid('password', 'this brand signs in without a password');
  if (!policy.noPassword) {
    if (body.password === undefined) throw new ApiError('unprocessable', 'password is required');
    const problem = passwordProblem(body.password);
    if (problem) throw invalid('password', problem);
  }
  if (policy.userNameIntake && !body.userName) throw new ApiError('unprocessable', 'userName is required');
  if (policy.signupOtp && !body.otp) throw new ApiError('unprocessable', 'otp is required');

  await hitRateLimit(`signup:ip:${client.id}:${clientIp(c)}`, SIGNUP_IP_LIMIT);
  await hitRateLimit(`signup:contact:${client.id}:${body.channel}:${body.contact}`, SIGNUP_CONTACT_LIMIT);

  const passwordHash = body.password !== undefined && !policy.noPassword ? await hashPassword(body.password) : null;
  const userName = policy.userNameIntake ? (body.userName ?? null) : null;

  if (policy.signupOtp) {
    await requireOtp({ clientId: client.id, purpose: 'SIGNUP', channel: body.channel, target: body.contact }, body.otp!, c);
    const existing = await findCustomerByContact(client.id, body.channel, body.contact);
    if (existing) {
      // The code's holder owns the contact: an unverified account becomes theirs, with this password.
      if (!(await reclaimByCode(client, existing))) throw accountExists(body.channel);
      const db = await getDb();
      await db
        .update(customers)
        .set({ passwordHash, ...(userName ? { userName } : {}), updatedAt: new Date() })
        .where(and(eq(customers.id, existing.id), eq(customers.clientId, client.id)));
      await startSession(c, existing.id);
      return { customerId: existing.id, isNewCustomer: false };
    }
    const customer = await createCustomer(client.id, { channel: body.channel, contact: body.contact, passwordHash, userName, verified: true });
    await startSession(c, customer.id);
    return { customerId: customer.id, isNewCustomer: true };
  }

  const existing = await findCustomerByContact(client.id, body.channel, body.contact);
  if (existing) return decoy(c, existing);
  let customer;
  try {
    customer = await createCustomer(client.id, { channel: body.channel, contact: body.contact, passwordHash, userName, verified: false });
  } catch (err) {
    // Created by a concurrent request: answer as for any known contact.
    const raced = err instanceof ApiError && err.code === 'conflict' ? await findCustomerByContact(client.id, body.channel, body.contact) : undefined;
    if (raced) return decoy(c, raced);
    throw err;
  }
  await startSession(c, customer.id);
  return { customerId: customer.id, isNewCustomer: true };
}

/** The answer of a new account, for a contact that has one: a cookie of no session, and a notice to the owner. */
async function decoy(c: AppContext, existing: Parameters<typeof notifyOwner>[1]): Promise<{ customerId: string; isNewCustomer: true }> {
  notifyOwner(c.var.client, existing, 'signup-attempt');
  const sealed = await sealSessionId(randomId('ses', 32), sessionSecret());
  const customerId = randomId('cus');
  c.header('Set-Cookie', serializeSessionCookie(sealed, sessionCookieAttributesFor(c), sessionTtlSeconds()), { append: true });
  setKnownDevice(c, customerId); // the same cookies as a real sign-up
  return { customerId, isNewCustomer: true };
}

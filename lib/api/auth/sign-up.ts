import 'server-only';
import type { z } from 'zod';
import type { BrandContext } from '../route-context';
import { ApiError, fieldError } from '@/lib/errors';
import { hitRateLimit, type RateLimit } from '../rate-limit';
import { hashPassword, passwordProblem, verifyPassword } from '@/lib/auth/password';
import { issueOtp, OTP_TTL_SECONDS } from '@/lib/auth/otp';
import { sendMessage } from '@/lib/messaging';
import { requestLocale } from '../request-locale';
import type { sendOtpResponseSchema, signedInResponseSchema, signupBodySchema } from '@/lib/schemas/auth';
import { assertChannel, authPolicy } from './policy';
import { accountExists, createCustomer, findCustomerByContact } from './customers';
import { requireOtp } from './otp-check';
import { startSession } from './cookie';
import { maskContact, RESEND_AFTER_SECONDS } from './send-otp';
import { markContactVerified, notifyOwner, reclaimByCode } from './verification';
import { getDb } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import { and, eq } from 'drizzle-orm';

// POST /api/auth/customer/web/signup — creates the account.
// password: required, except under the no-password flow where it is refused.
// otp (a SIGNUP code): required when the brand requires registration OTP or has no passwords;
//   it is checked before the "account exists" answer, so only the contact's owner learns that.
//   A code for the contact of an *unverified* account confirms it: for the person finishing their
//   own sign-up (same password) it simply becomes verified; otherwise the code's holder reclaims
//   it (verification.ts) with the password given here. With a code, the answer signs in.
// Without a code (isRegistartionOtpEnabled off) nobody is signed in (docs/security.md, "Accounts"):
//   the answer is 201 "we sent a code" for every contact, after the same work (one password hash,
//   one code stored). A new contact gets an *unverified* account with this password and a SIGNUP
//   code; the browser sends that code back here (with the password again) to confirm the contact
//   and sign in. A contact that already has an account gets no code: its owner is told by message
//   instead. So sign-up does not tell who has an account. Whoever skips the code can still sign in
//   by password to an unverified account (verify and scan, nothing more until it is confirmed).
//   Limited per address and contact.
// userName: required when the brand takes user names (is_UserName_Intake_Enabled), else ignored.

const invalid = (field: string, message: string) => fieldError('unprocessable', field, message);

export const SIGNUP_IP_LIMIT: RateLimit = { limit: 20, windowSeconds: 3600, message: 'Too many sign-ups from this network. Please try again later.' };
export const SIGNUP_CONTACT_LIMIT: RateLimit = { limit: 5, windowSeconds: 3600, message: 'Too many sign-ups for this contact. Please try again later.' };

type SignUpAnswer = z.input<typeof signedInResponseSchema> | z.input<typeof sendOtpResponseSchema>;

export async function signUp(c: BrandContext, body: z.output<typeof signupBodySchema>): Promise<SignUpAnswer> {
  const client = c.client;
  const policy = authPolicy(client);
  assertChannel(policy, body.channel);

  if (policy.noPassword && body.password !== undefined) throw invalid('password', 'this brand signs in without a password');
  if (!policy.noPassword) {
    if (body.password === undefined) throw new ApiError('unprocessable', 'password is required', undefined, 'password');
    const problem = passwordProblem(body.password);
    if (problem) throw invalid('password', problem);
  }
  if (policy.userNameIntake && !body.userName) throw new ApiError('unprocessable', 'userName is required', undefined, 'userName');
  if (policy.signupOtp && !body.otp) throw new ApiError('unprocessable', 'otp is required', undefined, 'otp');

  // Confirming a code-less sign-up is bounded by the code's own limits (otp-check.ts), not these.
  if (!body.otp || policy.signupOtp) {
    await hitRateLimit(`signup:ip:${client.id}:${c.address}`, SIGNUP_IP_LIMIT);
    await hitRateLimit(`signup:contact:${client.id}:${body.channel}:${body.contact}`, SIGNUP_CONTACT_LIMIT);
  }

  const passwordHash = body.password !== undefined && !policy.noPassword ? await hashPassword(body.password) : null;
  const userName = policy.userNameIntake ? (body.userName ?? null) : null;

  if (body.otp) {
    await requireOtp({ clientId: client.id, purpose: 'SIGNUP', channel: body.channel, target: body.contact }, body.otp, c);
    const existing = await findCustomerByContact(client.id, body.channel, body.contact);
    if (existing) {
      if (existing.contactVerifiedAt) throw accountExists(body.channel);
      const db = await getDb();
      const where = and(eq(customers.id, existing.id), eq(customers.clientId, client.id));
      if (body.password !== undefined && (await verifyPassword(body.password, existing.passwordHash))) {
        // The person who signed up without a code finishes: the contact is theirs, nothing to take away.
        await markContactVerified(client.id, existing.id);
        if (userName) await db.update(customers).set({ userName, updatedAt: new Date() }).where(where);
        await startSession(c, existing.id);
        return { customerId: existing.id, isNewCustomer: true };
      }
      // The code's holder owns the contact: an unverified account becomes theirs, with this password.
      if (!(await reclaimByCode(client, existing, passwordHash ? 'account-reclaimed-signup' : 'account-reclaimed'))) throw accountExists(body.channel);
      await db
        .update(customers)
        .set({ passwordHash, ...(userName ? { userName } : {}), updatedAt: new Date() })
        .where(where);
      await startSession(c, existing.id);
      return { customerId: existing.id, isNewCustomer: false };
    }
    const customer = await createCustomer(client.id, { channel: body.channel, contact: body.contact, passwordHash, userName, verified: true });
    await startSession(c, customer.id);
    return { customerId: customer.id, isNewCustomer: true };
  }

  let existing = await findCustomerByContact(client.id, body.channel, body.contact);
  if (!existing) {
    try {
      await createCustomer(client.id, { channel: body.channel, contact: body.contact, passwordHash, userName, verified: false });
    } catch (err) {
      // Created by a concurrent request: answer as for any known contact.
      existing = err instanceof ApiError && err.code === 'conflict' ? await findCustomerByContact(client.id, body.channel, body.contact) : undefined;
      if (!existing) throw err;
    }
  }
  const { code } = await issueOtp({ clientId: client.id, purpose: 'SIGNUP', channel: body.channel, target: body.contact });
  if (existing) await notifyOwner(await getDb(), client.id, existing.id, 'signup-attempt');
  else {
    sendMessage({ channel: body.channel, to: body.contact, purpose: 'SIGNUP', code, clientId: client.id, brandName: client.organizationName, locale: requestLocale(c) }).catch(
      (err: unknown) => console.error('[otp] delivery failed:', (err as Error).message),
    );
  }
  return {
    sent: true,
    channel: body.channel,
    maskedContact: maskContact(body.channel, body.contact),
    expiresInSeconds: OTP_TTL_SECONDS,
    resendAfterSeconds: RESEND_AFTER_SECONDS,
  };
}

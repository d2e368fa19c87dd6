import 'server-only';
import type { z } from 'zod';
import type { BrandContext } from '../route-context';
import { ApiError } from '@/lib/errors';
import type { signedInResponseSchema, verifyOtpBodySchema } from '@/lib/schemas/auth';
import { assertChannel, assertOtpMode, authPolicy } from './policy';
import { createCustomer, findCustomerByContact } from './customers';
import { INVALID_OTP_MESSAGE, requireOtp } from './otp-check';
import { startSession } from './cookie';
import { reclaimByCode } from './verification';

// POST /api/auth/customer/otp/verify — OTP sign-in. LOGIN signs in an existing account; SIGNUP
// OR LOGIN also creates the account when the contact is new (userName used then, when the
// brand takes user names). The code must have been sent for the same mode. The code proves the
// contact: an unverified account is reclaimed from whoever registered it (verification.ts).

export async function verifyOtp(c: BrandContext, body: z.output<typeof verifyOtpBodySchema>): Promise<z.input<typeof signedInResponseSchema>> {
  const client = c.client;
  const policy = authPolicy(client);
  assertChannel(policy, body.channel);
  assertOtpMode(policy, body.mode);

  await requireOtp({ clientId: client.id, purpose: body.mode, channel: body.channel, target: body.contact }, body.otp, c);
  const existing = await findCustomerByContact(client.id, body.channel, body.contact);
  if (existing) {
    await reclaimByCode(client, existing);
    await startSession(c, existing.id);
    return { customerId: existing.id, isNewCustomer: false };
  }
  // LOGIN codes are only delivered to existing accounts; this is an account deleted meanwhile.
  if (body.mode === 'LOGIN') throw new ApiError('bad_request', INVALID_OTP_MESSAGE);
  const created = await createCustomer(client.id, {
    channel: body.channel,
    contact: body.contact,
    passwordHash: null,
    verified: true,
    userName: policy.userNameIntake ? (body.userName ?? null) : null,
  });
  await startSession(c, created.id);
  return { customerId: created.id, isNewCustomer: true };
}

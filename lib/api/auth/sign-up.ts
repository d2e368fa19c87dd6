import 'server-only';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { hashPassword, passwordProblem } from '@/lib/auth/password';
import type { signedInResponseSchema, signupBodySchema } from '@/lib/schemas/auth';
import { assertChannel, authPolicy } from './policy';
import { accountExists, createCustomer, findCustomerByContact } from './customers';
import { requireOtp } from './otp-check';
import { startSession } from './cookie';

// POST /api/auth/customer/web/signup — creates the account and signs it in.
// password: required, except under the no-password flow where it is refused.
// otp (a SIGNUP code): required when the brand requires registration OTP or has no passwords;
//   it is checked before the "account exists" answer, so only the contact's owner learns that.
// userName: required when the brand takes user names (is_UserName_Intake_Enabled), else ignored.

const invalid = (field: string, message: string) => new ApiError('unprocessable', `${field}: ${message}`);

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

  if (policy.signupOtp) {
    await requireOtp({ clientId: client.id, purpose: 'SIGNUP', channel: body.channel, target: body.contact }, body.otp!);
  }
  if (await findCustomerByContact(client.id, body.channel, body.contact)) throw accountExists(body.channel);

  const customer = await createCustomer(client.id, {
    channel: body.channel,
    contact: body.contact,
    passwordHash: body.password !== undefined && !policy.noPassword ? await hashPassword(body.password) : null,
    userName: policy.userNameIntake ? (body.userName ?? null) : null,
  });
  await startSession(c, customer.id);
  return { customerId: customer.id, isNewCustomer: true };
}

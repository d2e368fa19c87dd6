import 'server-only';
import { requestLocale } from '../request-locale';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../context';
import type { CustomerContext } from '../route-context';
import { ApiError } from '@/lib/errors';
import { hitRateLimit } from '../rate-limit';
import { issueOtp, OTP_TTL_SECONDS } from '@/lib/auth/otp';
import { sendMessage } from '@/lib/messaging';
import type { contactStatusResponseSchema, sendOtpResponseSchema, verifyContactBodySchema } from '@/lib/schemas/auth';
import { contactOf, findActiveCustomer } from './customers';
import { requireOtp } from './otp-check';
import { accountSubject } from './failures';
import { maskContact, RESEND_AFTER_SECONDS } from './send-otp';
import { markContactVerified } from './verification';
import { UNAUTHORIZED } from './require-customer';

// The signed-in confirmation of an account's contact (docs/security.md, "Accounts"):
//   GET  /api/auth/customer/contact-status        → { contactVerified, channel, maskedContact }
//   POST /api/auth/customer/verify-contact/send   → a VERIFY code to the account's own contact
//   POST /api/auth/customer/verify-contact        → { otp }: the contact is verified
// and the guard of the routes an unverified account may not use (changing the profile or UPI id,
// rewards, payouts; reading the profile shows sign-up's fields only, customer/get-profile.ts).

export const VERIFICATION_REQUIRED =
  'Confirm your e-mail address or mobile number first: we send a code to it. Your profile, UPI id, rewards and payouts open once it is confirmed.';

async function signedInCustomer(c: Pick<CustomerContext, 'clientId' | 'customerId'>) {
  const row = await findActiveCustomer(c.clientId, c.customerId);
  if (!row) throw new ApiError('unauthorized', UNAUTHORIZED);
  return row;
}

export async function contactStatus(c: CustomerContext): Promise<z.input<typeof contactStatusResponseSchema>> {
  const row = await signedInCustomer(c);
  const contact = contactOf(row);
  return {
    contactVerified: row.contactVerifiedAt !== null,
    channel: contact?.channel ?? null,
    maskedContact: contact ? maskContact(contact.channel, contact.contact) : null,
  };
}

export async function sendVerifyCode(c: CustomerContext): Promise<z.input<typeof sendOtpResponseSchema>> {
  const client = c.client;
  const row = await signedInCustomer(c);
  const contact = contactOf(row);
  if (row.contactVerifiedAt) throw new ApiError('conflict', 'Your contact is already confirmed.');
  if (!contact) throw new ApiError('bad_request', 'This account has no e-mail address or mobile number to confirm.');
  await hitRateLimit(`otp-send:ip:${client.id}:${c.address}`, { limit: 30, windowSeconds: 3600 });
  await hitRateLimit(`verify-send:${client.id}:${row.id}`, {
    limit: 1,
    windowSeconds: RESEND_AFTER_SECONDS,
    message: `Please wait ${RESEND_AFTER_SECONDS} seconds before asking for another code.`,
  });
  await hitRateLimit(`verify-send:hour:${client.id}:${row.id}`, {
    limit: 5,
    windowSeconds: 3600,
    message: 'Too many codes were sent to this contact. Please try again later.',
  });
  const { code } = await issueOtp({ clientId: client.id, purpose: 'VERIFY', channel: contact.channel, target: contact.contact });
  sendMessage({ channel: contact.channel, to: contact.contact, purpose: 'VERIFY', code, clientId: client.id, brandName: client.organizationName, locale: requestLocale(c, row.language) }).catch(
    (err: unknown) => console.error('[otp] delivery failed:', (err as Error).message),
  );
  return {
    sent: true,
    channel: contact.channel,
    maskedContact: maskContact(contact.channel, contact.contact),
    expiresInSeconds: OTP_TTL_SECONDS,
    resendAfterSeconds: RESEND_AFTER_SECONDS,
  };
}

export async function confirmContact(c: CustomerContext, body: z.output<typeof verifyContactBodySchema>): Promise<{ success: true }> {
  const row = await signedInCustomer(c);
  const contact = contactOf(row);
  if (row.contactVerifiedAt) return { success: true };
  if (!contact) throw new ApiError('bad_request', 'This account has no e-mail address or mobile number to confirm.');
  // Wrong codes here count against this account, not the contact (failures.ts).
  await requireOtp({ clientId: c.clientId, purpose: 'VERIFY', channel: contact.channel, target: contact.contact }, body.otp, c, accountSubject(row.id));
  await markContactVerified(c.clientId, row.id);
  return { success: true };
}

/** After requireCustomer: 403 until the account's contact is verified. */
export const requireVerifiedContact: MiddlewareHandler<AppEnv> = async (c, next) => {
  const row = await signedInCustomer({ clientId: c.var.client.id, customerId: c.var.auth.customerId });
  if (!row.contactVerifiedAt) throw new ApiError('forbidden', VERIFICATION_REQUIRED);
  await next();
};

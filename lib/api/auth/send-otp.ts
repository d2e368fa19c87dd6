import 'server-only';
import type { z } from 'zod';
import type { BrandContext } from '../route-context';
import { hitRateLimit } from '../rate-limit';
import { issueOtp, OTP_TTL_SECONDS } from '@/lib/auth/otp';
import { sendMessage } from '@/lib/messaging';
import { requestLocale } from '../request-locale';
import type { sendOtpBodySchema, sendOtpResponseSchema } from '@/lib/schemas/auth';
import { assertChannel, assertOtpMode, authPolicy } from './policy';
import { findCustomerByContact } from './customers';
import { isKnownDevice } from './cookie';

// POST /api/auth/customer/otp/send — a code for one of the four modes. The answer is the same
// whether or not an account exists: a code is always made and stored (same work, same time),
// but for LOGIN and FORGOT PASSWORD it is only delivered to an existing account. Delivery runs
// after the answer (its failures are logged), so a slow provider does not tell either.

export const RESEND_AFTER_SECONDS = 30;
const TOO_MANY_CODES = 'Too many codes were sent to this contact. Please try again later.';

export function maskContact(channel: 'email' | 'mobile', contact: string): string {
  if (channel === 'mobile') return `${contact.slice(0, 3)}${'*'.repeat(Math.max(0, contact.length - 7))}${contact.slice(-4)}`;
  const [local = '', domain = ''] = contact.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain}`;
}

export async function sendOtp(c: BrandContext, body: z.output<typeof sendOtpBodySchema>): Promise<z.input<typeof sendOtpResponseSchema>> {
  const client = c.client;
  const policy = authPolicy(client);
  assertChannel(policy, body.channel);
  assertOtpMode(policy, body.mode);

  // Limits per requester, so that no one can spend a contact's codes and keep its owner out:
  // an address may ask 30 codes an hour, 5 of them for one contact, one per 30 s per mode. All
  // requesters together get 10 an hour for one contact (no SMS flood), but a browser that signed
  // in to the account before is still served then (docs/security.md, "Accounts").
  const target = `${client.id}:${body.channel}:${body.contact}`;
  const ip = c.address;
  await hitRateLimit(`otp-send:ip:${client.id}:${ip}`, { limit: 30, windowSeconds: 3600 });
  await hitRateLimit(`otp-send:resend:${body.mode}:${ip}:${target}`, {
    limit: 1,
    windowSeconds: RESEND_AFTER_SECONDS,
    message: `Please wait ${RESEND_AFTER_SECONDS} seconds before asking for another code.`,
  });
  await hitRateLimit(`otp-send:ip-target:${ip}:${target}`, { limit: 5, windowSeconds: 3600, message: TOO_MANY_CODES });
  const account = await findCustomerByContact(client.id, body.channel, body.contact);
  const perContact = hitRateLimit(`otp-send:target:${target}`, { limit: 10, windowSeconds: 3600, message: TOO_MANY_CODES });
  await perContact.catch((err: unknown) => {
    if (!isKnownDevice(c, account)) throw err;
  });

  const otpTarget = { clientId: client.id, purpose: body.mode, channel: body.channel, target: body.contact };
  const { code } = await issueOtp(otpTarget);
  const needsAccount = body.mode === 'LOGIN' || body.mode === 'FORGOT PASSWORD';
  const deliver = !needsAccount || account !== undefined;
  if (deliver) {
    sendMessage({ channel: body.channel, to: body.contact, purpose: body.mode, code, clientId: client.id, brandName: client.organizationName, locale: requestLocale(c, account?.language) }).catch(
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

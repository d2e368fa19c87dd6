import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerContext } from '../route-context';
import { ApiError, fieldError } from '@/lib/errors';
import { hitRateLimit } from '../rate-limit';
import { issueOtp, OTP_TTL_SECONDS, type OtpTarget } from '@/lib/auth/otp';
import { sendMessage } from '@/lib/messaging';
import { getDb } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import type { Channel, changeContactBodySchema, changeContactSendBodySchema, changeContactResponseSchema, sendOtpResponseSchema } from '@/lib/schemas/auth';
import { requestLocale } from '../request-locale';
import { assertReauthenticated } from '../customer/update-profile';
import { assertChannel, authPolicy } from './policy';
import { contactOf, findActiveCustomer, findCustomerByContact, type CustomerRow } from './customers';
import { requireOtp } from './otp-check';
import { accountSubject } from './failures';
import { maskContact, RESEND_AFTER_SECONDS } from './send-otp';
import { revokeAllSessions } from './sessions';
import { startSession } from './cookie';
import { notifyOwner } from './verification';
import { UNAUTHORIZED } from './require-customer';

// Changing the e-mail address or mobile number a customer signs in with (docs/security.md,
// "Changing the sign-in contact"), with a code sent to the NEW one:
//   POST /api/auth/customer/change-contact/send  { channel, contact, currentPassword? }
//   POST /api/auth/customer/change-contact       { channel, contact, otp }
// The request needs a sign-in in the last 10 minutes or the current password (as a new UPI id).
// A contact another customer of this brand signs in with is refused (409); another brand's
// customers do not count. Codes are limited as the other sends (per address, per account, per
// new contact, in the database) and checked with the OTP rules (10 minutes, single use, five
// tries, wrong ones counted against this account). The code is bound to the account: it is
// stored for `<customer id>:<new contact>`. Once it is confirmed the new contact replaces the old
// one (confirmed now), every session ends and this browser gets a new one, and the old contact
// receives a security notice through the outbox, in the same transaction.

export const CHANGE_CONTACT_PURPOSE = 'CHANGE-CONTACT';

// Server-side only (not in lib/domain/auth-rules.ts, which the browser's forms load).
export const CONTACT_NEEDS_PASSWORD = 'Enter your current password to change your e-mail address or mobile number.';
export const CONTACT_NEEDS_SIGN_IN = 'To change your e-mail address or mobile number, sign out and sign in again: your last sign-in was more than 10 minutes ago.';

const TOO_MANY_CODES = 'Too many codes were sent to this contact. Please try again later.';

const taken = (channel: Channel) =>
  new ApiError('conflict', channel === 'email' ? 'This e-mail address is already used by another account. Choose another one.' : 'This mobile number is already used by another account. Choose another one.', undefined, 'contact');

function codeTarget(clientId: string, customerId: string, channel: Channel, contact: string): OtpTarget {
  return { clientId, purpose: CHANGE_CONTACT_PURPOSE, channel, target: `${customerId}:${contact}` };
}

async function signedIn(c: CustomerContext): Promise<CustomerRow> {
  const row = await findActiveCustomer(c.clientId, c.customerId);
  if (!row) throw new ApiError('unauthorized', UNAUTHORIZED);
  return row;
}

/** The new contact must be the brand's allowed channel, not the account's own, not another customer's. */
async function assertFree(c: CustomerContext, row: CustomerRow, channel: Channel, contact: string) {
  assertChannel(authPolicy(c.client), channel);
  if ((channel === 'email' ? row.email : row.mobile) === contact) {
    throw fieldError('unprocessable', 'contact', channel === 'email' ? 'this is already your e-mail address' : 'this is already your mobile number');
  }
  const other = await findCustomerByContact(c.clientId, channel, contact);
  if (other && other.id !== row.id) throw taken(channel);
}

export async function sendChangeContactCode(c: CustomerContext, body: z.output<typeof changeContactSendBodySchema>): Promise<z.input<typeof sendOtpResponseSchema>> {
  const client = c.client;
  const row = await signedIn(c);
  await assertReauthenticated(client.id, row, c.sessionId, body.currentPassword, { needsPassword: CONTACT_NEEDS_PASSWORD, needsSignIn: CONTACT_NEEDS_SIGN_IN });
  await assertFree(c, row, body.channel, body.contact);
  await hitRateLimit(`otp-send:ip:${client.id}:${c.address}`, { limit: 30, windowSeconds: 3600 });
  await hitRateLimit(`change-contact-send:${client.id}:${row.id}`, {
    limit: 1,
    windowSeconds: RESEND_AFTER_SECONDS,
    message: `Please wait ${RESEND_AFTER_SECONDS} seconds before asking for another code.`,
  });
  await hitRateLimit(`change-contact-send:hour:${client.id}:${row.id}`, { limit: 5, windowSeconds: 3600, message: 'Too many codes were asked for. Please try again later.' });
  // All requesters together, as the sign-in codes: nobody floods a contact with codes.
  await hitRateLimit(`otp-send:target:${client.id}:${body.channel}:${body.contact}`, { limit: 10, windowSeconds: 3600, message: TOO_MANY_CODES });
  const { code } = await issueOtp(codeTarget(client.id, row.id, body.channel, body.contact));
  sendMessage({
    channel: body.channel,
    to: body.contact,
    purpose: CHANGE_CONTACT_PURPOSE,
    code,
    clientId: client.id,
    brandName: client.organizationName,
    locale: requestLocale(c, row.language),
  }).catch((err: unknown) => console.error('[otp] delivery failed:', (err as Error).message));
  return {
    sent: true,
    channel: body.channel,
    maskedContact: maskContact(body.channel, body.contact),
    expiresInSeconds: OTP_TTL_SECONDS,
    resendAfterSeconds: RESEND_AFTER_SECONDS,
  };
}

export async function changeContact(c: CustomerContext, body: z.output<typeof changeContactBodySchema>): Promise<z.input<typeof changeContactResponseSchema>> {
  const client = c.client;
  const row = await signedIn(c);
  await assertFree(c, row, body.channel, body.contact);
  // Wrong codes here count against this account, not the new contact (failures.ts).
  await requireOtp(codeTarget(client.id, row.id, body.channel, body.contact), body.otp, c, accountSubject(row.id));

  const old = contactOf(row);
  const now = new Date();
  const set: Partial<typeof customers.$inferInsert> = { [body.channel]: body.contact, contactVerifiedAt: now, updatedAt: now };
  // The contact signed in with is replaced, also by one of the other channel.
  if (old && old.channel !== body.channel) set[old.channel] = null;
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const done = await tx
        .update(customers)
        .set(set)
        .where(and(eq(customers.id, row.id), eq(customers.clientId, client.id), eq(customers.dataStatus, 'ACTIVE')))
        .returning({ id: customers.id });
      if (!done.length) throw new ApiError('unauthorized', UNAUTHORIZED);
      await revokeAllSessions(client.id, row.id, tx);
      await notifyOwner(tx, client.id, row.id, 'contact-changed', {
        params: { contact: maskContact(body.channel, body.contact) },
        recipients: { email: row.email, mobile: row.mobile },
        now,
      });
    });
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e?.code === '23505' || e?.cause?.code === '23505') throw taken(body.channel); // taken meanwhile
    throw err;
  }
  await startSession(c, row.id);
  return { success: true, channel: body.channel, maskedContact: maskContact(body.channel, body.contact) };
}

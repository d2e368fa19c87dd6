import { and, asc, eq } from 'drizzle-orm';
import { call, cookieFrom, type Res, type TestServer } from '../support/api-server';
import { readOutbox } from '@/lib/messaging/outbox';
import { getDb } from '@/lib/db/client';
import { clientDomains, customers, messageOutbox, rateLimits } from '@/lib/db/schema';
import { deliverDueMessages } from '@/lib/messaging/worker';
import { memoryMessages } from '@/lib/messaging/channels';
import { isSecurityKind } from '@/lib/domain/messages';
import { SESSION_COOKIE } from '@/lib/edge/session-cookie';
import { cookieName } from '@/lib/edge/cookies';
import type { AuthMode, Channel } from '@/lib/schemas/auth';
import { like } from 'drizzle-orm';

// Helpers shared by the account API tests (auth*.test.ts, customer*.test.ts, tokens*.test.ts).

export const PASSWORD = 'correct horse battery';
export const OTHER_PASSWORD = 'purple monkey dishwasher';

let seq = 0;
export const uniqueEmail = () => `user${Date.now().toString(36)}${++seq}@example.com`;
export const uniqueMobile = () => `98${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq % 100).padStart(2, '0')}`;

/** Codes delivered to a target (newest last), as the outbox recorded them. */
export function codesFor(clientId: string, to: string, purpose?: AuthMode | 'VERIFY' | 'CHANGE-CONTACT') {
  return readOutbox().filter((e) => e.clientId === clientId && e.to === to && (purpose ? e.purpose === purpose : true));
}
export function latestCode(clientId: string, to: string, purpose: AuthMode | 'VERIFY' | 'CHANGE-CONTACT'): string {
  const all = codesFor(clientId, to, purpose);
  const last = all[all.length - 1];
  if (!last) throw new Error(`no ${purpose} code delivered to ${to}`);
  return last.code;
}

/** The session cookie an answer set, under its bare name (plain http) or its `__Host-` name (https). */
export const sessionCookie = (res: Res) => cookieFrom(res, SESSION_COOKIE) ?? cookieFrom(res, cookieName(SESSION_COOKIE, true));

export type PostExtra = { cookie?: string; token?: string; headers?: Record<string, string> };
/** The account tests' POST with a JSON body, to the file's server. */
export const postTo = (server: TestServer) => (host: string, path: string, body: unknown, extra: PostExtra = {}) =>
  call(server, host, 'POST', path, { body, ...extra });

export async function sendOtp(server: TestServer, host: string, mode: AuthMode, channel: Channel, contact: string) {
  return call(server, host, 'POST', '/api/auth/customer/otp/send', { body: { mode, channel, contact } });
}

/**
 * Signs up by password on a brand that needs no OTP; returns the cookie and customer id. Sign-up
 * signs nobody in: it sends a SIGNUP code, and sign-up again with that code confirms the contact
 * and signs in (profile, rewards and payouts need a confirmed contact). With `verify` false the
 * code is left unused and the account (unverified) signs in by password instead. `headers` go
 * with every request (X-Forwarded-Proto: https for a request over https).
 */
export async function signUpWithPassword(
  server: TestServer,
  host: string,
  contact: string,
  channel: Channel = 'email',
  { verify = true, headers = {} }: { verify?: boolean; headers?: Record<string, string> } = {},
) {
  const body = { channel, contact, password: PASSWORD, userName: 'Asha' };
  const res = await call(server, host, 'POST', '/api/auth/customer/web/signup', { body, headers });
  if (res.status !== 201 || res.body.sent !== true) throw new Error(`signup failed: ${res.status} ${res.text}`);
  const clientId = await clientIdOf(host);
  const done = verify
    ? await call(server, host, 'POST', '/api/auth/customer/web/signup', { body: { ...body, otp: latestCode(clientId, contact, 'SIGNUP') }, headers })
    : await call(server, host, 'POST', '/api/auth/customer/web/login', { body: { channel, contact, password: PASSWORD }, headers });
  if (done.status !== (verify ? 201 : 200)) throw new Error(`signup ${verify ? 'confirmation' : 'sign-in'} failed: ${done.status} ${done.text}`);
  return { cookie: sessionCookie(done)!, customerId: done.body.customerId as string, res: done };
}

/** Confirms the signed-in account's contact with the VERIFY code the outbox received. */
export async function confirmContact(server: TestServer, host: string, cookie: string, contact: string) {
  const token = await accessToken(server, host, cookie);
  if (token.status !== 200) throw new Error(`no token: ${token.status} ${token.text}`);
  const clientId = await clientIdOf(host);
  const sent = await call(server, host, 'POST', '/api/auth/customer/verify-contact/send', { token: token.body.accessToken });
  if (sent.status !== 200) throw new Error(`verify-contact/send failed: ${sent.status} ${sent.text}`);
  const otp = latestCode(clientId, contact, 'VERIFY');
  const ok = await call(server, host, 'POST', '/api/auth/customer/verify-contact', { token: token.body.accessToken, body: { otp } });
  if (ok.status !== 200) throw new Error(`verify-contact failed: ${ok.status} ${ok.text}`);
}

async function clientIdOf(host: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ clientId: clientDomains.clientId }).from(clientDomains).where(eq(clientDomains.domain, host));
  if (!row) throw new Error(`no brand for ${host}`);
  return row.clientId;
}

/**
 * Security notices delivered to a contact (newest first is last). They go through the message
 * outbox (docs/messages.md): a worker round for the brand runs first, then every notice queued
 * to the contact must have been sent by it (the local sink, `memoryMessages`, received it once).
 */
export async function noticeMessagesTo(clientId: string, to: string) {
  await deliverDueMessages({ clientId });
  const db = await getDb();
  const rows = (
    await db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.clientId, clientId), eq(messageOutbox.recipient, to)))
      .orderBy(asc(messageOutbox.createdAt), asc(messageOutbox.id))
  ).filter((r) => isSecurityKind(r.kind));
  for (const r of rows) {
    if (r.state !== 'sent') throw new Error(`notice ${r.kind} to ${to} is ${r.state}: ${r.lastError ?? ''}`);
    const delivered = memoryMessages.filter((m) => m.id === r.id);
    if (delivered.length !== 1) throw new Error(`notice ${r.kind} to ${to} was delivered ${delivered.length} times`);
  }
  return rows;
}
export async function noticesFor(clientId: string, to: string) {
  return (await noticeMessagesTo(clientId, to)).map((r) => r.kind);
}

export async function accessToken(server: TestServer, host: string, cookie: string | undefined) {
  return call(server, host, 'GET', '/api/auth/customer/web/generate-access-token', { cookie });
}

export async function customerRow(clientId: string, customerId: string) {
  const db = await getDb();
  const [row] = await db.select().from(customers).where(and(eq(customers.clientId, clientId), eq(customers.id, customerId)));
  return row;
}

export async function countCustomers(clientId: string) {
  const db = await getDb();
  return (await db.select({ id: customers.id }).from(customers).where(eq(customers.clientId, clientId))).length;
}

/** Lets a test send another code at once (the resend throttle is tested on its own). */
export async function clearSendThrottle(clientId: string) {
  const db = await getDb();
  await db.delete(rateLimits).where(like(rateLimits.key, `otp-send:%${clientId}%`));
}

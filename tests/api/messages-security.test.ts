import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { messageOutbox, messagePreferences } from '@/lib/db/schema';
import { memoryMessages } from '@/lib/messaging/channels';
import { deliverDueMessages } from '@/lib/messaging/worker';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { accessToken, codesFor, customerRow, latestCode, OTHER_PASSWORD, PASSWORD, sendOtp, sessionCookie, signUpWithPassword, uniqueEmail, uniqueMobile } from './auth-support';

// Security notices (password, UPI id, contact changes…) go through the durable message outbox
// (docs/messages.md, docs/security.md): written in the transaction of the change, once per channel
// the owner is reached on plus an in-app copy, in the owner's language, whatever their preferences
// say, and delivered by the worker once. One-time codes stay on the direct path.

jest.setTimeout(60_000);
const server = apiServerForFile();

async function rowsOf(clientId: string, customerId: string) {
  const db = await getDb();
  return db
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.clientId, clientId), eq(messageOutbox.customerId, customerId)))
    .orderBy(messageOutbox.channel);
}

const tokenOf = async (host: string, cookie: string) => (await accessToken(server, host, cookie)).body.accessToken as string;

describe('a password change', () => {
  it('queues one notice per channel in the owner\'s language, delivered once by the worker, even with the kind turned off behind the API', async () => {
    const brand = await createTestBrand({ locale: { languages: ['en', 'hi'], defaultLanguage: 'en' } });
    const email = uniqueEmail();
    const { cookie, customerId } = await signUpWithPassword(server, brand.domain, email);
    let token = await tokenOf(brand.domain, cookie);
    expect((await call(server, brand.domain, 'PUT', '/api/customer/language', { token, body: { language: 'hi' } })).status).toBe(200);

    // The API refuses to turn security notices off; a row saying so anyway changes nothing.
    const refused = await call(server, brand.domain, 'PUT', '/api/customer/message-preferences', { token, body: { preferences: [{ kind: 'security', channel: 'email', enabled: false }] } });
    expect(refused.status).toBe(422);
    expect(refused.body.errorMessage).toBe('preferences.0.enabled: security notices cannot be turned off');
    const db = await getDb();
    await db.insert(messagePreferences).values({ clientId: brand.id, customerId, kind: 'password-changed', channel: 'email', enabled: false });

    // A refused change (wrong current password) writes no message.
    const wrong = await call(server, brand.domain, 'POST', '/api/auth/customer/change-password', { token, body: { currentPassword: 'not my password', newPassword: OTHER_PASSWORD } });
    expect(wrong.status).toBe(400);
    expect(await rowsOf(brand.id, customerId)).toEqual([]);

    const changed = await call(server, brand.domain, 'POST', '/api/auth/customer/change-password', { token, body: { currentPassword: PASSWORD, newPassword: OTHER_PASSWORD }, headers: { 'accept-language': 'en' } });
    expect(changed.status).toBe(200);
    const rows = await rowsOf(brand.id, customerId);
    expect(rows.map((r) => [r.kind, r.channel, r.state, r.locale])).toEqual([
      ['password-changed', 'app', 'sent', 'hi'],
      ['password-changed', 'email', 'queued', 'hi'],
    ]);
    const mail = rows.find((r) => r.channel === 'email')!;
    expect(mail.recipient).toBe(email);
    expect(mail.subject).toBe(`${brand.name}: आपका पासवर्ड बदल दिया गया`);
    expect(mail.idempotencyKey).toMatch(/^password-changed:[A-Za-z0-9_]+:email$/);
    expect(rows.find((r) => r.channel === 'app')!.idempotencyKey).toBe(mail.idempotencyKey.replace(/:email$/, ':app'));

    // The worker delivers it, once: a second round finds nothing.
    expect((await deliverDueMessages({ clientId: brand.id })).sent).toBe(1);
    expect((await deliverDueMessages({ clientId: brand.id })).claimed).toBe(0);
    const delivered = memoryMessages.filter((m) => m.key === mail.idempotencyKey);
    expect(delivered).toEqual([expect.objectContaining({ to: email, channel: 'email', locale: 'hi', subject: mail.subject, body: mail.body })]);
    expect((await rowsOf(brand.id, customerId)).find((r) => r.channel === 'email')).toMatchObject({ state: 'sent', provider: 'local', attempts: 1 });

    // The in-app copy is in the owner's message list (the change signed this browser in afresh).
    token = await tokenOf(brand.domain, sessionCookie(changed)!);
    const list = await call(server, brand.domain, 'GET', '/api/customer/messages', { token });
    expect(list.body.messages).toEqual([expect.objectContaining({ kind: 'password-changed', subject: mail.subject, read: false })]);
  });

  it('leaves one-time codes on the direct path: a reset code is delivered at once, not queued', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    const { customerId } = await signUpWithPassword(server, brand.domain, email);
    const before = codesFor(brand.id, email, 'FORGOT PASSWORD').length;
    expect((await sendOtp(server, brand.domain, 'FORGOT PASSWORD', 'email', email)).status).toBe(200);
    expect(codesFor(brand.id, email, 'FORGOT PASSWORD')).toHaveLength(before + 1);
    expect(await rowsOf(brand.id, customerId)).toEqual([]);
    const reset = await call(server, brand.domain, 'POST', '/api/auth/customer/forgot-password/reset', { body: { channel: 'email', contact: email, otp: latestCode(brand.id, email, 'FORGOT PASSWORD'), password: OTHER_PASSWORD } });
    expect(reset.status).toBe(200);
    expect((await rowsOf(brand.id, customerId)).map((r) => [r.kind, r.channel])).toEqual([
      ['password-reset', 'app'],
      ['password-reset', 'email'],
    ]);
  });
});

describe('a new UPI id', () => {
  it('queues one SMS notice in the owner\'s language for a mobile account, delivered once by the worker', async () => {
    const brand = await createTestBrand({ otpServices: { isMobileNoServiceEnabled: true }, locale: { languages: ['en', 'ta'], defaultLanguage: 'ta' } });
    const { cookie, customerId } = await signUpWithPassword(server, brand.domain, `+91${uniqueMobile()}`, 'mobile');
    const mobile = (await customerRow(brand.id, customerId))!.mobile!;
    const token = await tokenOf(brand.domain, cookie);
    const put = await call(server, brand.domain, 'PUT', '/api/customer/customer-profile', { token, body: { vpa: 'ravi@okbank' } });
    expect(put.status).toBe(200);
    const rows = await rowsOf(brand.id, customerId);
    expect(rows.map((r) => [r.kind, r.channel, r.recipient, r.locale])).toEqual([
      ['upi-changed', 'app', customerId, 'ta'],
      ['upi-changed', 'sms', mobile, 'ta'],
    ]);
    // Changing other fields, or the same UPI id again, tells nothing.
    expect((await call(server, brand.domain, 'PUT', '/api/customer/customer-profile', { token, body: { userName: 'Ravi K', vpa: 'ravi@okbank' } })).status).toBe(200);
    expect(await rowsOf(brand.id, customerId)).toHaveLength(2);

    expect((await deliverDueMessages({ clientId: brand.id })).sent).toBe(1);
    const sms = rows.find((r) => r.channel === 'sms')!;
    expect(memoryMessages.filter((m) => m.key === sms.idempotencyKey)).toEqual([expect.objectContaining({ to: mobile, channel: 'sms', locale: 'ta', body: sms.body })]);
    expect(sms.body).toContain('UPI id');
  });
});

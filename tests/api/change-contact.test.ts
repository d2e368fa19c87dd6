import { and, eq, like } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { otps, rateLimits, sessions } from '@/lib/db/schema';
import { CONTACT_NEEDS_PASSWORD } from '@/lib/api/auth/change-contact';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { accessToken, codesFor, customerRow, latestCode, noticeMessagesTo, noticesFor, PASSWORD, sessionCookie, signUpWithPassword, uniqueEmail, uniqueMobile } from './auth-support';

// Changing the sign-in e-mail or mobile number with a code sent to the new one
// (lib/api/auth/change-contact.ts, docs/security.md "Changing the sign-in contact").

jest.setTimeout(90_000);
const server = apiServerForFile();

const PURPOSE = 'CHANGE-CONTACT';

async function signedIn(host: string, contact = uniqueEmail(), channel: 'email' | 'mobile' = 'email') {
  const { cookie, customerId } = await signUpWithPassword(server, host, contact, channel);
  const token = (await accessToken(server, host, cookie)).body.accessToken as string;
  return { cookie, customerId, token, contact };
}
const send = (host: string, token: string, body: unknown) => call(server, host, 'POST', '/api/auth/customer/change-contact/send', { token, body });
const confirm = (host: string, token: string, body: unknown) => call(server, host, 'POST', '/api/auth/customer/change-contact', { token, body });
/** Lets a test ask for another code at once (the resend throttle is tested on its own). */
const clearThrottle = async (clientId: string) => (await getDb()).delete(rateLimits).where(like(rateLimits.key, `change-contact-send:${clientId}:%`));

describe('changing the sign-in e-mail', () => {
  it('sends a code to the new address, and the code changes it: sessions ended, this browser signed in again, the old address told', async () => {
    const brand = await createTestBrand();
    const me = await signedIn(brand.domain);
    const next = uniqueEmail();
    const sent = await send(brand.domain, me.token, { channel: 'email', contact: next.toUpperCase() });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ sent: true, channel: 'email', expiresInSeconds: 600 });
    const code = latestCode(brand.id, next, PURPOSE);
    expect(() => latestCode(brand.id, me.contact, PURPOSE)).toThrow(); // nothing to the old one

    const done = await confirm(brand.domain, me.token, { channel: 'email', contact: next, otp: code });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, channel: 'email', maskedContact: expect.stringMatching(/^u\*+@example\.com$/) });
    const row = (await customerRow(brand.id, me.customerId))!;
    expect(row.email).toBe(next);
    expect(row.contactVerifiedAt).not.toBeNull();

    // The old session is over; the answer's cookie is a new one.
    expect((await accessToken(server, brand.domain, me.cookie)).status).toBe(401);
    expect((await accessToken(server, brand.domain, sessionCookie(done))).status).toBe(200);
    const live = await (await getDb()).select().from(sessions).where(and(eq(sessions.customerId, me.customerId)));
    expect(live.filter((s) => !s.revokedAt)).toHaveLength(1);

    // The old address hears of it through the outbox (the worker delivers it), the new one does not.
    expect(await noticesFor(brand.id, me.contact)).toEqual(['contact-changed']);
    expect((await noticeMessagesTo(brand.id, me.contact))[0]!.body).toContain(done.body.maskedContact);
    expect(await noticesFor(brand.id, next)).toEqual([]);

    // The new address signs in with the password; the old one no longer does.
    expect((await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', { body: { channel: 'email', contact: next, password: PASSWORD } })).status).toBe(200);
    expect((await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', { body: { channel: 'email', contact: me.contact, password: PASSWORD } })).status).toBe(400);
    // Done once: the address is now the account's own.
    const token = (await accessToken(server, brand.domain, sessionCookie(done))).body.accessToken as string;
    expect((await confirm(brand.domain, token, { channel: 'email', contact: next, otp: code })).status).toBe(422);
  });

  it('refuses a wrong code, an expired one and one tried five times, changing nothing', async () => {
    const brand = await createTestBrand();
    const me = await signedIn(brand.domain);
    const next = uniqueEmail();
    expect((await send(brand.domain, me.token, { channel: 'email', contact: next })).status).toBe(200);
    const code = latestCode(brand.id, next, PURPOSE);
    const wrongCode = code === '000000' ? '111111' : '000000';

    const wrong = await confirm(brand.domain, me.token, { channel: 'email', contact: next, otp: wrongCode });
    expect([wrong.status, wrong.body.errorMessage, wrong.body.field]).toEqual([400, 'Incorrect code. Please check it and try again.', 'otp']);
    // A code for another contact is not this one's.
    expect((await confirm(brand.domain, me.token, { channel: 'email', contact: uniqueEmail(), otp: code })).status).toBe(400);

    // Expired.
    await (await getDb()).update(otps).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(otps.clientId, brand.id));
    const expired = await confirm(brand.domain, me.token, { channel: 'email', contact: next, otp: code });
    expect([expired.status, expired.body.errorMessage]).toEqual([400, 'This code has expired. Please request a new one.']);

    // Five wrong tries kill a new code, the right one included after them.
    await clearThrottle(brand.id);
    expect((await send(brand.domain, me.token, { channel: 'email', contact: next })).status).toBe(200);
    const fresh = latestCode(brand.id, next, PURPOSE);
    const bad = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await confirm(brand.domain, me.token, { channel: 'email', contact: next, otp: bad })).status).toBe(400);
    const exhausted = await confirm(brand.domain, me.token, { channel: 'email', contact: next, otp: fresh });
    expect([exhausted.status, exhausted.body.errorMessage]).toEqual([400, 'This code was tried too many times. Please request a new one.']);

    expect((await customerRow(brand.id, me.customerId))!.email).toBe(me.contact);
    expect((await accessToken(server, brand.domain, me.cookie)).status).toBe(200); // still signed in
    expect(await noticesFor(brand.id, me.contact)).toEqual([]);
  });

  it('refuses a contact another customer of the brand signs in with (409); another brand\'s customer does not count', async () => {
    const brand = await createTestBrand();
    const other = await createTestBrand();
    const me = await signedIn(brand.domain);
    const theirs = await signedIn(brand.domain);
    const taken = await send(brand.domain, me.token, { channel: 'email', contact: theirs.contact });
    expect([taken.status, taken.body.errorMessage, taken.body.field]).toEqual([409, 'This e-mail address is already used by another account. Choose another one.', 'contact']);
    const mine = await send(brand.domain, me.token, { channel: 'email', contact: me.contact });
    expect([mine.status, mine.body.field]).toEqual([422, 'contact']);
    expect((await send(brand.domain, me.token, { channel: 'email', contact: 'not an address' })).status).toBe(422);

    // The same address at another brand is free here.
    const elsewhere = await signedIn(other.domain);
    expect((await send(brand.domain, me.token, { channel: 'email', contact: elsewhere.contact })).status).toBe(200);
    const ok = await confirm(brand.domain, me.token, { channel: 'email', contact: elsewhere.contact, otp: latestCode(brand.id, elsewhere.contact, PURPOSE) });
    expect(ok.status).toBe(200);
    expect((await customerRow(other.id, elsewhere.customerId))!.email).toBe(elsewhere.contact);
  });

  it('needs the current password after 10 minutes, limits the codes asked for, and binds a code to its account', async () => {
    const brand = await createTestBrand();
    const me = await signedIn(brand.domain);
    const next = uniqueEmail();
    await (await getDb()).update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.customerId, me.customerId));
    const stale = await send(brand.domain, me.token, { channel: 'email', contact: next });
    expect([stale.status, stale.body.errorMessage]).toEqual([403, CONTACT_NEEDS_PASSWORD]);
    expect((await send(brand.domain, me.token, { channel: 'email', contact: next, currentPassword: 'not my password' })).status).toBe(400);
    expect((await send(brand.domain, me.token, { channel: 'email', contact: next, currentPassword: PASSWORD })).status).toBe(200);
    const again = await send(brand.domain, me.token, { channel: 'email', contact: next, currentPassword: PASSWORD });
    expect(again.status).toBe(429);
    expect(again.body.errorMessage).toMatch(/wait 30 seconds/);

    // Someone else asking for the same address gets their own code; mine is not theirs.
    const thief = await signedIn(brand.domain);
    expect((await send(brand.domain, thief.token, { channel: 'email', contact: next })).status).toBe(200);
    const codes = codesFor(brand.id, next, PURPOSE).map((e) => e.code);
    expect(codes).toHaveLength(2);
    const mine = codes[0]!;
    const stolen = await confirm(brand.domain, thief.token, { channel: 'email', contact: next, otp: mine });
    expect(stolen.status).toBe(codes[1] === mine ? 200 : 400); // the thief's code happens to be the same six digits: 1 in a million
    if (codes[1] !== mine) expect((await confirm(brand.domain, me.token, { channel: 'email', contact: next, otp: mine })).status).toBe(200);
  });
});

describe('changing to a mobile number', () => {
  it('replaces the e-mail with the mobile number and tells the old e-mail', async () => {
    const brand = await createTestBrand({ otpServices: { isMobileNoServiceEnabled: true } });
    const me = await signedIn(brand.domain);
    const mobile = `+91${uniqueMobile()}`;
    expect((await send(brand.domain, me.token, { channel: 'mobile', contact: mobile })).status).toBe(200);
    const done = await confirm(brand.domain, me.token, { channel: 'mobile', contact: mobile, otp: latestCode(brand.id, mobile, PURPOSE) });
    expect(done.status).toBe(200);
    const row = (await customerRow(brand.id, me.customerId))!;
    expect([row.email, row.mobile]).toEqual([null, mobile]);
    expect(await noticesFor(brand.id, me.contact)).toEqual(['contact-changed']);
  });

  it('is refused where the brand does not sign in by mobile', async () => {
    const brand = await createTestBrand();
    const me = await signedIn(brand.domain);
    const res = await send(brand.domain, me.token, { channel: 'mobile', contact: `+91${uniqueMobile()}` });
    expect([res.status, res.body.field]).toEqual([400, 'channel']);
  });
});

import { scryptSync } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { accountSubject, consecutiveFailures, failuresOf } from '@/lib/api/auth/failures';
import { pruneSessions } from '@/lib/api/auth/sessions';
import { getDb } from '@/lib/db/client';
import { authFailures, clientDomains, customers, rateLimits, sessions } from '@/lib/db/schema';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import {
  OTHER_PASSWORD,
  PASSWORD,
  accessToken,
  clearSendThrottle,
  codesFor,
  countCustomers,
  customerRow,
  latestCode,
  noticeMessagesTo,
  noticesFor,
  postTo,
  sendOtp,
  sessionCookie,
  signUpWithPassword,
  uniqueEmail,
} from './auth-support';

// Account security (docs/security.md, "Accounts"): possession of the contact wins over a password
// typed at sign-up; sign-up does not tell who has an account; the owner hears of changes.

jest.setTimeout(60_000); // password hashing is deliberately slow, more so on a busy 2-core CI machine
const server = apiServerForFile();

const post = postTo(server);
const get = (host: string, path: string, token: string) => call(server, host, 'GET', path, { token });
const codeSignInBrand = () => createTestBrand({ otpServices: { isOtpServiceEnabled: true, isLoginOtpEnabled: true } });

async function tokenOf(host: string, cookie: string) {
  const t = await accessToken(server, host, cookie);
  expect(t.status).toBe(200);
  return t.body.accessToken as string;
}

describe('pre-registration takeover', () => {
  it('keeps profile, UPI, rewards and payouts of an account made without a code behind the contact', async () => {
    const brand = await createTestBrand({ flags: { isLoyalityProgramEnabled: true } });
    const email = uniqueEmail();
    const { cookie, customerId } = await signUpWithPassword(server, brand.domain, email, 'email', { verify: false });
    const token = await tokenOf(brand.domain, cookie);

    const status = await get(brand.domain, '/api/auth/customer/contact-status', token);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ contactVerified: false, channel: 'email', maskedContact: expect.stringMatching(/^u\*+@example\.com$/) });
    // The profile shows what sign-up took (the signed-in screens greet by name), nothing more.
    await (await getDb())
      .update(customers)
      .set({ vpa: 'old@okbank', dob: '1990-01-01', address: { fullAddress: '1 Road', city: 'Pune', country: 'India', state: 'MH', pincode: '411001' } })
      .where(eq(customers.id, customerId));
    const me = await get(brand.domain, '/api/customer/customer-profile', token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userName: 'Asha', emailId: email, vpa: null, dob: null, address: { fullAddress: '', city: '', pincode: '' } });
    for (const path of ['/api/customer/rewards', '/api/customer/transactions']) {
      const res = await get(brand.domain, path, token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'forbidden', errorMessage: expect.stringMatching(/^Confirm your e-mail address or mobile number first/) });
    }
    const upi = await call(server, brand.domain, 'PUT', '/api/customer/customer-profile', { token, body: { vpa: 'attacker@okbank' } });
    expect(upi.status).toBe(403);
    expect((await customerRow(brand.id, customerId))!.vpa).toBe('old@okbank');
    const claim = await call(server, brand.domain, 'POST', '/api/customer/rewards/rg_x/claim', { token, headers: { 'idempotency-key': 'k-1' } });
    expect(claim.status).toBe(403);

    // A wrong code does not confirm; the code sent to the contact does.
    expect((await post(brand.domain, '/api/auth/customer/verify-contact/send', undefined, { token })).status).toBe(200);
    const sent = latestCode(brand.id, email, 'VERIFY');
    const wrong = await post(brand.domain, '/api/auth/customer/verify-contact', { otp: sent === '000000' ? '111111' : '000000' }, { token });
    expect(wrong.status).toBe(400);
    expect((await get(brand.domain, '/api/customer/rewards', token)).status).toBe(403);
    const ok = await post(brand.domain, '/api/auth/customer/verify-contact', { otp: sent }, { token });
    expect(ok.status).toBe(200);
    expect((await get(brand.domain, '/api/customer/customer-profile', token)).body).toMatchObject({ vpa: 'old@okbank', dob: '1990-01-01' });
    expect((await get(brand.domain, '/api/customer/rewards', token)).status).toBe(200);
    expect((await get(brand.domain, '/api/auth/customer/contact-status', token)).body.contactVerified).toBe(true);
  });

  it('hands the account to the contact owner who signs in with a code: password and UPI gone, sessions revoked, owner told', async () => {
    const brand = await codeSignInBrand();
    const victim = uniqueEmail();
    // The attacker registers the victim's address with a password of their own.
    const { cookie: attacker, customerId } = await signUpWithPassword(server, brand.domain, victim, 'email', { verify: false });
    const attackerToken = await tokenOf(brand.domain, attacker);

    // The owner signs in with a code sent to their address.
    expect((await sendOtp(server, brand.domain, 'LOGIN', 'email', victim)).status).toBe(200);
    const owner = await post(brand.domain, '/api/auth/customer/otp/verify', { mode: 'LOGIN', channel: 'email', contact: victim, otp: latestCode(brand.id, victim, 'LOGIN') });
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ customerId, isNewCustomer: false });

    // The attacker is out: old session, old token and old password all fail.
    expect((await accessToken(server, brand.domain, attacker)).status).toBe(401);
    expect((await get(brand.domain, '/api/auth/customer/contact-status', attackerToken)).status).toBe(401);
    const pw = await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: victim, password: PASSWORD });
    expect(pw.status).toBe(400);
    const row = await customerRow(brand.id, customerId);
    expect(row!.passwordHash).toBeNull();
    expect(row!.contactVerifiedAt).not.toBeNull();
    expect(await noticesFor(brand.id, victim)).toEqual(['account-reclaimed']);

    // The owner has full use of the account.
    const ownerToken = await tokenOf(brand.domain, sessionCookie(owner)!);
    expect((await get(brand.domain, '/api/customer/customer-profile', ownerToken)).status).toBe(200);
  });

  it('reclaims an unverified account on a password reset by code too, and forgets the UPI id set before', async () => {
    const brand = await createTestBrand();
    const victim = uniqueEmail();
    const { cookie: attacker, customerId } = await signUpWithPassword(server, brand.domain, victim, 'email', { verify: false });
    // Even if a UPI id got in before this change (written straight to the row here), it goes.
    await (await getDb()).update(customers).set({ vpa: 'attacker@okbank' }).where(eq(customers.id, customerId));

    expect((await sendOtp(server, brand.domain, 'FORGOT PASSWORD', 'email', victim)).status).toBe(200);
    const reset = await post(brand.domain, '/api/auth/customer/forgot-password/reset', {
      channel: 'email',
      contact: victim,
      otp: latestCode(brand.id, victim, 'FORGOT PASSWORD'),
      password: OTHER_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect((await accessToken(server, brand.domain, attacker)).status).toBe(401);
    const row = await customerRow(brand.id, customerId);
    expect(row!.vpa).toBeNull();
    expect(row!.contactVerifiedAt).not.toBeNull();
    expect((await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: victim, password: PASSWORD })).status).toBe(400);
    expect((await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: victim, password: OTHER_PASSWORD })).status).toBe(200);
    expect(await noticesFor(brand.id, victim)).toEqual(['account-reclaimed']);
  });

  it('gives an unverified account to whoever signs up with a registration code for its contact', async () => {
    const brand = await createTestBrand({ otpServices: { isRegistartionOtpEnabled: true } });
    const victim = uniqueEmail();
    // Registered without a code (e.g. before the brand turned registration codes on).
    const customerId = `cus_reg${Date.now().toString(36)}`;
    await (await getDb()).insert(customers).values({ id: customerId, clientId: brand.id, email: victim, passwordHash: 'scrypt$N=16384,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U', vpa: 'squatter@okbank' });
    expect((await sendOtp(server, brand.domain, 'SIGNUP', 'email', victim)).status).toBe(200);
    const up = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: victim, password: OTHER_PASSWORD, userName: 'Owner', otp: latestCode(brand.id, victim, 'SIGNUP') });
    expect(up.status).toBe(201);
    expect(up.body).toEqual({ customerId, isNewCustomer: false });
    const row = await customerRow(brand.id, customerId);
    expect(row).toMatchObject({ vpa: null, userName: 'Owner', contactVerifiedAt: expect.any(Date) });
    // The notice says the password is now the one just chosen (not that it was removed).
    expect(await noticesFor(brand.id, victim)).toEqual(['account-reclaimed-signup']);
    const notice = (await noticeMessagesTo(brand.id, victim)).pop()!;
    expect(notice.body).toMatch(/with the password you just chose/);
    expect((await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: victim, password: OTHER_PASSWORD })).status).toBe(200);
    // A verified account is not taken over this way: the code's holder is told it exists.
    await clearSendThrottle(brand.id);
    expect((await sendOtp(server, brand.domain, 'SIGNUP', 'email', victim)).status).toBe(200);
    const again = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: victim, password: PASSWORD, userName: 'X', otp: latestCode(brand.id, victim, 'SIGNUP') });
    expect(again.status).toBe(409);
  });

  it('does not clear the password of a verified account on a code sign-in', async () => {
    const brand = await codeSignInBrand();
    const email = uniqueEmail();
    const { cookie, customerId } = await signUpWithPassword(server, brand.domain, email);
    expect((await sendOtp(server, brand.domain, 'LOGIN', 'email', email)).status).toBe(200);
    const otp = await post(brand.domain, '/api/auth/customer/otp/verify', { mode: 'LOGIN', channel: 'email', contact: email, otp: latestCode(brand.id, email, 'LOGIN') });
    expect(otp.status).toBe(200);
    expect((await accessToken(server, brand.domain, cookie)).status).toBe(200);
    expect((await customerRow(brand.id, customerId))!.passwordHash).not.toBeNull();
    expect(await noticesFor(brand.id, email)).toEqual([]);
  });
});

describe('sign-up does not reveal accounts', () => {
  it('signs nobody in without a code, answers a known contact exactly as a new one, and tells the owner', async () => {
    const brand = await createTestBrand();
    const known = uniqueEmail();
    await signUpWithPassword(server, brand.domain, known);
    const body = (contact: string) => ({ channel: 'email', contact, password: OTHER_PASSWORD, userName: 'B' });
    const newcomer = uniqueEmail();
    const again = await post(brand.domain, '/api/auth/customer/web/signup', body(known));
    const fresh = await post(brand.domain, '/api/auth/customer/web/signup', body(newcomer));
    const sent = { sent: true, channel: 'email', maskedContact: expect.stringMatching(/^u\*+@example\.com$/), expiresInSeconds: 600, resendAfterSeconds: 30 };
    expect(again.status).toBe(201);
    expect(fresh.status).toBe(201);
    expect(again.body).toEqual(sent);
    expect(fresh.body).toEqual(sent);
    // No session for either: nothing a later call could tell apart.
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(fresh.headers['set-cookie']).toBeUndefined();
    expect(await countCustomers(brand.id)).toBe(2);
    // The known contact's owner hears of it and gets no code; the newcomer gets one.
    expect(await noticesFor(brand.id, known)).toEqual(['signup-attempt']);
    expect(codesFor(brand.id, known, 'SIGNUP')).toHaveLength(1); // the one of its own sign-up
    expect((await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: known, password: OTHER_PASSWORD })).status).toBe(400);

    // The newcomer's code confirms the contact and signs in, keeping the password; no reclaim notice.
    const done = await post(brand.domain, '/api/auth/customer/web/signup', { ...body(newcomer), otp: latestCode(brand.id, newcomer, 'SIGNUP') });
    expect(done.status).toBe(201);
    expect(done.body).toEqual({ customerId: expect.stringMatching(/^cus_/), isNewCustomer: true });
    const token = await tokenOf(brand.domain, sessionCookie(done)!);
    expect((await get(brand.domain, '/api/auth/customer/contact-status', token)).body.contactVerified).toBe(true);
    expect(await noticesFor(brand.id, newcomer)).toEqual([]);
    expect((await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: newcomer, password: OTHER_PASSWORD })).status).toBe(200);

    // Only the holder of a code for the known contact learns that it has an account.
    expect((await sendOtp(server, brand.domain, 'SIGNUP', 'email', known)).status).toBe(200);
    const owner = await post(brand.domain, '/api/auth/customer/web/signup', { ...body(known), otp: latestCode(brand.id, known, 'SIGNUP') });
    expect(owner.status).toBe(409);
  });

  it('lets the owner of a contact someone else signed up take the account with a sign-up code', async () => {
    const brand = await createTestBrand();
    const victim = uniqueEmail();
    const { cookie: squatter, customerId } = await signUpWithPassword(server, brand.domain, victim, 'email', { verify: false });
    // The owner's own sign-up gets the same answer, and a code on request.
    const body = { channel: 'email', contact: victim, password: OTHER_PASSWORD, userName: 'Owner' };
    expect((await post(brand.domain, '/api/auth/customer/web/signup', body)).status).toBe(201);
    expect((await sendOtp(server, brand.domain, 'SIGNUP', 'email', victim)).status).toBe(200);
    const up = await post(brand.domain, '/api/auth/customer/web/signup', { ...body, otp: latestCode(brand.id, victim, 'SIGNUP') });
    expect(up.status).toBe(201);
    expect(up.body).toEqual({ customerId, isNewCustomer: false });
    expect((await accessToken(server, brand.domain, squatter)).status).toBe(401);
    expect(await noticesFor(brand.id, victim)).toEqual(['signup-attempt', 'account-reclaimed-signup']);
    expect((await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: victim, password: PASSWORD })).status).toBe(400);
    expect((await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: victim, password: OTHER_PASSWORD })).status).toBe(200);
  });

  it('limits sign-ups per contact and per address', async () => {
    const brand = await createTestBrand();
    const contact = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact, password: PASSWORD, userName: 'A' }, { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

    const other = await createTestBrand();
    const fromOne = { headers: { 'x-forwarded-for': '203.0.113.9' } };
    for (let i = 0; i < 20; i++) {
      const res = await post(other.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: uniqueEmail(), password: PASSWORD, userName: 'A' }, fromOne);
      expect(res.status).toBe(201);
    }
    const over = await post(other.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: uniqueEmail(), password: PASSWORD, userName: 'A' }, fromOne);
    expect(over.status).toBe(429);
    expect(over.body.errorMessage).toBe('Too many sign-ups from this network. Please try again later.');
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('the owner hears of password changes', () => {
  it('sends a notice after a change and after a reset', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    const { cookie } = await signUpWithPassword(server, brand.domain, email);
    const token = await tokenOf(brand.domain, cookie);
    const changed = await post(brand.domain, '/api/auth/customer/change-password', { currentPassword: PASSWORD, newPassword: OTHER_PASSWORD }, { token });
    expect(changed.status).toBe(200);
    expect(await noticesFor(brand.id, email)).toEqual(['password-changed']);

    expect((await sendOtp(server, brand.domain, 'FORGOT PASSWORD', 'email', email)).status).toBe(200);
    const reset = await post(brand.domain, '/api/auth/customer/forgot-password/reset', {
      channel: 'email',
      contact: email,
      otp: latestCode(brand.id, email, 'FORGOT PASSWORD'),
      password: PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect(await noticesFor(brand.id, email)).toEqual(['password-changed', 'password-reset']);
  });
});

describe('password hashes', () => {
  // The API suite hashes at TEST_PASSWORD_HASH_N (tests/support/api-env.ts); production at 2^17.
  const N = Number(process.env.TEST_PASSWORD_HASH_N);
  it('stores hashes at today\'s cost and rehashes an old, cheaper hash at the next sign-in', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    const { customerId } = await signUpWithPassword(server, brand.domain, email);
    expect((await customerRow(brand.id, customerId))!.passwordHash!.startsWith(`scrypt$N=${N},r=8,p=1$`)).toBe(true);

    const salt = Buffer.from('fedcba9876543210');
    const key = scryptSync(PASSWORD, salt, 32, { N: N / 2, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const old = `scrypt$N=${N / 2},r=8,p=1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    await (await getDb()).update(customers).set({ passwordHash: old }).where(eq(customers.id, customerId));
    const signIn = await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const rehashed = (await customerRow(brand.id, customerId))!.passwordHash!;
    expect(rehashed.startsWith(`scrypt$N=${N},r=8,p=1$`)).toBe(true);
    expect((await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD })).status).toBe(200);
  });
});

describe('HTTPS', () => {
  it('marks cookies Secure and sends HSTS when the request came over HTTPS through a proxy', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    // A brand host that is not loopback, so only HTTPS can make the cookie Secure.
    const host = `${brand.slug}.example.test`;
    await (await getDb()).insert(clientDomains).values({ domain: host, clientId: brand.id });
    const body = { channel: 'email', contact: email, password: PASSWORD, userName: 'A' };
    expect((await post(host, '/api/auth/customer/web/signup', body)).status).toBe(201);
    const plain = await post(host, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD });
    expect(plain.status).toBe(200);
    expect(plain.headers['set-cookie']![0]).not.toMatch(/Secure/);
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    const https = await post(host, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD }, { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.status).toBe(200);
    expect(https.headers['set-cookie']![0]).toMatch(/; Secure/);
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('sessions', () => {
  it('end after SESSION_IDLE_DAYS without use, and dead rows are pruned', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    const { cookie, customerId } = await signUpWithPassword(server, brand.domain, email);
    const db = await getDb();
    const [row] = await db.select().from(sessions).where(eq(sessions.customerId, customerId));
    expect((await accessToken(server, brand.domain, cookie)).status).toBe(200);

    // Unused for six days: still live, and using it renews it.
    await db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 6 * 86_400_000) }).where(eq(sessions.customerId, customerId));
    expect((await accessToken(server, brand.domain, cookie)).status).toBe(200);
    const [renewed] = await db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(Date.now() - renewed!.lastSeenAt.getTime()).toBeLessThan(3_600_000);

    // Unused for nine days (default SESSION_IDLE_DAYS 7): ended.
    await db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 9 * 86_400_000) }).where(eq(sessions.id, row!.id));
    expect((await accessToken(server, brand.domain, cookie)).status).toBe(401);

    // Pruned once it has been dead for a day; a live session stays.
    const live = sessionCookie(await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD }))!;
    await pruneSessions();
    const left = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.customerId, customerId));
    expect(left.map((s) => s.id)).not.toContain(row!.id);
    expect(left).toHaveLength(1);
    expect((await accessToken(server, brand.domain, live)).status).toBe(200);
  });
});

describe('no one can lock a contact out, and guesses per account stay within 100 in a row', () => {
  const from = (address: string, cookie?: string) => ({ headers: { 'x-forwarded-for': address }, ...(cookie ? { cookie } : {}) });
  const send = (host: string, email: string, address: string, cookie?: string) =>
    post(host, '/api/auth/customer/otp/send', { mode: 'LOGIN', channel: 'email', contact: email }, from(address, cookie));
  const deviceCookie = (res: { headers: { 'set-cookie'?: string[] } }) => res.headers['set-cookie']!.find((c) => c.startsWith('bv_device='))!.split(';')[0]!;

  async function clearResend(clientId: string) {
    await (await getDb()).delete(rateLimits).where(like(rateLimits.key, `otp-send:resend:%:${clientId}:%`));
  }

  it('serves the owner codes while other addresses spend theirs, and the owner’s known browser after the contact’s hourly cap', async () => {
    const brand = await codeSignInBrand();
    const email = uniqueEmail();
    const { res: up } = await signUpWithPassword(server, brand.domain, email);
    const device = deviceCookie(up);
    // One attacker address: five codes, then refused.
    for (let i = 0; i < 5; i++) {
      await clearResend(brand.id);
      expect((await send(brand.domain, email, '203.0.113.1')).status).toBe(200);
    }
    await clearResend(brand.id);
    expect((await send(brand.domain, email, '203.0.113.1')).status).toBe(429);
    // The owner, elsewhere, is still served.
    expect((await send(brand.domain, email, '198.51.100.20')).status).toBe(200);
    // More attacker addresses reach the contact's hourly cap of 10 ...
    for (let i = 0; i < 4; i++) {
      await clearResend(brand.id);
      expect((await send(brand.domain, email, '203.0.113.2')).status).toBe(200);
    }
    await clearResend(brand.id);
    const capped = await send(brand.domain, email, '203.0.113.3');
    expect(capped.status).toBe(429);
    expect(capped.body.errorMessage).toBe('Too many codes were sent to this contact. Please try again later.');
    // ... but the browser the owner signed in with before still gets a code, and it works.
    const since = codesFor(brand.id, email).length;
    expect((await send(brand.domain, email, '198.51.100.21', device)).status).toBe(200);
    expect(codesFor(brand.id, email).length).toBe(since + 1);
    const otp = await post(brand.domain, '/api/auth/customer/otp/verify', { mode: 'LOGIN', channel: 'email', contact: email, otp: latestCode(brand.id, email, 'LOGIN') }, from('198.51.100.21', device));
    expect(otp.status).toBe(200);
  });

  it('asks for a code after 100 wrong passwords in a row, even with the right one; the code clears the count', async () => {
    const brand = await codeSignInBrand();
    const email = uniqueEmail();
    await signUpWithPassword(server, brand.domain, email);
    const login = (password: string) => post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password });
    expect((await login('wrong password 1')).status).toBe(400);
    expect((await login('wrong password 2')).status).toBe(400);
    expect(await consecutiveFailures(brand.id, 'password', 'email', email)).toBe(2);
    expect((await login(PASSWORD)).status).toBe(200);
    expect(await consecutiveFailures(brand.id, 'password', 'email', email)).toBe(0);

    // 100 in a row (the per-15-minute limits spread them over hours; written here directly).
    await (await getDb()).insert(authFailures).values({ clientId: brand.id, subject: `password:email:${email}`, consecutive: 100 });
    const locked = await login(PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.errorMessage).toBe('Too many wrong passwords for this account. Sign in with a one-time code or reset your password.');
    // An unknown contact answers the same way at its 100th failure (nothing told).
    const unknown = uniqueEmail();
    await (await getDb()).insert(authFailures).values({ clientId: brand.id, subject: `password:email:${unknown}`, consecutive: 100 });
    expect((await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: unknown, password: PASSWORD })).body).toEqual(locked.body);

    expect((await sendOtp(server, brand.domain, 'LOGIN', 'email', email)).status).toBe(200);
    expect((await post(brand.domain, '/api/auth/customer/otp/verify', { mode: 'LOGIN', channel: 'email', contact: email, otp: latestCode(brand.id, email, 'LOGIN') })).status).toBe(200);
    expect((await login(PASSWORD)).status).toBe(200);
  });

  it('refuses codes after 100 wrong ones in a row, except on a browser that signed in before; a password sign-in clears it', async () => {
    const brand = await codeSignInBrand();
    const email = uniqueEmail();
    const { cookie } = await signUpWithPassword(server, brand.domain, email);
    const device = deviceCookie(await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD }));
    expect(cookie).toBeDefined();
    const verify = (otp: string, extra: { cookie?: string } = {}) =>
      post(brand.domain, '/api/auth/customer/otp/verify', { mode: 'LOGIN', channel: 'email', contact: email, otp }, extra);

    // A wrong guess at a live code counts; a guess with no code in flight does not.
    expect((await verify('000000')).status).toBe(400);
    expect(await consecutiveFailures(brand.id, 'code', 'email', email)).toBe(0);
    expect((await sendOtp(server, brand.domain, 'LOGIN', 'email', email)).status).toBe(200);
    const code = latestCode(brand.id, email, 'LOGIN');
    expect((await verify(code === '000000' ? '111111' : '000000')).status).toBe(400);
    expect(await consecutiveFailures(brand.id, 'code', 'email', email)).toBe(1);

    await (await getDb()).update(authFailures).set({ consecutive: 100 }).where(eq(authFailures.subject, `code:email:${email}`));
    const locked = await verify(code);
    expect(locked.status).toBe(429);
    expect(locked.body.errorMessage).toBe('Too many wrong codes for this account. Sign in with your password, or from a device you used before.');
    // The owner's own browser is still served, and its success clears the count.
    expect((await verify(code, { cookie: device })).status).toBe(200);
    expect(await consecutiveFailures(brand.id, 'code', 'email', email)).toBe(0);

    await (await getDb()).insert(authFailures).values({ clientId: brand.id, subject: `code:email:${email}`, consecutive: 100 });
    expect((await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD })).status).toBe(200);
    expect(await consecutiveFailures(brand.id, 'code', 'email', email)).toBe(0);
  });
});

describe('changing the UPI id', () => {
  const ageSession = async (customerId: string, minutes: number) => {
    await (await getDb()).update(sessions).set({ createdAt: new Date(Date.now() - minutes * 60_000) }).where(eq(sessions.customerId, customerId));
  };
  const put = (host: string, token: string, body: unknown) => call(server, host, 'PUT', '/api/customer/customer-profile', { token, body });

  it('needs a sign-in in the last 10 minutes or the current password, and tells the owner', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    const { cookie, customerId } = await signUpWithPassword(server, brand.domain, email);
    const token = await tokenOf(brand.domain, cookie);
    expect((await put(brand.domain, token, { vpa: 'asha@okbank' })).status).toBe(200); // just signed in
    expect(await noticesFor(brand.id, email)).toEqual(['upi-changed']);

    await ageSession(customerId, 11);
    const stale = await put(brand.domain, token, { vpa: 'thief@okbank' });
    expect(stale.status).toBe(403);
    expect(stale.body.errorMessage).toBe('Enter your current password to change your UPI id.');
    const wrong = await put(brand.domain, token, { vpa: 'thief@okbank', currentPassword: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorMessage).toBe('Current password is incorrect.');
    expect((await customerRow(brand.id, customerId))!.vpa).toBe('asha@okbank');
    // Other fields, and the same UPI id again, need nothing more.
    expect((await put(brand.domain, token, { userName: 'Asha R', vpa: 'asha@okbank' })).status).toBe(200);
    const ok = await put(brand.domain, token, { vpa: 'asha@okaxis', currentPassword: PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.vpa).toBe('asha@okaxis');
    expect(await noticesFor(brand.id, email)).toEqual(['upi-changed', 'upi-changed']);
  });

  it('asks an account without a password to sign in again', async () => {
    const brand = await createTestBrand({ otpServices: { is_No_Password_Flow_Enabled: true } });
    const email = uniqueEmail();
    expect((await sendOtp(server, brand.domain, 'SIGNUP OR LOGIN', 'email', email)).status).toBe(200);
    const signIn = await post(brand.domain, '/api/auth/customer/otp/verify', { mode: 'SIGNUP OR LOGIN', channel: 'email', contact: email, otp: latestCode(brand.id, email, 'SIGNUP OR LOGIN') });
    expect(signIn.status).toBe(200);
    const token = await tokenOf(brand.domain, sessionCookie(signIn)!);
    await ageSession(signIn.body.customerId, 11);
    const stale = await put(brand.domain, token, { vpa: 'thief@okbank' });
    expect(stale.status).toBe(403);
    expect(stale.body.errorMessage).toBe('To change your UPI id, sign out and sign in again: your last sign-in was more than 10 minutes ago.');
  });
});

describe('code failures cannot lock a contact out for good', () => {
  const login = (host: string, email: string, otp: string, headers: Record<string, string> = {}) =>
    post(host, '/api/auth/customer/otp/verify', { mode: 'LOGIN', channel: 'email', contact: email, otp }, { headers });
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('counts wrong guesses at a live code, not the answers of a dead one', async () => {
    const brand = await codeSignInBrand();
    const email = uniqueEmail();
    await signUpWithPassword(server, brand.domain, email);
    expect((await sendOtp(server, brand.domain, 'LOGIN', 'email', email)).status).toBe(200);
    const code = latestCode(brand.id, email, 'LOGIN');
    const answers: string[] = [];
    for (let i = 0; i < 8; i++) answers.push((await login(brand.domain, email, wrongFor(code), { 'x-forwarded-for': `198.51.100.${60 + i}` })).body.errorMessage);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('Incorrect code. Please check it and try again.'));
    expect(answers.slice(4)).toEqual(Array(4).fill('This code was tried too many times. Please request a new one.'));
    // Five guesses reached the live code; the three at the dead code proved nothing.
    expect(await consecutiveFailures(brand.id, 'code', 'email', email)).toBe(5);
  });

  it('forgets a count that has had no failure for 24 hours', async () => {
    const brand = await codeSignInBrand();
    const email = uniqueEmail();
    await signUpWithPassword(server, brand.domain, email);
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await (await getDb()).insert(authFailures).values([
      { clientId: brand.id, subject: `code:email:${email}`, consecutive: 100, updatedAt: dayAgo },
      { clientId: brand.id, subject: `password:email:${email}`, consecutive: 100, updatedAt: dayAgo },
    ]);
    expect(await consecutiveFailures(brand.id, 'code', 'email', email)).toBe(0);
    // A wrong password starts a new count at 1, and codes are served and accepted again.
    expect((await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: 'wrong password 1' })).status).toBe(400);
    expect(await consecutiveFailures(brand.id, 'password', 'email', email)).toBe(1);
    expect((await sendOtp(server, brand.domain, 'LOGIN', 'email', email)).status).toBe(200);
    expect((await login(brand.domain, email, latestCode(brand.id, email, 'LOGIN'))).status).toBe(200);
  });

  it('counts wrong codes at the signed-in confirmation against the account, not the contact', async () => {
    const brand = await codeSignInBrand();
    const victim = uniqueEmail();
    const { cookie, customerId } = await signUpWithPassword(server, brand.domain, victim, 'email', { verify: false });
    const token = await tokenOf(brand.domain, cookie);
    expect((await post(brand.domain, '/api/auth/customer/verify-contact/send', undefined, { token })).status).toBe(200);
    const sent = latestCode(brand.id, victim, 'VERIFY');
    expect((await post(brand.domain, '/api/auth/customer/verify-contact', { otp: wrongFor(sent) }, { token })).status).toBe(400);
    expect(await consecutiveFailures(brand.id, 'code', 'email', victim)).toBe(0);
    expect(await failuresOf(brand.id, accountSubject(customerId))).toBe(1);
    // The account's own count locks its confirmation; the contact's owner still signs in by code.
    await (await getDb()).update(authFailures).set({ consecutive: 100 }).where(eq(authFailures.subject, accountSubject(customerId)));
    expect((await post(brand.domain, '/api/auth/customer/verify-contact', { otp: sent }, { token })).status).toBe(429);
    expect((await sendOtp(server, brand.domain, 'LOGIN', 'email', victim)).status).toBe(200);
    expect((await login(brand.domain, victim, latestCode(brand.id, victim, 'LOGIN'))).status).toBe(200);
  });
});

describe('the known-device cookie', () => {
  const deviceOf = (res: { headers: { 'set-cookie'?: string[] } }) => (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('bv_device='))?.split(';')[0];

  it('is not given to an unverified account', async () => {
    const brand = await createTestBrand();
    const { res } = await signUpWithPassword(server, brand.domain, uniqueEmail(), 'email', { verify: false });
    expect(sessionCookie(res)).toBeDefined();
    expect(deviceOf(res)).toBeUndefined();
  });

  it('is forgotten after a password reset or change', async () => {
    const brand = await codeSignInBrand();
    const email = uniqueEmail();
    const { res } = await signUpWithPassword(server, brand.domain, email);
    const before = deviceOf(res)!;
    expect(before).toBeDefined();
    const lockCodes = async () => {
      await (await getDb())
        .insert(authFailures)
        .values({ clientId: brand.id, subject: `code:email:${email}`, consecutive: 100 })
        .onConflictDoUpdate({ target: [authFailures.clientId, authFailures.subject], set: { consecutive: 100, updatedAt: new Date() } });
      await clearSendThrottle(brand.id);
      expect((await sendOtp(server, brand.domain, 'LOGIN', 'email', email)).status).toBe(200);
    };
    const codeSignIn = (cookie: string) =>
      post(brand.domain, '/api/auth/customer/otp/verify', { mode: 'LOGIN', channel: 'email', contact: email, otp: latestCode(brand.id, email, 'LOGIN') }, { cookie });
    await lockCodes();
    expect((await codeSignIn(before)).status).toBe(200); // known before the reset

    await clearSendThrottle(brand.id);
    expect((await sendOtp(server, brand.domain, 'FORGOT PASSWORD', 'email', email)).status).toBe(200);
    const reset = await post(brand.domain, '/api/auth/customer/forgot-password/reset', { channel: 'email', contact: email, otp: latestCode(brand.id, email, 'FORGOT PASSWORD'), password: OTHER_PASSWORD });
    expect(reset.status).toBe(200);
    await lockCodes();
    expect((await codeSignIn(before)).status).toBe(429);

    const signIn = await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: OTHER_PASSWORD });
    const after = deviceOf(signIn)!;
    const token = await tokenOf(brand.domain, sessionCookie(signIn)!);
    expect((await post(brand.domain, '/api/auth/customer/change-password', { currentPassword: OTHER_PASSWORD, newPassword: PASSWORD }, { token })).status).toBe(200);
    await lockCodes();
    expect((await codeSignIn(after)).status).toBe(429);
  });
});

describe('the current password is limited before it is checked', () => {
  it('refuses even the right password after 10 wrong ones, on a password change and a new UPI id', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    const { cookie, customerId } = await signUpWithPassword(server, brand.domain, email);
    const token = await tokenOf(brand.domain, cookie);
    for (let i = 0; i < 10; i++) {
      const res = await post(brand.domain, '/api/auth/customer/change-password', { currentPassword: `wrong password ${i}`, newPassword: OTHER_PASSWORD }, { token });
      expect(res.status).toBe(400);
    }
    expect(await consecutiveFailures(brand.id, 'password', 'email', email)).toBe(10);
    const right = await post(brand.domain, '/api/auth/customer/change-password', { currentPassword: PASSWORD, newPassword: OTHER_PASSWORD }, { token });
    expect(right.status).toBe(429);

    // The same count guards a new UPI id (a session older than 10 minutes needs the password).
    await (await getDb()).update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.customerId, customerId));
    const upi = await call(server, brand.domain, 'PUT', '/api/customer/customer-profile', { token, body: { vpa: 'thief@okbank', currentPassword: PASSWORD } });
    expect(upi.status).toBe(429);
    expect((await customerRow(brand.id, customerId))!.vpa).toBeNull();
  });
});

import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import {
  OTHER_PASSWORD,
  PASSWORD,
  accessToken,
  clearSendThrottle,
  confirmContact,
  codesFor,
  countCustomers,
  customerRow,
  latestCode,
  postTo,
  sendOtp,
  sessionCookie,
  signUpWithPassword,
  uniqueEmail,
  uniqueMobile,
} from './auth-support';

// Every account flow in each otpServices combination, over HTTP, reading codes from the outbox.

jest.setTimeout(30_000); // password hashing is deliberately slow, more so on a busy 2-core CI machine
const server = apiServerForFile();

const post = postTo(server);

async function profile(host: string, cookie: string) {
  const t = await accessToken(server, host, cookie);
  expect(t.status).toBe(200);
  return call(server, host, 'GET', '/api/customer/customer-profile', { token: t.body.accessToken });
}

describe('password brand (default otpServices: e-mail, passwords, user names)', () => {
  it('signs up, gets a token, reads the profile, signs out and signs in again', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    // Sign-up signs nobody in: it sends a code to confirm the contact (account-security.test.ts).
    const sent = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: email.toUpperCase(), password: PASSWORD, userName: 'Asha' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ sent: true, channel: 'email' });
    // Without the code, the password signs in to the (unverified) account.
    const up = await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ customerId: expect.any(String), isNewCustomer: false });
    const setCookie = up.headers['set-cookie']![0]!;
    expect(setCookie).toMatch(/^bv_session=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);

    const cookie = sessionCookie(up)!;
    const token = await accessToken(server, brand.domain, cookie);
    expect(token.status).toBe(200);
    expect(token.body._id).toBe(up.body.customerId);
    // Unverified until the code sent to the contact is used (docs/security.md, "Accounts").
    const before = await call(server, brand.domain, 'PUT', '/api/customer/customer-profile', { token: token.body.accessToken, body: { userName: 'Asha R' } });
    expect(before.status).toBe(403);
    await confirmContact(server, brand.domain, cookie, email);
    const me = await call(server, brand.domain, 'GET', '/api/customer/customer-profile', { token: token.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ _id: up.body.customerId, userName: 'Asha', emailId: email, mobileNoDetails: null, gender: 'female', dataStatus: 'ACTIVE', hasPassword: true });
    expect(me.body.address).toEqual({ fullAddress: '', city: '', country: '', state: '', pincode: '' });

    const out = await post(brand.domain, '/api/auth/customer/logout', undefined, { cookie });
    expect(out.status).toBe(200);
    expect(out.headers['set-cookie']![0]).toMatch(/^bv_session=; Path=\/; Max-Age=0;/);

    const inAgain = await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD });
    expect(inAgain.status).toBe(200);
    expect(inAgain.body).toEqual({ customerId: up.body.customerId, isNewCustomer: false });
    expect(sessionCookie(inAgain)).toBeDefined();
  });

  it('stores a slow self-describing hash, never the password', async () => {
    const brand = await createTestBrand();
    const { customerId } = await signUpWithPassword(server, brand.domain, uniqueEmail());
    const row = await customerRow(brand.id, customerId);
    expect(row!.passwordHash).toMatch(/^scrypt\$N=\d+,r=\d+,p=\d+\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
  });

  it('answers a wrong password and an unknown account with the same 400', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    await signUpWithPassword(server, brand.domain, email);
    const wrong = await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: 'not the password' });
    const unknown = await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: uniqueEmail(), password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual({ errorMessage: 'Incorrect email/mobile number or password.', code: 'bad_request' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('requires a password and a user name, and refuses common passwords', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    const noPw = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: email, userName: 'A' });
    expect(noPw.status).toBe(422);
    expect(noPw.body).toMatchObject({ errorMessage: 'password is required', field: 'password' });
    const noName = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: email, password: PASSWORD });
    expect(noName.status).toBe(422);
    expect(noName.body).toMatchObject({ errorMessage: 'userName is required', field: 'userName' });
    for (const weak of ['Password123', 'aaaaaaaa', '12345678', 'qwertyuiop']) {
      const res = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: email, password: weak, userName: 'A' });
      expect(res.status).toBe(422);
      expect(res.body.errorMessage).toMatch(/^password: is too common/);
    }
    const short = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: email, password: 'abc', userName: 'A' });
    expect(short.status).toBe(422);
    expect(short.body.errorMessage).toBe('password: must be at least 8 characters');
    expect(await countCustomers(brand.id)).toBe(0);
  });

  it('refuses OTP sign-in and the mobile channel, which this brand has not switched on', async () => {
    const brand = await createTestBrand();
    const otp = await sendOtp(server, brand.domain, 'LOGIN', 'email', uniqueEmail());
    expect(otp.status).toBe(400);
    expect(otp.body.errorMessage).toBe('mode LOGIN is not available for this brand.');
    const mobile = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'mobile', contact: uniqueMobile(), password: PASSWORD, userName: 'A' });
    expect(mobile.status).toBe(400);
    expect(mobile.body.errorMessage).toBe('Sign-in by mobile number is not available for this brand.');
  });

  it('resets a forgotten password with a code, and revokes every session', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    const { cookie } = await signUpWithPassword(server, brand.domain, email);
    const token = (await accessToken(server, brand.domain, cookie)).body.accessToken;
    expect((await sendOtp(server, brand.domain, 'FORGOT PASSWORD', 'email', email)).status).toBe(200);
    const code = latestCode(brand.id, email, 'FORGOT PASSWORD');
    const reset = await post(brand.domain, '/api/auth/customer/forgot-password/reset', { channel: 'email', contact: email, otp: code, password: OTHER_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true });

    expect((await accessToken(server, brand.domain, cookie)).status).toBe(401);
    expect((await call(server, brand.domain, 'GET', '/api/customer/customer-profile', { token })).status).toBe(401);
    expect((await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD })).status).toBe(400);
    expect((await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: OTHER_PASSWORD })).status).toBe(200);
    const replay = await post(brand.domain, '/api/auth/customer/forgot-password/reset', { channel: 'email', contact: email, otp: code, password: PASSWORD });
    expect(replay.status).toBe(400);
  });

  it('changes the password: current one required, other sessions revoked, this browser gets a fresh session', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    const { cookie: first } = await signUpWithPassword(server, brand.domain, email);
    const other = sessionCookie(await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD }))!;
    const token = (await accessToken(server, brand.domain, first)).body.accessToken;

    const missing = await post(brand.domain, '/api/auth/customer/change-password', { newPassword: OTHER_PASSWORD }, { token });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ errorMessage: 'currentPassword is required', field: 'currentPassword' });
    const wrong = await post(brand.domain, '/api/auth/customer/change-password', { currentPassword: 'nope nope nope', newPassword: OTHER_PASSWORD }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errorMessage: 'Current password is incorrect.', field: 'currentPassword' });

    const ok = await post(brand.domain, '/api/auth/customer/change-password', { currentPassword: PASSWORD, newPassword: OTHER_PASSWORD }, { token });
    expect(ok.status).toBe(200);
    const fresh = sessionCookie(ok)!;
    expect((await accessToken(server, brand.domain, first)).status).toBe(401);
    expect((await accessToken(server, brand.domain, other)).status).toBe(401);
    expect((await call(server, brand.domain, 'GET', '/api/customer/customer-profile', { token })).status).toBe(401);
    expect((await accessToken(server, brand.domain, fresh)).status).toBe(200);
  });
});

describe('registration OTP brand (isRegistartionOtpEnabled)', () => {
  it('needs a SIGNUP code to sign up, and a wrong one creates nothing', async () => {
    const brand = await createTestBrand({ otpServices: { isRegistartionOtpEnabled: true } });
    const email = uniqueEmail();
    const without = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: email, password: PASSWORD, userName: 'A' });
    expect(without.status).toBe(422);
    expect(without.body.errorMessage).toBe('otp is required');
    expect((await sendOtp(server, brand.domain, 'SIGNUP', 'email', email)).status).toBe(200);
    const code = latestCode(brand.id, email, 'SIGNUP');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const bad = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: email, password: PASSWORD, userName: 'A', otp: wrongCode });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toBe('Incorrect code. Please check it and try again.');
    expect(await countCustomers(brand.id)).toBe(0);
    const good = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: email, password: PASSWORD, userName: 'A', otp: code });
    expect(good.status).toBe(201);
  });
});

describe('OTP sign-in by mobile (isOtpServiceEnabled + isLoginOtpEnabled, mobile only)', () => {
  const config = { otpServices: { isOtpServiceEnabled: true, isLoginOtpEnabled: true, isMobileNoServiceEnabled: true, isEmailServiceEnabled: false } };

  it('signs up and in with SIGNUP OR LOGIN, then signs in with LOGIN', async () => {
    const brand = await createTestBrand(config);
    const mobile = uniqueMobile();
    const sent = await sendOtp(server, brand.domain, 'SIGNUP OR LOGIN', 'mobile', mobile);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sent: true, channel: 'mobile', maskedContact: expect.stringMatching(/^\+91\*+\d{4}$/), expiresInSeconds: 600, resendAfterSeconds: 30 });
    const normalized = `+91${mobile}`;
    const first = await post(brand.domain, '/api/auth/customer/otp/verify', { mode: 'SIGNUP OR LOGIN', channel: 'mobile', contact: mobile, otp: latestCode(brand.id, normalized, 'SIGNUP OR LOGIN'), userName: 'Ravi' });
    expect(first.status).toBe(200);
    expect(first.body.isNewCustomer).toBe(true);
    const me = await profile(brand.domain, sessionCookie(first)!);
    expect(me.body).toMatchObject({ userName: 'Ravi', mobileNoDetails: { mobileNo: normalized }, emailId: null, hasPassword: false });

    expect((await sendOtp(server, brand.domain, 'LOGIN', 'mobile', normalized)).status).toBe(200);
    const again = await post(brand.domain, '/api/auth/customer/otp/verify', { mode: 'LOGIN', channel: 'mobile', contact: normalized, otp: latestCode(brand.id, normalized, 'LOGIN') });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ customerId: first.body.customerId, isNewCustomer: false });
  });

  it('refuses the e-mail channel on this brand', async () => {
    const brand = await createTestBrand(config);
    const res = await sendOtp(server, brand.domain, 'LOGIN', 'email', uniqueEmail());
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe('Sign-in by e-mail is not available for this brand.');
  });
});

describe('OTP sign-in by e-mail', () => {
  const config = { otpServices: { isOtpServiceEnabled: true, isLoginOtpEnabled: true } };

  it('signs a password account in with a LOGIN code', async () => {
    const brand = await createTestBrand(config);
    const email = uniqueEmail();
    const { customerId } = await signUpWithPassword(server, brand.domain, email);
    expect((await sendOtp(server, brand.domain, 'LOGIN', 'email', email)).status).toBe(200);
    const res = await post(brand.domain, '/api/auth/customer/otp/verify', { mode: 'LOGIN', channel: 'email', contact: email, otp: latestCode(brand.id, email, 'LOGIN') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ customerId, isNewCustomer: false });
  });
});

describe('no-password flow (is_No_Password_Flow_Enabled)', () => {
  const config = { otpServices: { is_No_Password_Flow_Enabled: true, isMobileNoServiceEnabled: true } };

  it('signs up with a SIGNUP code and no password, then signs in with a LOGIN code', async () => {
    const brand = await createTestBrand(config);
    const email = uniqueEmail();
    await sendOtp(server, brand.domain, 'SIGNUP', 'email', email);
    const up = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: email, userName: 'Mina', otp: latestCode(brand.id, email, 'SIGNUP') });
    expect(up.status).toBe(201);
    expect((await customerRow(brand.id, up.body.customerId))!.passwordHash).toBeNull();
    await sendOtp(server, brand.domain, 'LOGIN', 'email', email);
    const inRes = await post(brand.domain, '/api/auth/customer/otp/verify', { mode: 'LOGIN', channel: 'email', contact: email, otp: latestCode(brand.id, email, 'LOGIN') });
    expect(inRes.status).toBe(200);
  });

  it('refuses passwords: password sign-in, a password at sign-up, and FORGOT PASSWORD codes', async () => {
    const brand = await createTestBrand(config);
    const email = uniqueEmail();
    const login = await post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: PASSWORD });
    expect(login.status).toBe(400);
    expect(login.body.errorMessage).toBe('This brand signs in with a one-time code, not a password.');
    const up = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: email, password: PASSWORD, userName: 'A', otp: '123456' });
    expect(up.status).toBe(422);
    expect(up.body.errorMessage).toMatch(/^password: /);
    const forgot = await sendOtp(server, brand.domain, 'FORGOT PASSWORD', 'email', email);
    expect(forgot.status).toBe(400);
    expect(forgot.body.errorMessage).toBe('mode FORGOT PASSWORD is not available for this brand.');
    expect(await countCustomers(brand.id)).toBe(0);
  });
});

describe('user-name intake', () => {
  it('ignores a user name when the brand does not take them', async () => {
    const brand = await createTestBrand({ otpServices: { is_UserName_Intake_Enabled: false } });
    const email = uniqueEmail();
    const up = await post(brand.domain, '/api/auth/customer/web/signup', { channel: 'email', contact: email, password: PASSWORD });
    expect(up.status).toBe(201);
    const { customerId } = await signUpWithPassword(server, brand.domain, uniqueEmail()); // userName 'Asha'
    expect((await customerRow(brand.id, customerId))!.userName).toBeNull();
  });
});

describe('same answer for known and unknown accounts', () => {
  it('answers otp/send alike, but delivers LOGIN and FORGOT PASSWORD codes only to accounts', async () => {
    const brand = await createTestBrand({ otpServices: { isOtpServiceEnabled: true, isLoginOtpEnabled: true } });
    const known = uniqueEmail();
    const unknown = uniqueEmail();
    await signUpWithPassword(server, brand.domain, known);
    for (const mode of ['LOGIN', 'FORGOT PASSWORD'] as const) {
      const a = await sendOtp(server, brand.domain, mode, 'email', known);
      const b = await sendOtp(server, brand.domain, mode, 'email', unknown);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(Object.keys(b.body).sort()).toEqual(Object.keys(a.body).sort());
      expect(b.body.expiresInSeconds).toBe(a.body.expiresInSeconds);
      expect(codesFor(brand.id, known, mode)).toHaveLength(1);
      expect(codesFor(brand.id, unknown, mode)).toHaveLength(0);
    }
    const resetUnknown = await post(brand.domain, '/api/auth/customer/forgot-password/reset', { channel: 'email', contact: unknown, otp: '123456', password: OTHER_PASSWORD });
    expect(resetUnknown.status).toBe(400);
    expect(resetUnknown.body.errorMessage).toBe('Incorrect code. Please check it and try again.');
  });
});

describe('two brands share nothing', () => {
  it('keeps the same e-mail as two customers, and a cookie of one brand is refused by the other', async () => {
    const a = await createTestBrand();
    const b = await createTestBrand();
    const email = uniqueEmail();
    const ca = await signUpWithPassword(server, a.domain, email);
    const cb = await signUpWithPassword(server, b.domain, email);
    expect(ca.customerId).not.toBe(cb.customerId);
    expect((await accessToken(server, b.domain, ca.cookie)).status).toBe(401);
    const login = await post(b.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password: 'wrong wrong wrong' });
    expect(login.status).toBe(400);
    await clearSendThrottle(a.id);
  });
});

describe('GET /api/openapi.json', () => {
  it('publishes every account endpoint', async () => {
    const res = await call(server, 'anything.localhost', 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/customer/otp/send',
        '/api/auth/customer/otp/verify',
        '/api/auth/customer/web/login',
        '/api/auth/customer/web/signup',
        '/api/auth/customer/forgot-password/reset',
        '/api/auth/customer/change-password',
        '/api/auth/customer/web/generate-access-token',
        '/api/auth/customer/logout',
        '/api/customer/customer-profile',
        '/api/customer/delete-account',
      ]),
    );
    expect(res.body.paths['/api/auth/customer/web/signup'].post.requestBody.content['application/json'].schema).toBeDefined();
  });
});

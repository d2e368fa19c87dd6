import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { codesFor, countCustomers, PASSWORD, uniqueEmail } from './auth-support';

// Bad input on the account endpoints: a clear 4xx naming the problem, and nothing changed.

jest.setTimeout(30_000); // password hashing is deliberately slow, more so on a busy 2-core CI machine
const server = apiServerForFile();

const brandConfig = { otpServices: { isOtpServiceEnabled: true, isLoginOtpEnabled: true, isMobileNoServiceEnabled: true } };

async function expectNothingChanged(brand: { id: string }, contact?: string) {
  expect(await countCustomers(brand.id)).toBe(0);
  if (contact) expect(codesFor(brand.id, contact)).toHaveLength(0);
}

describe('bad input on sign-up and code sending', () => {
  const signup = (host: string, body: unknown) => call(server, host, 'POST', '/api/auth/customer/web/signup', { body });
  const send = (host: string, body: unknown) => call(server, host, 'POST', '/api/auth/customer/otp/send', { body });

  it.each([
    ['a missing field', { channel: 'email', password: PASSWORD, userName: 'A' }, 'contact is required'],
    ['a wrong type', { channel: 'email', contact: 42, password: PASSWORD, userName: 'A' }, /^contact/],
    ['an unknown channel', { channel: 'fax', contact: 'a@example.com', password: PASSWORD, userName: 'A' }, /^channel: /],
    ['an over-long contact', { channel: 'email', contact: `${'a'.repeat(250)}@example.com`, password: PASSWORD, userName: 'A' }, /^contact: /],
    ['an over-long password', { channel: 'email', contact: 'a@example.com', password: 'x'.repeat(129), userName: 'A' }, 'password: must be at most 128 characters'],
    ['an over-long user name', { channel: 'email', contact: 'a@example.com', password: PASSWORD, userName: 'x'.repeat(81) }, 'userName: must be at most 80 characters'],
    ['an unknown field', { channel: 'email', contact: 'a@example.com', password: PASSWORD, userName: 'A', isAdmin: true }, 'Unknown field: isAdmin'],
    ['an invalid e-mail', { channel: 'email', contact: 'not-an-email', password: PASSWORD, userName: 'A' }, 'contact: must be a valid e-mail address'],
    ['an invalid mobile number', { channel: 'mobile', contact: '12345', password: PASSWORD, userName: 'A' }, 'contact: must be a valid mobile number, e.g. +919876543210'],
    ['a malformed otp', { channel: 'email', contact: 'a@example.com', password: PASSWORD, userName: 'A', otp: '12ab56' }, 'otp: must be the 6-digit code'],
  ])('answers 422 for %s at sign-up', async (_what, body, message) => {
    const brand = await createTestBrand(brandConfig);
    const res = await signup(brand.domain, body);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('unprocessable');
    if (typeof message === 'string') expect(res.body.errorMessage).toBe(message);
    else expect(res.body.errorMessage).toMatch(message);
    expect(res.headers['set-cookie']).toBeUndefined();
    await expectNothingChanged(brand);
  });

  it('answers 422 for an unknown mode, and sends nothing', async () => {
    const brand = await createTestBrand(brandConfig);
    const email = uniqueEmail();
    const res = await send(brand.domain, { mode: 'RESET', channel: 'email', contact: email });
    expect(res.status).toBe(422);
    expect(res.body.errorMessage).toMatch(/^mode: /);
    await expectNothingChanged(brand, email);
  });

  it('answers 415 for a text/plain body', async () => {
    const brand = await createTestBrand(brandConfig);
    const email = uniqueEmail();
    const res = await call(server, brand.domain, 'POST', '/api/auth/customer/otp/send', {
      rawBody: JSON.stringify({ mode: 'SIGNUP OR LOGIN', channel: 'email', contact: email }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ errorMessage: 'Content-Type must be application/json', code: 'unsupported_media_type' });
    await expectNothingChanged(brand, email);
  });

  it('answers 403 without the x-requested-with header', async () => {
    const brand = await createTestBrand(brandConfig);
    const email = uniqueEmail();
    const res = await call(server, brand.domain, 'POST', '/api/auth/customer/web/signup', {
      body: { channel: 'email', contact: email, password: PASSWORD, userName: 'A' },
      headers: { 'x-requested-with': '' },
    });
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe('Missing x-requested-with header');
    await expectNothingChanged(brand, email);
  });

  it('answers 403 to a cross-site Origin', async () => {
    const brand = await createTestBrand(brandConfig);
    const email = uniqueEmail();
    const res = await call(server, brand.domain, 'POST', '/api/auth/customer/otp/send', {
      body: { mode: 'SIGNUP OR LOGIN', channel: 'email', contact: email },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe('Cross-site request refused');
    await expectNothingChanged(brand, email);
  });

  it('answers 404 for a host no brand serves', async () => {
    const res = await call(server, 'nobody.localhost', 'POST', '/api/auth/customer/web/login', { body: { channel: 'email', contact: 'a@example.com', password: PASSWORD } });
    expect(res.status).toBe(404);
    expect(res.body.errorMessage).toBe('No App data found.');
  });
});

describe('bad input on the other account endpoints', () => {
  it('refuses an over-long or missing password at login, and a short new password at reset, changing nothing', async () => {
    const brand = await createTestBrand(brandConfig);
    const login = await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', { body: { channel: 'email', contact: 'a@example.com', password: 'x'.repeat(129) } });
    expect(login.status).toBe(422);
    expect(login.body.errorMessage).toMatch(/^password: /);
    const missing = await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', { body: { channel: 'email', contact: 'a@example.com' } });
    expect(missing.body.errorMessage).toBe('password is required');
    const reset = await call(server, brand.domain, 'POST', '/api/auth/customer/forgot-password/reset', { body: { channel: 'email', contact: 'a@example.com', otp: '123456', password: 'short' } });
    expect(reset.status).toBe(422);
    expect(reset.body.errorMessage).toBe('password: must be at least 8 characters');
    const verify = await call(server, brand.domain, 'POST', '/api/auth/customer/otp/verify', { body: { mode: 'SIGNUP', channel: 'email', contact: 'a@example.com', otp: '123456' } });
    expect(verify.status).toBe(422);
    expect(verify.body.errorMessage).toMatch(/^mode: /);
    await expectNothingChanged(brand);
  });
});

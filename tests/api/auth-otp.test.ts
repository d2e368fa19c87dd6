import { and, eq } from 'drizzle-orm';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { getDb } from '@/lib/db/client';
import { otps } from '@/lib/db/schema';
import { clearSendThrottle, codesFor, latestCode, sendOtp, uniqueEmail, PASSWORD } from './auth-support';
import { awayFromWindowEnd } from '../support/rate-windows';

// One-time codes: expiry, single use, 5 wrong tries, purpose binding, throttling, storage.

jest.setTimeout(90_000); // slow password hashing on a busy 2-core machine, and waits for a fresh rate-limit window
const server = apiServerForFile();

const otpBrand = () => createTestBrand({ otpServices: { isOtpServiceEnabled: true, isLoginOtpEnabled: true, isRegistartionOtpEnabled: true } });
const verify = (host: string, contact: string, otp: string, mode = 'SIGNUP OR LOGIN') =>
  call(server, host, 'POST', '/api/auth/customer/otp/verify', { body: { mode, channel: 'email', contact, otp } });
const wrong = (code: string) => (code === '999999' ? '000000' : String(Number(code) + 1).padStart(6, '0'));

describe('one-time codes', () => {
  it('stores only a hash of the code, and it expires after 10 minutes', async () => {
    const brand = await otpBrand();
    const email = uniqueEmail();
    await sendOtp(server, brand.domain, 'SIGNUP OR LOGIN', 'email', email);
    const code = latestCode(brand.id, email, 'SIGNUP OR LOGIN');
    expect(code).toMatch(/^\d{6}$/);
    const db = await getDb();
    const [row] = await db.select().from(otps).where(and(eq(otps.clientId, brand.id), eq(otps.target, email)));
    expect(row!.codeHash).not.toContain(code);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBe(10 * 60 * 1000);

    await db.update(otps).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(otps.id, row!.id));
    const res = await verify(brand.domain, email, code);
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe('This code has expired. Please request a new one.');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('works once only', async () => {
    const brand = await otpBrand();
    const email = uniqueEmail();
    await sendOtp(server, brand.domain, 'SIGNUP OR LOGIN', 'email', email);
    const code = latestCode(brand.id, email, 'SIGNUP OR LOGIN');
    expect((await verify(brand.domain, email, code)).status).toBe(200);
    const again = await verify(brand.domain, email, code);
    expect(again.status).toBe(400);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('dies after 5 wrong tries: the right code then fails too', async () => {
    const brand = await otpBrand();
    const email = uniqueEmail();
    await sendOtp(server, brand.domain, 'SIGNUP OR LOGIN', 'email', email);
    const code = latestCode(brand.id, email, 'SIGNUP OR LOGIN');
    for (let i = 1; i <= 4; i++) {
      const res = await verify(brand.domain, email, wrong(code));
      expect(res.body).toMatchObject({ errorMessage: 'Incorrect code. Please check it and try again.', field: 'otp' });
    }
    const fifth = await verify(brand.domain, email, wrong(code));
    expect(fifth.body.errorMessage).toBe('This code was tried too many times. Please request a new one.');
    const sixth = await verify(brand.domain, email, code);
    expect(sixth.status).toBe(400);
    expect(sixth.body.errorMessage).toBe('This code was tried too many times. Please request a new one.');
  });

  it('binds a code to its purpose: a SIGNUP code does not sign in', async () => {
    const brand = await otpBrand();
    const email = uniqueEmail();
    await sendOtp(server, brand.domain, 'SIGNUP', 'email', email);
    const code = latestCode(brand.id, email, 'SIGNUP');
    expect((await verify(brand.domain, email, code, 'LOGIN')).status).toBe(400);
    expect((await verify(brand.domain, email, code, 'SIGNUP OR LOGIN')).status).toBe(400);
    // still good for what it was sent for
    const up = await call(server, brand.domain, 'POST', '/api/auth/customer/web/signup', { body: { channel: 'email', contact: email, password: PASSWORD, userName: 'A', otp: code } });
    expect(up.status).toBe(201);
  });

  it('binds a code to its brand and its contact', async () => {
    const a = await otpBrand();
    const b = await otpBrand();
    const email = uniqueEmail();
    await sendOtp(server, a.domain, 'SIGNUP OR LOGIN', 'email', email);
    const code = latestCode(a.id, email, 'SIGNUP OR LOGIN');
    expect((await verify(b.domain, email, code)).status).toBe(400);
    expect((await verify(a.domain, uniqueEmail(), code)).status).toBe(400);
    expect((await verify(a.domain, email, code)).status).toBe(200);
  });

  it('retires the older code when a new one is sent', async () => {
    const brand = await otpBrand();
    const email = uniqueEmail();
    await sendOtp(server, brand.domain, 'SIGNUP OR LOGIN', 'email', email);
    const first = latestCode(brand.id, email, 'SIGNUP OR LOGIN');
    await clearSendThrottle(brand.id);
    await sendOtp(server, brand.domain, 'SIGNUP OR LOGIN', 'email', email);
    const second = latestCode(brand.id, email, 'SIGNUP OR LOGIN');
    if (first !== second) expect((await verify(brand.domain, email, first)).status).toBe(400);
    expect((await verify(brand.domain, email, second)).status).toBe(200);
  });

  it('throttles sends from one address: one per 30 seconds per contact and mode, five an hour per contact (429 with Retry-After)', async () => {
    const brand = await otpBrand();
    const email = uniqueEmail();
    await awayFromWindowEnd(30);
    expect((await sendOtp(server, brand.domain, 'SIGNUP OR LOGIN', 'email', email)).status).toBe(200);
    const soon = await sendOtp(server, brand.domain, 'SIGNUP OR LOGIN', 'email', email);
    expect(soon.status).toBe(429);
    expect(soon.body).toEqual({ errorMessage: 'Please wait 30 seconds before asking for another code.', code: 'rate_limited' });
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(codesFor(brand.id, email)).toHaveLength(1);

    await awayFromWindowEnd(3600, 30_000); // the per-contact count is hourly
    for (let i = 0; i < 4; i++) {
      await clearSendThrottleForMode(brand.id);
      expect((await sendOtp(server, brand.domain, 'SIGNUP OR LOGIN', 'email', email)).status).toBe(200);
    }
    await clearSendThrottleForMode(brand.id);
    const sixth = await sendOtp(server, brand.domain, 'SIGNUP OR LOGIN', 'email', email);
    expect(sixth.status).toBe(429);
    expect(sixth.body.errorMessage).toBe('Too many codes were sent to this contact. Please try again later.');
    expect(codesFor(brand.id, email)).toHaveLength(5);
  });

  it('throttles sends per address across contacts', async () => {
    const brand = await otpBrand();
    let last;
    await awayFromWindowEnd(3600, 30_000); // the per-address count is hourly
    for (let i = 0; i < 31; i++) last = await sendOtp(server, brand.domain, 'SIGNUP OR LOGIN', 'email', uniqueEmail());
    expect(last!.status).toBe(429);
    expect(last!.body.code).toBe('rate_limited');
  });

  it('limits failed password sign-ins per contact (429)', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    await awayFromWindowEnd(900, 30_000); // failed sign-ins are counted per 15 minutes
    for (let i = 0; i < 10; i++) {
      const res = await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', { body: { channel: 'email', contact: email, password: `wrong password ${i}` } });
      expect(res.status).toBe(400);
    }
    const locked = await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', { body: { channel: 'email', contact: email, password: 'another wrong one' } });
    expect(locked.status).toBe(429);
    expect(locked.body.errorMessage).toMatch(/Too many failed sign-in attempts/);
    expect(locked.headers['retry-after']).toBeDefined();
  });
});

/** Clears only the 30-second per-mode windows, keeping the hourly per-contact counts. */
async function clearSendThrottleForMode(clientId: string) {
  const { rateLimits } = await import('@/lib/db/schema');
  const { like } = await import('drizzle-orm');
  const db = await getDb();
  await db.delete(rateLimits).where(like(rateLimits.key, `otp-send:resend:SIGNUP OR LOGIN:%:${clientId}:%|30`));
}


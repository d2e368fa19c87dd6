import { and, eq, inArray } from 'drizzle-orm';
import { accountSubject, contactCodeSubject, MAX_CONSECUTIVE_FAILURES } from '@/lib/api/auth/failures';
import { getDb } from '@/lib/db/client';
import { authFailures, otps, rateLimits, staff } from '@/lib/db/schema';
import { windowOf } from '@/lib/api/rate-limit';
import { readOutbox } from '@/lib/messaging/outbox';
import { totpCode } from '@/lib/auth/totp';
import { apiServerForFile, call, createTestBrand, type Res } from '../support/api-server';
import { awayFromWindowEnd } from '../support/rate-windows';
import { op } from '../support/aftersales';
import { consoleCall, createStaff, PASSWORD as STAFF_PASSWORD, sessionFor } from '../support/console';
import { remainingRecoveryCodes, replaceRecoveryCodes } from '@/lib/console/recovery-codes';
import { RECOVERY_CODE_ALPHABET } from '@/lib/domain/recovery-codes';
import { accessToken, clearSendThrottle, latestCode, OTHER_PASSWORD, PASSWORD, postTo, sendOtp, signUpWithPassword, uniqueEmail } from './auth-support';

// Guesses sent together (docs/security.md, "Guesses reserved before the check"): every limit on a
// secret takes its place before the secret is checked (lib/api/attempts.ts), so of at least 100
// simultaneous guesses no more are checked than the limit allows, and the right guess past the
// limit is refused. Before, each count was read before the check and raised after it: 120
// simultaneous console sign-ins were all checked and the right one, sent last, got 200.
//
// Two measures, each of which the old code failed: the answers (a 429 before the check; 400 wrong
// or 200 right after it), and the limit's own count in the database, which held every wrong guess
// checked (119 of 120 before) and now never passes the limit, each place a wrong guess that was
// checked. Guesses come from distinct addresses where the limit under test is not the address's
// own, so only that limit stands in the way.

jest.setTimeout(120_000);
const server = apiServerForFile();
const post = postTo(server);

const BURST = 110;
const address = (i: number) => `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`;
const tally = (answers: Res[]) => {
  const by: Record<number, number> = {};
  for (const a of answers) by[a.status] = (by[a.status] ?? 0) + 1;
  return by;
};
const checked = (answers: Res[]) => answers.filter((a) => a.status !== 429).length;
/** n guesses at once; `right` (if given) is the last, as the audit sent it. */
const burst = (n: number, guess: (i: number) => Promise<Res>) => Promise.all(Array.from({ length: n }, (_, i) => guess(i)));

/** The count of a window limit's current window (lib/api/rate-limit.ts). */
async function windowCount(key: string, windowSeconds: number) {
  const { bucket, windowStart } = windowOf(key, windowSeconds, new Date());
  const [row] = await (await getDb()).select({ n: rateLimits.count }).from(rateLimits).where(and(eq(rateLimits.key, bucket), eq(rateLimits.windowStart, windowStart)));
  return row?.n ?? 0;
}
/** At most `limit` checked, and the window holds exactly the wrong guesses that were. */
async function expectWindowHeld(answers: Res[], key: string, windowSeconds: number, limit: number) {
  const wrong = answers.filter((a) => a.status === 400).length;
  expect(checked(answers)).toBeLessThanOrEqual(limit);
  expect(await windowCount(key, windowSeconds)).toBe(wrong);
}

async function streakOf(clientId: string, subject: string) {
  const [row] = await (await getDb()).select({ n: authFailures.consecutive }).from(authFailures).where(and(eq(authFailures.clientId, clientId), eq(authFailures.subject, subject)));
  return row?.n ?? 0;
}
async function presetStreak(clientId: string, subject: string, n: number) {
  await (await getDb()).insert(authFailures).values({ clientId, subject, consecutive: n, updatedAt: new Date() }).onConflictDoUpdate({ target: [authFailures.clientId, authFailures.subject], set: { consecutive: n, updatedAt: new Date() } });
}

describe('customer passwords', () => {
  const login = (host: string, contact: string, password: string, from: string) =>
    post(host, '/api/auth/customer/web/login', { channel: 'email', contact, password }, { headers: { 'x-forwarded-for': from } });

  it('checks at most 10 of 110 simultaneous sign-ins of one contact (each from its own address), and refuses the right one past them', async () => {
    await awayFromWindowEnd(900, 30_000);
    const brand = await createTestBrand();
    const email = uniqueEmail();
    await signUpWithPassword(server, brand.domain, email);
    const answers = await burst(BURST, (i) => login(brand.domain, email, i === BURST - 1 ? PASSWORD : `wrong password ${i}`, address(i)));
    await expectWindowHeld(answers, `login-fail:target:${brand.id}:email:${email}`, 900, 10);
    expect(tally(answers)[429]).toBeGreaterThanOrEqual(BURST - 10);
    // The count of wrong passwords in a row took exactly the wrong ones that were checked.
    expect(await streakOf(brand.id, `password:email:${email}`)).toBe(answers.filter((a) => a.status === 400).length);
    // Whatever the order, the right password alone is now refused until the window ends.
    expect((await login(brand.domain, email, PASSWORD, address(500))).status).toBe(429);
  });

  it('checks at most 50 of 110 simultaneous sign-ins from one address (each at another contact)', async () => {
    await awayFromWindowEnd(900, 30_000);
    const brand = await createTestBrand();
    const answers = await burst(BURST, (i) => login(brand.domain, `nobody${i}@example.com`, 'wrong password', '203.0.113.77'));
    await expectWindowHeld(answers, `login-fail:ip:${brand.id}:203.0.113.77`, 900, 50);
    expect(tally(answers)[429]).toBeGreaterThanOrEqual(BURST - 50);
  });

  it('checks no more than the 100 wrong passwords in a row a contact may take, and refuses the right one past them', async () => {
    await awayFromWindowEnd(900, 30_000);
    const brand = await createTestBrand();
    const email = uniqueEmail();
    await signUpWithPassword(server, brand.domain, email);
    const subject = `password:email:${email}`;
    await presetStreak(brand.id, subject, MAX_CONSECUTIVE_FAILURES - 3);
    const answers = await burst(BURST, (i) => login(brand.domain, email, i === BURST - 1 ? PASSWORD : `wrong password ${i}`, address(i)));
    expect(checked(answers)).toBeLessThanOrEqual(3);
    expect(await streakOf(brand.id, subject)).toBeLessThanOrEqual(MAX_CONSECUTIVE_FAILURES);
    const right = await login(brand.domain, email, PASSWORD, address(600));
    expect(right.status).toBe(429);
    if (answers.at(-1)!.status !== 200) expect(right.body.errorMessage).toMatch(/Too many wrong passwords for this account|Too many failed sign-in attempts/);
  });

  it('checks at most 10 of 110 simultaneous current passwords of a signed-in account (password change and a new UPI id)', async () => {
    await awayFromWindowEnd(900, 30_000);
    const brand = await createTestBrand();
    const email = uniqueEmail();
    const { cookie, customerId } = await signUpWithPassword(server, brand.domain, email);
    const token = (await accessToken(server, brand.domain, cookie)).body.accessToken as string;
    const answers = await burst(BURST, (i) =>
      i % 2
        ? post(brand.domain, '/api/auth/customer/change-password', { currentPassword: i === BURST - 1 ? PASSWORD : `wrong password ${i}`, newPassword: OTHER_PASSWORD }, { token })
        : call(server, brand.domain, 'PUT', '/api/customer/customer-profile', { token, body: { vpa: 'thief@okbank', currentPassword: `wrong password ${i}` } }),
    );
    // A new UPI id asks for the password only when the sign-in is older than 10 minutes; those answers are 403/200 without a check.
    const passwordAnswers = answers.filter((_, i) => i % 2);
    expect(checked(passwordAnswers)).toBeLessThanOrEqual(10);
    expect(await windowCount(`change-password-fail:${brand.id}:${customerId}`, 900)).toBeLessThanOrEqual(10);
    expect((await post(brand.domain, '/api/auth/customer/change-password', { currentPassword: PASSWORD, newPassword: OTHER_PASSWORD }, { token })).status).toBe(429);
  });
});

describe('one-time codes', () => {
  const codeBrand = () => createTestBrand({ otpServices: { isOtpServiceEnabled: true, isLoginOtpEnabled: true } });
  const verify = (host: string, contact: string, otp: string, from: string) =>
    post(host, '/api/auth/customer/otp/verify', { mode: 'LOGIN', channel: 'email', contact, otp }, { headers: { 'x-forwarded-for': from } });
  const wrongFor = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
  /** Tries taken of the contacts' codes of a purpose (each guess takes one before it is compared). */
  const attemptsOf = async (clientId: string, contacts: string[], purpose: 'LOGIN' | 'FORGOT PASSWORD' | 'VERIFY') =>
    (
      await (await getDb())
        .select({ attempts: otps.attempts })
        .from(otps)
        .where(and(eq(otps.clientId, clientId), eq(otps.purpose, purpose), inArray(otps.target, contacts)))
    ).reduce((s, r) => s + r.attempts, 0);

  it('compares a code at most 5 times of 110 simultaneous guesses at it (a reset by code), and the right code past them is refused', async () => {
    const brand = await codeBrand();
    const email = uniqueEmail();
    await signUpWithPassword(server, brand.domain, email);
    await clearSendThrottle(brand.id);
    expect((await sendOtp(server, brand.domain, 'FORGOT PASSWORD', 'email', email)).status).toBe(200);
    const code = latestCode(brand.id, email, 'FORGOT PASSWORD');
    const reset = (otp: string, from: string) =>
      post(brand.domain, '/api/auth/customer/forgot-password/reset', { channel: 'email', contact: email, otp, password: OTHER_PASSWORD }, { headers: { 'x-forwarded-for': from } });
    const answers = await burst(BURST, (i) => reset(wrongFor(code, i), address(i)));
    expect(await attemptsOf(brand.id, [email], 'FORGOT PASSWORD')).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.errorMessage === 'Incorrect code. Please check it and try again.').length).toBeLessThanOrEqual(4);
    // The wrong guesses that found no try left counted nothing against the contact.
    expect(await streakOf(brand.id, contactCodeSubject('email', email))).toBeLessThanOrEqual(5);
    const right = await reset(code, address(700));
    expect(right.status).toBe(400);
    expect(right.body.errorMessage).toBe('This code was tried too many times. Please request a new one.');
  });

  it('compares at most 30 codes of 110 simultaneous guesses from one address at many live codes', async () => {
    await awayFromWindowEnd(900, 30_000);
    const brand = await codeBrand();
    const contacts: string[] = [];
    for (let i = 0; i < 22; i++) {
      const email = uniqueEmail();
      await signUpWithPassword(server, brand.domain, email, 'email', { headers: { 'x-forwarded-for': address(1000 + i) } });
      await clearSendThrottle(brand.id);
      expect((await sendOtp(server, brand.domain, 'LOGIN', 'email', email)).status).toBe(200);
      contacts.push(email);
    }
    const answers = await burst(BURST, (i) => {
      const contact = contacts[i % contacts.length]!;
      return verify(brand.domain, contact, wrongFor(latestCode(brand.id, contact, 'LOGIN'), i), '203.0.113.88');
    });
    expect(await attemptsOf(brand.id, contacts, 'LOGIN')).toBeLessThanOrEqual(30);
    expect(tally(answers)[429]).toBeGreaterThanOrEqual(BURST - 30 - 22 * 5);
    // The address is spent: even a right code is refused from it.
    const first = contacts[0]!;
    await clearSendThrottle(brand.id);
    expect((await sendOtp(server, brand.domain, 'LOGIN', 'email', first)).status).toBe(200);
    expect((await verify(brand.domain, first, latestCode(brand.id, first, 'LOGIN'), '203.0.113.88')).status).toBe(429);
  });

  it('compares no more codes than the 100 wrong in a row a contact may take, and refuses the right code past them', async () => {
    const brand = await codeBrand();
    const email = uniqueEmail();
    await signUpWithPassword(server, brand.domain, email);
    const subject = contactCodeSubject('email', email);
    await presetStreak(brand.id, subject, MAX_CONSECUTIVE_FAILURES - 2);
    await clearSendThrottle(brand.id);
    expect((await sendOtp(server, brand.domain, 'LOGIN', 'email', email)).status).toBe(200);
    const code = latestCode(brand.id, email, 'LOGIN');
    const answers = await burst(BURST, (i) => verify(brand.domain, email, wrongFor(code, i), address(i)));
    expect(await attemptsOf(brand.id, [email], 'LOGIN')).toBeLessThanOrEqual(2);
    expect(tally(answers)[429]).toBeGreaterThanOrEqual(BURST - 2);
    const right = await verify(brand.domain, email, code, address(800));
    expect(right.status).toBe(429);
    expect(right.body.errorMessage).toBe('Too many wrong codes for this account. Sign in with your password, or from a device you used before.');
  });

  it('compares no more codes at the signed-in confirmation than the account’s own count allows', async () => {
    const brand = await createTestBrand();
    const email = uniqueEmail();
    const { cookie, customerId } = await signUpWithPassword(server, brand.domain, email, 'email', { verify: false });
    const token = (await accessToken(server, brand.domain, cookie)).body.accessToken as string;
    await presetStreak(brand.id, accountSubject(customerId), MAX_CONSECUTIVE_FAILURES - 2);
    expect((await call(server, brand.domain, 'POST', '/api/auth/customer/verify-contact/send', { token })).status).toBe(200);
    const code = latestCode(brand.id, email, 'VERIFY');
    const confirm = (otp: string, from: string) => post(brand.domain, '/api/auth/customer/verify-contact', { otp }, { token, headers: { 'x-forwarded-for': from } });
    const answers = await burst(BURST, (i) => confirm(wrongFor(code, i), address(i)));
    expect(await attemptsOf(brand.id, [email], 'VERIFY')).toBeLessThanOrEqual(2);
    expect(tally(answers)[429]).toBeGreaterThanOrEqual(BURST - 2);
    expect((await confirm(code, address(900))).status).toBe(429);
  });
});

describe('the console', () => {
  const signIn = (email: string, password: string, from: string) =>
    consoleCall(server, 'POST', '/api/console/sign-in', { body: { email, password }, headers: { 'x-forwarded-for': from } });

  it('checks at most 10 of 120 simultaneous sign-ins of one e-mail, and refuses the right password sent last', async () => {
    await awayFromWindowEnd(900, 30_000);
    const brand = await createTestBrand();
    const account = await createStaff({ memberships: [{ clientId: brand.id, role: 'owner' }], totp: true });
    const answers = await burst(120, (i) => signIn(account.email, i === 119 ? STAFF_PASSWORD : `wrong password ${i}`, address(i)));
    await expectWindowHeld(answers, `console-login-fail:target:${account.email}`, 900, 10);
    expect((await signIn(account.email, STAFF_PASSWORD, address(950))).status).toBe(429);
  });

  it('checks at most 50 of 110 simultaneous sign-ins from one address', async () => {
    await awayFromWindowEnd(900, 30_000);
    const answers = await burst(BURST, (i) => signIn(`nobody-${i}-${Date.now()}@example.com`, 'wrong password', '203.0.113.99'));
    await expectWindowHeld(answers, 'console-login-fail:ip:203.0.113.99', 900, 50);
    expect(tally(answers)[429]).toBeGreaterThanOrEqual(BURST - 50);
  });

  it('checks at most 10 of 110 simultaneous authenticator codes, and refuses the right code past them', async () => {
    await awayFromWindowEnd(900, 30_000);
    const brand = await createTestBrand();
    const account = await createStaff({ memberships: [{ clientId: brand.id, role: 'owner' }], totp: true });
    const pending = await sessionFor(server, account, { secondFactor: false });
    const right = totpCode(account.totpSecret!);
    const wrong = (i: number) => String((Number(right) + 7 + i * 13) % 1_000_000).padStart(6, '0');
    const give = (code: string) => consoleCall(server, 'POST', '/api/console/second-factor', { cookie: pending.cookie, body: { code } });
    const answers = await burst(BURST, (i) => give(i === BURST - 1 ? right : wrong(i)));
    await expectWindowHeld(answers, `console-totp-fail:${account.staffId}`, 900, 10);
    const last = await give(totpCode(account.totpSecret!));
    expect(last.status).toBe(429);
    if (answers.at(-1)!.status !== 200) expect((await (await getDb()).select().from(staff).where(eq(staff.id, account.staffId)))[0]!.totpLastStep).toBeNull();
  });

  it('checks at most 10 of 110 simultaneous recovery codes, in the authenticator codes’ limit, and refuses the right code past them', async () => {
    await awayFromWindowEnd(900, 30_000);
    const brand = await createTestBrand();
    const account = await createStaff({ memberships: [{ clientId: brand.id, role: 'owner' }], totp: true });
    const pending = await sessionFor(server, account, { secondFactor: false });
    const codes = await replaceRecoveryCodes(account.staffId);
    const wrong = (i: number) => Array.from({ length: 12 }, (_, k) => RECOVERY_CODE_ALPHABET[(i * 7 + k * 3 + 1) % 32]).join('');
    const give = (recoveryCode: string) => consoleCall(server, 'POST', '/api/console/second-factor/recovery', { cookie: pending.cookie, body: { recoveryCode } });
    const answers = await burst(BURST, (i) => give(i === BURST - 1 ? codes[0]! : wrong(i)));
    await expectWindowHeld(answers, `console-totp-fail:${account.staffId}`, 900, 10);
    expect((await give(codes[1]!)).status).toBe(429);
    // The authenticator's code is refused as well: one limit for both.
    expect((await consoleCall(server, 'POST', '/api/console/second-factor', { cookie: pending.cookie, body: { code: totpCode(account.totpSecret!) } })).status).toBe(429);
    const unused = answers.at(-1)!.status === 200 ? 9 : 10;
    expect(await remainingRecoveryCodes(account.staffId)).toBe(unused);
  });

  it('spends a recovery code once when it is sent 8 times at once (within the limit of 10)', async () => {
    const account = await createStaff({ totp: true });
    const [code] = await replaceRecoveryCodes(account.staffId);
    const sessions = await Promise.all(Array.from({ length: 8 }, () => sessionFor(server, account, { secondFactor: false })));
    const answers = await Promise.all(sessions.map((s) => consoleCall(server, 'POST', '/api/console/second-factor/recovery', { cookie: s.cookie, body: { recoveryCode: code } })));
    expect(tally(answers)).toEqual({ 200: 1, 400: 7 });
    expect(await remainingRecoveryCodes(account.staffId)).toBe(9);
  });

  it('counts an existing account’s passwords at an invitation in that account’s sign-in limit: at most 10 of 110 checked', async () => {
    await awayFromWindowEnd(900, 30_000);
    const home = await createTestBrand();
    const other = await createTestBrand();
    const victim = await createStaff({ memberships: [{ clientId: home.id, role: 'owner' }], totp: true });
    await op('invite-staff', { slug: other.slug, email: victim.email, role: 'owner' });
    const link = readOutbox().filter((e) => e.to === victim.email && e.link?.includes('/invitation/')).at(-1)!.link!;
    const token = link.split('/').at(-1)!;
    const accept = (password: string, from: string) =>
      consoleCall(server, 'POST', '/api/console/invitations/accept', { body: { token, name: 'X', password }, headers: { 'x-forwarded-for': from } });
    const answers = await burst(BURST, (i) => accept(i === BURST - 1 ? STAFF_PASSWORD : `wrong password ${i}`, address(i)));
    await expectWindowHeld(answers, `console-login-fail:target:${victim.email}`, 900, 10);
    // The account's sign-in is spent too, and the right password at the invitation is refused.
    expect((await accept(STAFF_PASSWORD, address(960))).status).toBe(429);
    expect((await signIn(victim.email, STAFF_PASSWORD, address(961))).status).toBe(429);
  });

  it('checks at most 20 of 110 simultaneous links (invitation and reset) from one address', async () => {
    const from = `203.0.113.${Math.floor(Math.random() * 50) + 150}`;
    await awayFromWindowEnd(3600, 30_000);
    const fake = (i: number) => `fake-token-${i}-${'x'.repeat(30)}`;
    const answers = await burst(BURST, (i) =>
      i % 2
        ? consoleCall(server, 'POST', '/api/console/invitations/accept', { body: { token: fake(i), name: 'X', password: STAFF_PASSWORD }, headers: { 'x-forwarded-for': from } })
        : consoleCall(server, 'POST', '/api/console/password-reset/confirm', { body: { token: fake(i), password: STAFF_PASSWORD }, headers: { 'x-forwarded-for': from } }),
    );
    await expectWindowHeld(answers, `console-token-fail:ip:${from}`, 3600, 20);
    expect(tally(answers)[429]).toBeGreaterThanOrEqual(BURST - 20);
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { otps, sessions } from '@/lib/db/schema';
import { readOutbox } from '@/lib/messaging/outbox';
import { totpCode } from '@/lib/auth/totp';
import { consoleHost } from '@/lib/edge/console-host';
import { resetEnvCache } from '@/lib/edge/env';
import { AUTH_CODE_ALPHABET } from '@/lib/domain/auth-code';
import { call, createTestBrand, startApiServer, type Res, type TestServer } from '../support/api-server';
import { consoleCall, createStaff, PASSWORD as STAFF_PASSWORD, sessionFor } from '../support/console';
import { op as operator } from '../support/aftersales';
import { accessToken, clearSendThrottle, latestCode, OTHER_PASSWORD, PASSWORD, sendOtp, signUpWithPassword, uniqueEmail } from '../api/auth-support';
import { loadOperations, opName, type Operation } from './operations';
import { ALL_FLAGS } from './world';
import { awayFromWindowEnd } from '../support/rate-windows';
import { replaceRecoveryCodes } from '@/lib/console/recovery-codes';
import { RECOVERY_CODE_ALPHABET } from '@/lib/domain/recovery-codes';

// Simultaneous guesses against every limit (docs/security.md, "Attack suite"): every operation of
// the OpenAPI documents (the brands' and the console's) whose body carries a secret to check (a
// password, a current password, a one-time code, an authenticator code, a recovery code, a link's token) must have
// a scenario here, or the run fails naming it, so a new endpoint that checks a secret is attacked as
// soon as it is declared. Each scenario sends 100 wrong guesses at once, then the right one: no
// more guesses are checked than the limit allows, and the right one is refused. The exact counts in
// the database are asserted by tests/api/simultaneous-guesses.test.ts.

jest.setTimeout(300_000);

const SECRET_FIELDS = ['password', 'currentPassword', 'otp', 'code', 'token', 'recoveryCode'];
const BURST = 100;
const address = (i: number) => `198.18.${Math.floor(i / 200) + 100}.${(i % 200) + 1}`;

type Scenario = {
  /** Settings of the server for this scenario (restored after it). */
  env?: Record<string, string>;
  /** The longest window of the limits under test (the burst keeps away from its end): 900 s unless said. */
  windowSeconds?: number;
  /** Guesses with the wrong secret (i-th), all sent at once; then the right one. */
  setup(): Promise<{ accepted?(res: Res): boolean; wrong(i: number): Promise<Res>; right(): Promise<Res>; checked(answers: Res[]): Promise<number>; limit: number; refused(res: Res): boolean }>;
};

let server: TestServer;
let operations: Operation[];

beforeAll(async () => {
  server = await startApiServer();
  const brand = await createTestBrand();
  operations = [...(await loadOperations(server, brand.domain)), ...(await loadOperations(server, consoleHost()))];
});
afterAll(() => server?.close());

const post = (host: string, path: string, body: unknown, extra: { token?: string; headers?: Record<string, string> } = {}) => call(server, host, 'POST', path, { body, ...extra });
const notLimited = async (answers: Res[]) => answers.filter((a) => a.status !== 429).length;
const tooMany = (res: Res) => res.status === 429;
const wrongCode = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
/** Tries taken of a contact's codes of a purpose: each guess takes one before it is compared. */
async function codeTries(clientId: string, contact: string, purposes: string[]) {
  const rows = await (await getDb()).select({ n: otps.attempts }).from(otps).where(and(eq(otps.clientId, clientId), eq(otps.target, contact), inArray(otps.purpose, purposes)));
  return rows.reduce((s, r) => s + r.n, 0);
}
const codeRefused = (res: Res) => res.status === 429 || (res.status === 400 && res.body.errorMessage === 'This code was tried too many times. Please request a new one.');
const codeBrand = (extra: Record<string, boolean> = {}) => createTestBrand({ otpServices: { isOtpServiceEnabled: true, isLoginOtpEnabled: true, ...extra } });

/** A customer code scenario: a live code of `purpose`, guessed at by `guess` from distinct addresses. */
function codeScenario(purpose: 'LOGIN' | 'FORGOT PASSWORD' | 'SIGNUP', guess: (host: string, contact: string, otp: string, from: string) => Promise<Res>, signUp = true): Scenario {
  return {
    async setup() {
      const brand = await codeBrand({ isRegistartionOtpEnabled: purpose === 'SIGNUP' });
      const email = uniqueEmail();
      if (signUp) await signUpWithPassword(server, brand.domain, email);
      await clearSendThrottle(brand.id);
      const sent = await sendOtp(server, brand.domain, purpose, 'email', email);
      if (sent.status !== 200) throw new Error(`no ${purpose} code: ${sent.status} ${sent.text}`);
      const code = latestCode(brand.id, email, purpose);
      return {
        wrong: (i) => guess(brand.domain, email, wrongCode(code, i), address(i)),
        right: () => guess(brand.domain, email, code, address(BURST + 1)),
        checked: () => codeTries(brand.id, email, [purpose]),
        limit: 5,
        refused: codeRefused,
      };
    },
  };
}

const SCENARIOS: Record<string, Scenario> = {
  // The code under a product's scratch-off: every guess is a scan, counted before it is looked up
  // (hitRateLimit counts first), per address and minute. The suite raises that limit for its other
  // runs (tests/support/attack-env.ts); here it is set to 30.
  'POST /api/verify/auth-code': {
    async setup() {
      const brand = await createTestBrand({ flags: ALL_FLAGS });
      const { cookie } = await signUpWithPassword(server, brand.domain, uniqueEmail());
      const token = (await accessToken(server, brand.domain, cookie)).body.accessToken as string;
      const from = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
      const codeOf = (i: number) => Array.from({ length: 10 }, (_, k) => AUTH_CODE_ALPHABET[(i * 7 + k * 3) % AUTH_CODE_ALPHABET.length]).join('');
      const guess = (code: string) => post(brand.domain, '/api/verify/auth-code', { code }, { token, headers: { 'x-forwarded-for': from } });
      // A wrong code is looked up and answered (200, a Fake verdict): what counts is that it was checked.
      const accepted = (res: Res) => res.status === 200 && res.body.code !== undefined;
      return { accepted, wrong: (i) => guess(codeOf(i)), right: () => guess(codeOf(BURST + 1)), checked: notLimited, limit: 30, refused: tooMany };
    },
    env: { SCAN_RATE_LIMIT_PER_MINUTE: '30' },
    windowSeconds: 60,
  },
  'POST /api/auth/customer/web/login': {
    async setup() {
      const brand = await createTestBrand();
      const email = uniqueEmail();
      await signUpWithPassword(server, brand.domain, email);
      const login = (password: string, from: string) => post(brand.domain, '/api/auth/customer/web/login', { channel: 'email', contact: email, password }, { headers: { 'x-forwarded-for': from } });
      return { wrong: (i) => login(`wrong password ${i}`, address(i)), right: () => login(PASSWORD, address(BURST + 1)), checked: notLimited, limit: 10, refused: tooMany };
    },
  },
  'POST /api/auth/customer/web/signup': codeScenario(
    'SIGNUP',
    (host, contact, otp, from) => post(host, '/api/auth/customer/web/signup', { channel: 'email', contact, password: PASSWORD, userName: 'A', otp }, { headers: { 'x-forwarded-for': from } }),
    false,
  ),
  'POST /api/auth/customer/otp/verify': codeScenario('LOGIN', (host, contact, otp, from) =>
    post(host, '/api/auth/customer/otp/verify', { mode: 'LOGIN', channel: 'email', contact, otp }, { headers: { 'x-forwarded-for': from } }),
  ),
  'POST /api/auth/customer/forgot-password/reset': codeScenario('FORGOT PASSWORD', (host, contact, otp, from) =>
    post(host, '/api/auth/customer/forgot-password/reset', { channel: 'email', contact, otp, password: OTHER_PASSWORD }, { headers: { 'x-forwarded-for': from } }),
  ),
  'POST /api/auth/customer/verify-contact': {
    async setup() {
      const brand = await createTestBrand();
      const email = uniqueEmail();
      const { cookie } = await signUpWithPassword(server, brand.domain, email, 'email', { verify: false });
      const token = (await accessToken(server, brand.domain, cookie)).body.accessToken as string;
      await post(brand.domain, '/api/auth/customer/verify-contact/send', undefined, { token });
      const code = latestCode(brand.id, email, 'VERIFY');
      const confirm = (otp: string, from: string) => post(brand.domain, '/api/auth/customer/verify-contact', { otp }, { token, headers: { 'x-forwarded-for': from } });
      return { wrong: (i) => confirm(wrongCode(code, i), address(i)), right: () => confirm(code, address(BURST + 1)), checked: () => codeTries(brand.id, email, ['VERIFY']), limit: 5, refused: codeRefused };
    },
  },
  // A new sign-in contact: the code sent to it dies after five tries, whatever the addresses.
  'POST /api/auth/customer/change-contact': {
    async setup() {
      const brand = await createTestBrand();
      const { cookie, customerId } = await signUpWithPassword(server, brand.domain, uniqueEmail());
      const token = (await accessToken(server, brand.domain, cookie)).body.accessToken as string;
      const next = uniqueEmail();
      await post(brand.domain, '/api/auth/customer/change-contact/send', { channel: 'email', contact: next }, { token });
      const code = latestCode(brand.id, next, 'CHANGE-CONTACT');
      const confirm = (otp: string, from: string) => post(brand.domain, '/api/auth/customer/change-contact', { channel: 'email', contact: next, otp }, { token, headers: { 'x-forwarded-for': from } });
      return { wrong: (i) => confirm(wrongCode(code, i), address(i)), right: () => confirm(code, address(BURST + 1)), checked: () => codeTries(brand.id, `${customerId}:${next}`, ['CHANGE-CONTACT']), limit: 5, refused: codeRefused };
    },
  },
  // Asking for that code after 10 minutes takes the current password: 10 wrong ones per 15 minutes.
  'POST /api/auth/customer/change-contact/send': {
    async setup() {
      const brand = await createTestBrand();
      const { cookie, customerId } = await signUpWithPassword(server, brand.domain, uniqueEmail());
      const token = (await accessToken(server, brand.domain, cookie)).body.accessToken as string;
      await (await getDb()).update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.customerId, customerId));
      const next = uniqueEmail();
      const ask = (currentPassword: string) => post(brand.domain, '/api/auth/customer/change-contact/send', { channel: 'email', contact: next, currentPassword }, { token });
      return { wrong: (i) => ask(`wrong password ${i}`), right: () => ask(PASSWORD), checked: notLimited, limit: 10, refused: tooMany };
    },
  },
  'POST /api/auth/customer/change-password': {
    async setup() {
      const brand = await createTestBrand();
      const { cookie } = await signUpWithPassword(server, brand.domain, uniqueEmail());
      const token = (await accessToken(server, brand.domain, cookie)).body.accessToken as string;
      const change = (currentPassword: string) => post(brand.domain, '/api/auth/customer/change-password', { currentPassword, newPassword: OTHER_PASSWORD }, { token });
      return { wrong: (i) => change(`wrong password ${i}`), right: () => change(PASSWORD), checked: notLimited, limit: 10, refused: tooMany };
    },
  },
  'PUT /api/customer/customer-profile': {
    async setup() {
      const brand = await createTestBrand();
      const { cookie, customerId } = await signUpWithPassword(server, brand.domain, uniqueEmail());
      const token = (await accessToken(server, brand.domain, cookie)).body.accessToken as string;
      // A new UPI id asks for the current password once the sign-in is older than 10 minutes.
      await (await getDb()).update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.customerId, customerId));
      const put = (currentPassword: string) => call(server, brand.domain, 'PUT', '/api/customer/customer-profile', { token, body: { vpa: 'thief@okbank', currentPassword } });
      return { wrong: (i) => put(`wrong password ${i}`), right: () => put(PASSWORD), checked: notLimited, limit: 10, refused: tooMany };
    },
  },
  'POST /api/console/sign-in': {
    async setup() {
      const account = await createStaff({ totp: true });
      const signIn = (password: string, from: string) => consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password }, headers: { 'x-forwarded-for': from } });
      return { wrong: (i) => signIn(`wrong password ${i}`, address(i)), right: () => signIn(STAFF_PASSWORD, address(BURST + 1)), checked: notLimited, limit: 10, refused: tooMany };
    },
  },
  'POST /api/console/second-factor': {
    async setup() {
      const account = await createStaff({ totp: true });
      const pending = await sessionFor(server, account, { secondFactor: false });
      const give = (code: string) => consoleCall(server, 'POST', '/api/console/second-factor', { cookie: pending.cookie, body: { code } });
      const right = totpCode(account.totpSecret!);
      return { wrong: (i) => give(wrongCode(right, i * 7)), right: () => give(totpCode(account.totpSecret!)), checked: notLimited, limit: 10, refused: tooMany };
    },
  },
  // A staff recovery code in place of the authenticator's code: the same limit (10 per 15 minutes
  // per account), each guess reserved before the code is looked up.
  'POST /api/console/second-factor/recovery': {
    async setup() {
      const account = await createStaff({ totp: true });
      const pending = await sessionFor(server, account, { secondFactor: false });
      const [right] = await replaceRecoveryCodes(account.staffId);
      const wrongOf = (i: number) => Array.from({ length: 12 }, (_, k) => RECOVERY_CODE_ALPHABET[(i * 11 + k * 5 + 3) % 32]).join('');
      const give = (recoveryCode: string) => consoleCall(server, 'POST', '/api/console/second-factor/recovery', { cookie: pending.cookie, body: { recoveryCode } });
      return { wrong: (i) => give(wrongOf(i)), right: () => give(right!), checked: notLimited, limit: 10, refused: tooMany };
    },
  },
  'POST /api/console/totp/confirm': {
    async setup() {
      const account = await createStaff({ totp: false });
      const pending = await sessionFor(server, account, { secondFactor: false });
      const started = await consoleCall(server, 'POST', '/api/console/totp/enrol', { cookie: pending.cookie });
      const secret = started.body.secret as string;
      const confirm = (code: string) => consoleCall(server, 'POST', '/api/console/totp/confirm', { cookie: pending.cookie, body: { code } });
      return { wrong: (i) => confirm(wrongCode(totpCode(secret), i * 7)), right: () => confirm(totpCode(secret)), checked: notLimited, limit: 10, refused: tooMany };
    },
  },
  'POST /api/console/invitations/accept': {
    async setup() {
      const home = await createTestBrand();
      const other = await createTestBrand();
      const account = await createStaff({ memberships: [{ clientId: home.id, role: 'owner' }], totp: true });
      await operator('invite-staff', { slug: other.slug, email: account.email, role: 'owner' });
      const token = readOutbox().filter((e) => e.to === account.email && e.link?.includes('/invitation/')).at(-1)!.link!.split('/').at(-1)!;
      const accept = (password: string, from: string) => consoleCall(server, 'POST', '/api/console/invitations/accept', { body: { token, name: '', password }, headers: { 'x-forwarded-for': from } });
      return { wrong: (i) => accept(`wrong password ${i}`, address(i)), right: () => accept(STAFF_PASSWORD, address(BURST + 1)), checked: notLimited, limit: 10, refused: tooMany };
    },
  },
  'POST /api/console/password-reset/confirm': {
    async setup() {
      const account = await createStaff({ totp: true });
      const from = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
      await consoleCall(server, 'POST', '/api/console/password-reset', { body: { email: account.email }, headers: { 'x-forwarded-for': '192.0.2.250' } });
      const token = readOutbox().filter((e) => e.to === account.email && e.link?.includes('/reset/')).at(-1)!.link!.split('/').at(-1)!;
      const confirm = (t: string) => consoleCall(server, 'POST', '/api/console/password-reset/confirm', { body: { token: t, password: 'a brand new passphrase 42' }, headers: { 'x-forwarded-for': from } });
      return { wrong: (i) => confirm(`guessed-token-${i}-${'x'.repeat(32)}`), right: () => confirm(token), checked: notLimited, limit: 20, refused: tooMany };
    },
    windowSeconds: 3600,
  },
};

it('has a scenario for every operation that checks a secret', () => {
  const checking = [...new Set(operations.filter((o) => Object.keys(o.jsonBody?.properties ?? {}).some((f) => SECRET_FIELDS.includes(f))).map(opName))];
  expect(checking.length).toBeGreaterThanOrEqual(Object.keys(SCENARIOS).length);
  expect(checking.filter((name) => !(name in SCENARIOS))).toEqual([]);
  expect(Object.keys(SCENARIOS).filter((name) => !checking.includes(name))).toEqual([]);
});

describe.each(Object.keys(SCENARIOS))('%s', (name) => {
  it(`checks no more than its limit of ${BURST} simultaneous wrong guesses, and refuses the right one after them`, async () => {
    const scenario = SCENARIOS[name]!;
    const before = Object.fromEntries(Object.keys(scenario.env ?? {}).map((k) => [k, process.env[k]]));
    Object.assign(process.env, scenario.env ?? {});
    resetEnvCache();
    try {
      await awayFromWindowEnd(scenario.windowSeconds ?? 900, 30_000);
      await attack(await scenario.setup());
    } finally {
      for (const [k, v] of Object.entries(before)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      resetEnvCache();
    }
  });
});

async function attack(s: Awaited<ReturnType<Scenario['setup']>>) {
  {
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => s.wrong(i)));
    for (const a of answers) {
      expect(a.status).toBeLessThan(500);
      expect(s.accepted ? s.accepted(a) : a.status === 200 || a.status === 201).toBe(false);
    }
    expect(await s.checked(answers)).toBeLessThanOrEqual(s.limit);
    const right = await s.right();
    expect({ status: right.status, message: right.body?.errorMessage, refused: s.refused(right) }).toEqual(expect.objectContaining({ refused: true }));
  }
}

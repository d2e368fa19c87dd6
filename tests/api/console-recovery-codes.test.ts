import { and, eq } from 'drizzle-orm';
import { apiServerForFile, cookieFrom, createTestBrand, type Res } from '../support/api-server';
import { consoleCall, createStaff, PASSWORD, sessionFor } from '../support/console';
import { awayFromWindowEnd } from '../support/rate-windows';
import { getDb } from '@/lib/db/client';
import { auditLog, staffRecoveryCodes } from '@/lib/db/schema';
import { totpCode } from '@/lib/auth/totp';
import { onSecurityEventLine } from '@/lib/auth/security-events';
import { hashRecoveryCode } from '@/lib/auth/recovery-codes';
import { normalizeRecoveryCode } from '@/lib/domain/recovery-codes';

// Staff recovery codes (issue 28; docs/console.md "Second factor"): ten single-use codes, made
// when the authenticator is set up and again at the member's request (the old set then stops
// working), stored only as keyed hashes, each taking the place of the authenticator's code once at
// sign-in, in the same limit as authenticator codes; every use, wrong guess and new set is a
// security event that never carries the code.

jest.setTimeout(60_000);
const server = apiServerForFile();

const browserAfter = (res: Res) => ({ cookie: cookieFrom(res, 'console_session')!, csrf: cookieFrom(res, 'console_csrf')!.split('=')[1]! });

/** A member with an authenticator, signed in with the password only (the second factor still to give). */
async function halfSignedIn() {
  const brand = await createTestBrand();
  const account = await createStaff({ memberships: [{ clientId: brand.id, role: 'support' }], totp: true });
  const res = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: PASSWORD } });
  expect(res.body).toEqual({ next: 'second-factor' });
  return { brand, account, browser: browserAfter(res) };
}

/** Asks for a new set with a signed-in session of the account; answers the codes. */
async function newSet(account: Awaited<ReturnType<typeof createStaff>>): Promise<string[]> {
  const signedIn = await sessionFor(server, account);
  const res = await signedIn.fetch('/api/console/recovery-codes', { method: 'POST' });
  expect(res.status).toBe(201);
  return res.body.codes as string[];
}

const recover = (browser: { cookie: string; csrf: string }, recoveryCode: unknown) =>
  consoleCall(server, 'POST', '/api/console/second-factor/recovery', { ...browser, body: { recoveryCode } });

describe('recovery codes', () => {
  it('are made (ten, once) when the authenticator is set up, and stored only as keyed hashes', async () => {
    const account = await createStaff({ totp: false });
    const pending = await sessionFor(server, account, { secondFactor: false });
    const started = await pending.fetch('/api/console/totp/enrol', { method: 'POST' });
    const confirmed = await pending.fetch('/api/console/totp/confirm', { method: 'POST', body: { code: totpCode(started.body.secret) } });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);
    const rows = await (await getDb()).select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, account.staffId));
    expect(rows).toHaveLength(10);
    const stored = rows.map((r) => r.codeHash).join(' ');
    for (const c of codes) {
      expect(stored).not.toContain(normalizeRecoveryCode(c));
      expect(rows.map((r) => r.codeHash)).toContain(hashRecoveryCode(account.staffId, normalizeRecoveryCode(c)));
    }
    expect((await pending.fetch('/api/console/recovery-codes')).body).toEqual({ remaining: 10 });
  });

  it('sign a member in once each, in any spelling; the same code is refused the second time', async () => {
    const { account, browser } = await halfSignedIn();
    const codes = await newSet(account);
    const lines: string[] = [];
    const stop = onSecurityEventLine((l) => lines.push(l));
    const first = await recover(browser, ` ${codes[0]!.toUpperCase().replace(/-/g, ' ')} `);
    stop();
    expect([first.status, first.body]).toEqual([200, { next: 'done', remaining: 9 }]);
    // The session is signed in now: its pages and the API are open.
    expect((await consoleCall(server, 'GET', '/api/console/me', { cookie: browser.cookie })).status).toBe(200);
    const used = lines.map((l) => JSON.parse(l)).find((e) => e.event === 'second-factor.changed');
    expect(used).toMatchObject({ actor: `staff:${account.staffId}`, what: 'recovery code used', remaining: 9 });
    for (const l of lines) expect(l).not.toContain(normalizeRecoveryCode(codes[0]!));

    const signInAgain = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: PASSWORD } });
    const again = await recover(browserAfter(signInAgain), codes[0]);
    expect([again.status, again.body.field, again.body.errorMessage]).toEqual([400, 'recoveryCode', 'recoveryCode: That recovery code is not right, or it was already used.']);
  });

  it('counts wrong codes in the limit of authenticator codes, logs them without the code, and refuses the right one past it', async () => {
    await awayFromWindowEnd(900, 30_000);
    const { account, browser } = await halfSignedIn();
    const codes = await newSet(account);
    const lines: string[] = [];
    const stop = onSecurityEventLine((l) => lines.push(l));
    // Five wrong authenticator codes and five wrong recovery codes fill the one limit of ten.
    const right = totpCode(account.totpSecret!);
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
      expect((await consoleCall(server, 'POST', '/api/console/second-factor', { ...browser, body: { code: wrong } })).status).toBe(400);
    }
    for (let i = 0; i < 5; i++) expect((await recover(browser, `zzzz-zzzz-zz${i}z`)).status).toBe(400);
    stop();
    const refused = await recover(browser, codes[1]);
    expect(refused.status).toBe(429);
    const wrongLines = lines.map((l) => JSON.parse(l)).filter((e) => e.event === 'code.wrong');
    expect(wrongLines.map((e) => e.kind)).toEqual([...Array(5).fill('totp'), ...Array(5).fill('recovery')]);
    for (const l of lines) expect(l).not.toMatch(/zzzz/);
    const audit = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.staffId, account.staffId), eq(auditLog.action, 'security.code.wrong')));
    expect(audit.length).toBe(10);
    expect(JSON.stringify(audit)).not.toMatch(/zzzz/);
  });

  it('are replaced by a new set at the member’s request: the old codes stop working, audited', async () => {
    const { brand, account, browser } = await halfSignedIn();
    const old = await newSet(account);
    const fresh = await newSet(account);
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => old.includes(c))).toEqual([]);
    expect((await recover(browser, old[0])).status).toBe(400);
    expect((await recover(browser, fresh[0])).body).toEqual({ next: 'done', remaining: 9 });
    const entries = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'security.second-factor.changed')));
    expect(entries.map((e) => (e.after as { what: string }).what)).toEqual(expect.arrayContaining(['recovery codes replaced', 'recovery code used']));
    expect(JSON.stringify(entries)).not.toContain(normalizeRecoveryCode(fresh[0]!));
  });

  it('refuses a malformed code with 422 naming the field, and needs a session', async () => {
    const { browser } = await halfSignedIn();
    for (const bad of ['', 'x'.repeat(41), 'abcd_efgh!', 12345, null]) {
      const res = await recover(browser, bad);
      expect([res.status, res.body.field]).toEqual([422, 'recoveryCode']);
      expect(res.body.errorMessage).toMatch(/^recoveryCode: /);
    }
    const extra = await consoleCall(server, 'POST', '/api/console/second-factor/recovery', { ...browser, body: { recoveryCode: 'abcd-efgh-jkmn', code: '123456' } });
    expect(extra.status).toBe(422);
    const none = await consoleCall(server, 'POST', '/api/console/second-factor/recovery', { body: { recoveryCode: 'abcd-efgh-jkmn' } });
    expect(none.status).toBe(401);
    expect((await consoleCall(server, 'GET', '/api/console/recovery-codes')).status).toBe(401);
    expect((await consoleCall(server, 'POST', '/api/console/recovery-codes')).status).toBe(401);
  });
});

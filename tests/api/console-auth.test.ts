import { eq } from 'drizzle-orm';
import { apiServerForFile, call, cookieFrom, createTestBrand, type Res } from '../support/api-server';
import { op } from '../support/aftersales';
import { consoleCall, createStaff, PASSWORD, sessionFor } from '../support/console';
import { awayFromWindowEnd } from '../support/rate-windows';
import { readOutbox } from '@/lib/messaging/outbox';
import { getDb } from '@/lib/db/client';
import { auditLog, staff, staffSessions, staffTokens } from '@/lib/db/schema';
import { totpCode } from '@/lib/auth/totp';
import { hashToken } from '@/lib/console/staff';
import { consoleHost } from '@/lib/edge/console-host';

// Signing in to the brand console (docs/console.md): the console host only, e-mail and password
// then the authenticator's code (enrolled at the first sign-in after an invitation), codes used
// once, the same answer for an unknown e-mail and a wrong password, invitations and resets by
// single-use links, sign-out, and the CSRF rule of the console's state-changing calls.

jest.setTimeout(60_000);
const server = apiServerForFile();

const cookieOf = (res: Res) => cookieFrom(res, 'console_session');
const csrfOf = (res: Res) => cookieFrom(res, 'console_csrf')?.split('=')[1];
/** The browser's state after an answer that set the console cookies. */
const browserAfter = (res: Res) => ({ cookie: cookieOf(res)!, csrf: csrfOf(res)! });

const linkTo = (email: string, kind: 'invitation' | 'reset') => {
  const entry = readOutbox().filter((e) => e.to === email && e.link?.includes(`/${kind}/`)).at(-1);
  if (!entry?.link) throw new Error(`no ${kind} e-mail to ${email}`);
  return entry.link;
};
const tokenOf = (link: string) => link.split('/').at(-1)!;
const uniqueEmail = () => `staff-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** Invites through the command line and accepts with a name and the test password. */
async function acceptedInvitation(role: 'owner' | 'support' = 'owner') {
  const brand = await createTestBrand();
  const email = uniqueEmail();
  const printed = (await op('invite-staff', { slug: brand.slug, email, role })) as { link: string };
  const link = linkTo(email, 'invitation');
  expect(printed.link).toBe(link);
  const res = await consoleCall(server, 'POST', '/api/console/invitations/accept', { body: { token: tokenOf(link), name: 'Asha Owner', password: PASSWORD } });
  expect(res.status).toBe(200);
  return { brand, email, res, ...browserAfter(res) };
}

/** Enrols an authenticator with the session of `who`; answers the secret. */
async function enrol(who: { cookie: string; csrf: string }) {
  const started = await consoleCall(server, 'POST', '/api/console/totp/enrol', who);
  expect(started.status).toBe(200);
  const secret = started.body.secret as string;
  const confirmed = await consoleCall(server, 'POST', '/api/console/totp/confirm', { ...who, body: { code: totpCode(secret) } });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body).toMatchObject({ next: 'done' });
  expect(confirmed.body.recoveryCodes).toHaveLength(10);
  return secret;
}

describe('the console host', () => {
  it('answers /api/console/* on the console host only: 404 at a brand host and at an unknown host', async () => {
    const brand = await createTestBrand();
    for (const host of [brand.domain, 'elsewhere.localhost']) {
      const signIn = await call(server, host, 'POST', '/api/console/sign-in', { body: { email: 'a@example.com', password: PASSWORD }, headers: { origin: `http://${host}`, 'x-csrf': '1' } });
      expect(signIn.status).toBe(404);
      expect(signIn.body.errorMessage).toBe('No such API endpoint');
      expect((await call(server, host, 'GET', '/api/console/me')).status).toBe(404);
    }
    // On the console host the same call reaches the sign-in (and fails it as it should).
    const res = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: 'nobody@example.com', password: PASSWORD } });
    expect(res.status).toBe(400);
    expect((await consoleCall(server, 'GET', '/api/console/nothing-here')).status).toBe(404);
  });

  it('refuses a state-changing call without the console Origin or without x-csrf (403), before any input is read', async () => {
    const body = { email: 'nobody@example.com', password: PASSWORD };
    const noOrigin = await consoleCall(server, 'POST', '/api/console/sign-in', { body, headers: { origin: '' } });
    expect(noOrigin.status).toBe(403);
    const otherOrigin = await consoleCall(server, 'POST', '/api/console/sign-in', { body, headers: { origin: 'http://evil.localhost' } });
    expect(otherOrigin.status).toBe(403);
    expect(otherOrigin.body.errorMessage).toBe('Cross-site request refused');
    const noHeader = await consoleCall(server, 'POST', '/api/console/sign-in', { body, headers: { 'x-csrf': '' } });
    expect(noHeader.status).toBe(403);
    expect(noHeader.body.errorMessage).toBe('Missing x-csrf header');
  });

  it('refuses bad input with a 422 naming the field', async () => {
    const res = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: 'not-an-email', password: PASSWORD } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ field: 'email', errorMessage: 'email: must be an e-mail address' });
    const extra = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: 'a@example.com', password: PASSWORD, admin: true } });
    expect(extra.status).toBe(422);
    expect(extra.body.errorMessage).toBe('Unknown field: admin');
    const code = await consoleCall(server, 'POST', '/api/console/second-factor', { body: { code: '12ab56' } });
    expect(code.status).toBe(422);
    expect(code.body.field).toBe('code');
  });

  it.each([
    ['/api/console/invitations/accept', { name: 'A', password: PASSWORD }, 'token', 'token is required'],
    ['/api/console/invitations/accept', { token: 'x'.repeat(201), name: 'A', password: PASSWORD }, 'token', 'token: is not a valid link'],
    ['/api/console/invitations/accept', { token: 'abc', name: 'A', password: 'x'.repeat(129) }, 'password', 'password: must be at most 128 characters'],
    ['/api/console/invitations/accept', { token: 'abc', name: 'n'.repeat(121), password: PASSWORD }, 'name', 'name: must be at most 120 characters'],
    ['/api/console/password-reset', { email: 'nope' }, 'email', 'email: must be an e-mail address'],
    ['/api/console/password-reset/confirm', { token: 'abc' }, 'password', 'password is required'],
    ['/api/console/totp/confirm', { code: 123456 }, 'code', undefined],
  ])('answers 422 naming the field for bad input to %s', async (path, body, field, message) => {
    const res = await consoleCall(server, 'POST', path, { body });
    expect(res.status).toBe(422);
    expect(res.body.field).toBe(field);
    if (message) expect(res.body.errorMessage).toBe(message);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 for an invitation or reset link that was never issued', async () => {
    const token = 'A'.repeat(43);
    const accept = await consoleCall(server, 'POST', '/api/console/invitations/accept', { body: { token, name: 'A', password: PASSWORD } });
    expect(accept.status).toBe(400);
    expect(accept.body).toMatchObject({ field: 'token', errorMessage: 'token: This link has expired or was already used. Ask for a new one.' });
    const reset = await consoleCall(server, 'POST', '/api/console/password-reset/confirm', { body: { token, password: PASSWORD } });
    expect(reset.status).toBe(400);
    expect(reset.body.field).toBe('token');
  });
});

describe('invitation, enrolment and the second factor', () => {
  it('takes the first owner from the command line to a signed-in session with an authenticator', async () => {
    const { brand, email, res, cookie, csrf } = await acceptedInvitation();
    expect(res.body).toEqual({ next: 'enrol', brand: brand.slug });
    const link = linkTo(email, 'invitation');
    expect(link).toMatch(new RegExp(`^http://${consoleHost().replace(/\./g, '\\.')}:\\d+/invitation/[A-Za-z0-9_-]{40,}$`));
    // Stored hashed only, and used now.
    const db = await getDb();
    const [token] = await db.select().from(staffTokens).where(eq(staffTokens.tokenHash, hashToken(tokenOf(link))));
    expect(token?.usedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(await db.select().from(staffTokens).where(eq(staffTokens.email, email)))).not.toContain(tokenOf(link));

    // Before the second factor, the session is not a signed-in one.
    expect((await consoleCall(server, 'GET', '/api/console/me', { cookie })).status).toBe(401);

    const started = await consoleCall(server, 'POST', '/api/console/totp/enrol', { cookie, csrf });
    expect(started.status).toBe(200);
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(started.body.uri).toContain(`secret=${started.body.secret}`);
    expect(started.body.qrSvg).toMatch(/^<svg/);
    const [row] = await db.select().from(staff).where(eq(staff.email, email));
    expect(row?.totpSecret).not.toContain(started.body.secret); // stored sealed

    const wrong = await consoleCall(server, 'POST', '/api/console/totp/confirm', { cookie, csrf, body: { code: totpCode(started.body.secret, Date.now() - 10 * 60_000) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('code');
    const right = await consoleCall(server, 'POST', '/api/console/totp/confirm', { cookie, csrf, body: { code: totpCode(started.body.secret) } });
    expect(right.body).toMatchObject({ next: 'done' });

    const me = await consoleCall(server, 'GET', '/api/console/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.body.staff).toMatchObject({ email, name: 'Asha Owner' });
    expect(me.body.memberships).toEqual([{ slug: brand.slug, name: `Brand ${brand.slug}`, organizationType: 'Manufacturer', role: 'owner' }]);

    const audit = await db.select().from(auditLog).where(eq(auditLog.clientId, brand.id));
    expect(audit.map((a) => [a.action, a.actor, a.target])).toEqual(
      expect.arrayContaining([
        ['staff.invite', 'command line', email],
        ['staff.join', email, email],
      ]),
    );
  });

  it('refuses an invitation on the command line to no brand, to a bad address or with no such role', async () => {
    const brand = await createTestBrand();
    await expect(op('invite-staff', { slug: 'no-such-brand', email: uniqueEmail(), role: 'owner' })).rejects.toThrow('No brand with slug no-such-brand');
    await expect(op('invite-staff', { slug: brand.slug, email: 'not-an-address', role: 'owner' })).rejects.toThrow(/e-mail address/);
    await expect(op('invite-staff', { slug: brand.slug, email: uniqueEmail(), role: 'admin' })).rejects.toThrow();
    const db = await getDb();
    expect(await db.select().from(auditLog).where(eq(auditLog.clientId, brand.id))).toHaveLength(0);
  });

  it('does not take an invitation link twice, an expired one, or a weak password', async () => {
    const { email } = await acceptedInvitation();
    const token = tokenOf(linkTo(email, 'invitation'));
    const again = await consoleCall(server, 'POST', '/api/console/invitations/accept', { body: { token, name: 'X', password: PASSWORD } });
    expect(again.status).toBe(400);
    expect(again.body.field).toBe('token');

    const brand = await createTestBrand();
    const other = uniqueEmail();
    await op('invite-staff', { slug: brand.slug, email: other, role: 'support' });
    const fresh = tokenOf(linkTo(other, 'invitation'));
    const weak = await consoleCall(server, 'POST', '/api/console/invitations/accept', { body: { token: fresh, name: 'Sam', password: 'password' } });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ field: 'password' });
    const db = await getDb();
    await db.update(staffTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffTokens.tokenHash, hashToken(fresh)));
    const expired = await consoleCall(server, 'POST', '/api/console/invitations/accept', { body: { token: fresh, name: 'Sam', password: PASSWORD } });
    expect(expired.status).toBe(400);
    expect(expired.body.field).toBe('token');
    expect(await db.select().from(staff).where(eq(staff.email, other))).toHaveLength(0);
  });
});

describe('sign-in', () => {
  it('gives the same answer for an unknown e-mail and a wrong password, and no cookie', async () => {
    const account = await createStaff({ totp: true });
    const unknown = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: uniqueEmail(), password: PASSWORD } });
    const wrong = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: 'not the password at all' } });
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.errorMessage).toBe('Incorrect e-mail or password.');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('signs in with password and code, takes a code once, and sets strict HttpOnly cookies', async () => {
    const brand = await createTestBrand();
    const account = await createStaff({ totp: true, memberships: [{ clientId: brand.id, role: 'analyst' }] });
    const res = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email.toUpperCase(), password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ next: 'second-factor' });
    const set = res.headers['set-cookie'] ?? [];
    expect(set.find((c) => c.startsWith('console_session='))).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict/);
    expect(set.find((c) => c.startsWith('console_csrf='))).not.toMatch(/HttpOnly/);
    const who = browserAfter(res);

    const code = totpCode(account.totpSecret!);
    const ok = await consoleCall(server, 'POST', '/api/console/second-factor', { ...who, body: { code } });
    expect(ok.body).toEqual({ next: 'done' });
    expect((await consoleCall(server, 'GET', '/api/console/me', { cookie: who.cookie })).status).toBe(200);

    // The same code in another sign-in is refused: it was used.
    const second = browserAfter(await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: PASSWORD } }));
    const reused = await consoleCall(server, 'POST', '/api/console/second-factor', { ...second, body: { code } });
    expect(reused.status).toBe(400);
    expect(reused.body.errorMessage).toBe('code: That code is not right. Enter the current code from your authenticator app.');
    expect((await consoleCall(server, 'GET', '/api/console/me', { cookie: second.cookie })).status).toBe(401);
  });

  it('limits failed sign-ins per e-mail (429), known or not, and counts only failures', async () => {
    const account = await createStaff({ totp: true });
    for (const email of [account.email, uniqueEmail()]) {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email, password: `wrong password ${i}` }, headers: { 'x-forwarded-for': `10.9.${i}.1` } });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
    }
    // Even the right password waits now (the limit is looked at first).
    const right = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: PASSWORD } });
    expect(right.status).toBe(429);
    expect(right.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('limits wrong codes per account (429)', async () => {
    const account = await createStaff({ totp: true });
    const who = browserAfter(await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: PASSWORD } }));
    const old = totpCode(account.totpSecret!, Date.now() - 3_600_000);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await consoleCall(server, 'POST', '/api/console/second-factor', { ...who, body: { code: old } })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right code waits now.
    expect((await consoleCall(server, 'POST', '/api/console/second-factor', { ...who, body: { code: totpCode(account.totpSecret!) } })).status).toBe(429);
  });

  it('asks for the second factor only with a session (401 without one)', async () => {
    const res = await consoleCall(server, 'POST', '/api/console/second-factor', { body: { code: '123456' } });
    expect(res.status).toBe(401);
    expect((await consoleCall(server, 'POST', '/api/console/totp/enrol', {})).status).toBe(401);
  });
});

describe('sessions', () => {
  it('signs out: the session ends and the cookies are cleared', async () => {
    const account = await createStaff({ totp: true });
    const signedIn = await sessionFor(server, account);
    expect((await signedIn.fetch('/api/console/me')).status).toBe(200);
    const out = await signedIn.fetch('/api/console/sign-out', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(out.headers['set-cookie']?.find((c) => c.startsWith('console_session='))).toMatch(/Max-Age=0/);
    expect((await signedIn.fetch('/api/console/me')).status).toBe(401);
  });

  it('ends a session unused for longer than the idle timeout, and one past its absolute end', async () => {
    const account = await createStaff({ totp: true });
    const idle = await sessionFor(server, account);
    const over = await sessionFor(server, account);
    const db = await getDb();
    await db.update(staffSessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) }).where(eq(staffSessions.id, idle.sessionId));
    await db.update(staffSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffSessions.id, over.sessionId));
    expect((await idle.fetch('/api/console/me')).status).toBe(401);
    expect((await over.fetch('/api/console/me')).status).toBe(401);
  });

  it('refuses a tampered cookie', async () => {
    const account = await createStaff({ totp: true });
    const signedIn = await sessionFor(server, account);
    const res = await signedIn.fetch('/api/console/me', { cookie: signedIn.cookie.slice(0, -4) + 'AAAA' });
    expect(res.status).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same for any address, and sends a link only to an account', async () => {
    const account = await createStaff({ totp: true });
    const nobody = uniqueEmail();
    const known = await consoleCall(server, 'POST', '/api/console/password-reset', { body: { email: account.email } });
    const unknown = await consoleCall(server, 'POST', '/api/console/password-reset', { body: { email: nobody } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(readOutbox().some((e) => e.to === nobody)).toBe(false);
    expect(linkTo(account.email, 'reset')).toMatch(/\/reset\/[A-Za-z0-9_-]{40,}$/);
  });

  it('sets a new password once with the link, ends every session, and refuses weak passwords and used links', async () => {
    const account = await createStaff({ totp: true });
    const signedIn = await sessionFor(server, account);
    await consoleCall(server, 'POST', '/api/console/password-reset', { body: { email: account.email } });
    const token = tokenOf(linkTo(account.email, 'reset'));
    const weak = await consoleCall(server, 'POST', '/api/console/password-reset/confirm', { body: { token, password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.field).toBe('password');
    const newPassword = 'a brand new passphrase 42';
    const ok = await consoleCall(server, 'POST', '/api/console/password-reset/confirm', { body: { token, password: newPassword } });
    expect(ok.status).toBe(200);
    expect((await signedIn.fetch('/api/console/me')).status).toBe(401);
    const used = await consoleCall(server, 'POST', '/api/console/password-reset/confirm', { body: { token, password: 'yet another passphrase 7' } });
    expect(used.status).toBe(400);
    expect(used.body.field).toBe('token');
    expect((await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: PASSWORD } })).status).toBe(400);
    expect((await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: newPassword } })).status).toBe(200);
  });
});

describe('reset throttling', () => {
  const ask = (email: string, from: string) => consoleCall(server, 'POST', '/api/console/password-reset', { body: { email }, headers: { 'x-forwarded-for': from } });
  const resetLinks = (email: string) => readOutbox().filter((e) => e.to === email && e.link?.includes('/reset/')).length;

  it('is per requester first: strangers cannot use up the reset of a member, who still gets one from where they signed in', async () => {
    await awayFromWindowEnd(3600, 30_000);
    const account = await createStaff({ totp: true });
    const home = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    expect((await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: PASSWORD }, headers: { 'x-forwarded-for': home } })).status).toBe(200);
    // One stranger: three an hour for this e-mail.
    const stranger = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    for (let i = 0; i < 3; i++) expect((await ask(account.email, stranger)).status).toBe(200);
    expect((await ask(account.email, stranger)).status).toBe(429);
    // Strangers together: ten an hour for the e-mail, from addresses it never signed in from.
    for (let i = 0; i < 7; i++) expect((await ask(account.email, `192.0.2.${i + 1}`)).status).toBe(200);
    const refused = await ask(account.email, '192.0.2.100');
    expect(refused.status).toBe(429);
    expect(refused.body.errorMessage).toBe('Too many reset requests. Please try again later.');
    // The member, from the address they signed in from, still gets a link, and it works.
    const before = resetLinks(account.email);
    expect((await ask(account.email, home)).status).toBe(200);
    expect(resetLinks(account.email)).toBe(before + 1);
    const ok = await consoleCall(server, 'POST', '/api/console/password-reset/confirm', { body: { token: tokenOf(linkTo(account.email, 'reset')), password: 'a brand new passphrase 42' } });
    expect(ok.status).toBe(200);
  });
});

describe('an invitation to a second brand', () => {
  it('asks an existing account for its own password and keeps its authenticator', async () => {
    const first = await acceptedInvitation();
    const secret = await enrol(first);
    const brand = await createTestBrand();
    await op('invite-staff', { slug: brand.slug, email: first.email, role: 'support' });
    const token = tokenOf(linkTo(first.email, 'invitation'));
    const wrong = await consoleCall(server, 'POST', '/api/console/invitations/accept', { body: { token, name: '', password: 'not my password at all' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('password');
    const res = await consoleCall(server, 'POST', '/api/console/invitations/accept', { body: { token, name: '', password: PASSWORD } });
    expect(res.body).toEqual({ next: 'second-factor', brand: brand.slug });
    const who = browserAfter(res);
    const done = await consoleCall(server, 'POST', '/api/console/second-factor', { ...who, body: { code: totpCode(secret, Date.now() + 30_000) } });
    expect(done.body).toEqual({ next: 'done' });
    const me = await consoleCall(server, 'GET', '/api/console/me', { cookie: who.cookie });
    expect(me.body.memberships.map((m: { slug: string; role: string }) => [m.slug, m.role]).sort()).toEqual(
      [
        [first.brand.slug, 'owner'],
        [brand.slug, 'support'],
      ].sort(),
    );
  });
});



import { eq } from 'drizzle-orm';
import { call, type Res } from './api-server';
import { getDb } from '@/lib/db/client';
import { clients, staff, staffMemberships, staffSessions } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { hashPassword } from '@/lib/auth/password';
import { newTotpSecret, sealTotpSecret } from '@/lib/auth/totp';
import { sessionSecret } from '@/lib/auth/keys';
import { CONSOLE_CSRF_HEADER, consoleCsrfProof, consoleHost, sealStaffSessionId } from '@/lib/edge/console-host';
import type { StaffRole } from '@/lib/domain/staff-roles';

// Test-only: console staff without going through invitation, password and authenticator, for
// tests of what staff do (the sign-in itself is tested through its endpoints in
// tests/api/console-auth.test.ts). Real rows (an account, a membership, a live session with its
// second factor given) and a cookie sealed as the API seals it, so the staff guards accept them
// exactly as they accept a browser.

export const PASSWORD = 'correct horse battery staple';
export const CONSOLE_ORIGIN = () => `http://${consoleHost()}`;

type CallOpts = { body?: unknown; rawBody?: string; headers?: Record<string, string>; cookie?: string };

/**
 * A call to the console host: Origin of the console on state-changing calls (as a browser sends
 * it) and the x-csrf header (`csrf`, or '1' without a session). `headers` may override or, with
 * '', leave out any of them.
 */
export function consoleCall(server: { port: number }, method: string, path: string, opts: CallOpts & { csrf?: string } = {}): Promise<Res> {
  const headers: Record<string, string> = {};
  if (method !== 'GET') {
    headers.origin = CONSOLE_ORIGIN();
    headers[CONSOLE_CSRF_HEADER] = opts.csrf ?? '1';
  }
  return call(server, consoleHost(), method, path, { ...opts, headers: { ...headers, ...opts.headers } });
}

export type TestStaff = { staffId: string; email: string; password: string; totpSecret?: string };

/** A staff account (password set; an authenticator when `totp`), a member of each brand given with its role. */
export async function createStaff(opts: { memberships?: Array<{ clientId: string; role: StaffRole }>; totp?: boolean; password?: boolean; name?: string } = {}): Promise<TestStaff> {
  const db = await getDb();
  const staffId = randomId('stf', 20);
  const email = `${staffId.toLowerCase()}@staff.example`;
  const totpSecret = opts.totp ? newTotpSecret() : undefined;
  await db.insert(staff).values({
    id: staffId,
    email,
    name: opts.name ?? 'Test Staff',
    passwordHash: opts.password === false ? null : await hashPassword(PASSWORD),
    totpSecret: totpSecret ? sealTotpSecret(totpSecret) : null,
    totpEnabledAt: totpSecret ? new Date() : null,
  });
  for (const m of opts.memberships ?? []) await db.insert(staffMemberships).values({ staffId, clientId: m.clientId, role: m.role });
  return { staffId, email, password: PASSWORD, totpSecret };
}

export type SignedInStaff = TestStaff & {
  sessionId: string;
  /** The `name=value` of the session cookie. */
  cookie: string;
  csrf: string;
  /** A call as this staff member (cookie and CSRF proof), path from /api. */
  fetch(path: string, init?: { method?: string } & CallOpts): Promise<Res>;
};

/** A live session (second factor given) for a staff account. */
export async function sessionFor(server: { port: number }, account: TestStaff, opts: { secondFactor?: boolean } = {}): Promise<SignedInStaff> {
  const db = await getDb();
  const sessionId = randomId('sts', 32);
  const now = new Date();
  await db.insert(staffSessions).values({
    id: sessionId,
    staffId: account.staffId,
    expiresAt: new Date(now.getTime() + 3_600_000),
    secondFactorAt: opts.secondFactor === false ? null : now,
  });
  const cookie = `console_session=${await sealStaffSessionId(sessionId, sessionSecret())}`;
  const csrf = await consoleCsrfProof(sessionId, sessionSecret());
  return {
    ...account,
    sessionId,
    cookie,
    csrf,
    fetch: (path, init = {}) => consoleCall(server, init.method ?? 'GET', path, { ...init, cookie: init.cookie ?? cookie, csrf }),
  };
}

/** A signed-in staff member of one brand (by slug or id) with a role. */
export async function signedInStaff(server: { port: number }, opts: { brandSlug?: string; clientId?: string; role: StaffRole }): Promise<SignedInStaff> {
  let clientId = opts.clientId;
  if (!clientId) {
    const db = await getDb();
    const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, opts.brandSlug ?? ''));
    if (!row) throw new Error(`signedInStaff: no brand ${opts.brandSlug}`);
    clientId = row.id;
  }
  return sessionFor(server, await createStaff({ memberships: [{ clientId, role: opts.role }], password: false }));
}

import { and, eq, like } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { PASSWORD, consoleCall, createStaff, sessionFor, signedInStaff } from '../support/console';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import { addressHash, onSecurityEventLine } from '@/lib/auth/security-events';

// Security events (docs/security.md "Security events", issue 28 finding 5): failed sign-ins, wrong
// codes, limit refusals, refused access (401, 403, the console's cross-brand 404), revocations,
// exports and role changes each write one JSON line (event, brand, actor, request id, keyed hash
// of the address; never a secret or a contact), and those about staff an audit entry the owner
// filters by kind.

jest.setTimeout(90_000);
const server = apiServerForFile();

type Line = Record<string, unknown> & { event: string; brand: string | null; actor: string; requestId: string | null; address: string | null };
let lines: string[] = [];
let stop: () => void = () => undefined;
beforeEach(() => {
  lines = [];
  stop = onSecurityEventLine((l) => lines.push(l));
});
afterEach(() => stop());
const events = () => lines.map((l) => JSON.parse(l) as Line);
const securityAudit = async (clientId: string) =>
  (await (await getDb()).select().from(auditLog).where(and(eq(auditLog.clientId, clientId), like(auditLog.action, 'security.%')))).map((a) => ({ action: a.action, actor: a.actor, after: a.after as Record<string, unknown> }));

/** Every line is JSON with a request id and a hashed address, and holds none of `secrets`. */
function expectClean(secrets: string[]) {
  for (const line of lines) {
    const ev = JSON.parse(line) as Line;
    expect(ev).toMatchObject({ type: 'security', requestId: expect.stringMatching(/^[A-Za-z0-9._-]{8,64}$/), address: expect.any(String) });
    for (const s of secrets) expect(line).not.toContain(s);
    expect(line).not.toMatch(/127\.0\.0\.1|::1/);
  }
}

describe('security events', () => {
  it('logs a failed console sign-in and a wrong authenticator code, in the log and the account\'s brands\' audit', async () => {
    const brand = await createTestBrand();
    const account = await createStaff({ memberships: [{ clientId: brand.id, role: 'support' }], totp: true });
    const wrong = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: 'not the password at all' }, headers: { 'x-request-id': 'req-wrong-password-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.headers['x-request-id']).toBe('req-wrong-password-1');
    const unknown = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: 'nobody-here@staff.example', password: 'whatever it is' } });
    expect(unknown.status).toBe(400);
    const pending = await sessionFor(server, account, { secondFactor: false });
    const code = await consoleCall(server, 'POST', '/api/console/second-factor', { cookie: pending.cookie, body: { code: '000000' } });
    expect(code.status).toBe(400);
    expect(events().map((e) => [e.event, e.actor, e.reason ?? e.kind])).toEqual([
      ['sign-in.failed', 'anonymous', 'wrong password'],
      ['sign-in.failed', 'anonymous', 'unknown account'],
      ['code.wrong', `staff:${account.staffId}`, 'totp'],
    ]);
    expect(events()[0]).toMatchObject({ requestId: 'req-wrong-password-1', address: addressHash('127.0.0.1'), staff: account.staffId });
    expectClean([account.email, 'nobody-here', 'not the password at all', PASSWORD, '000000"']);
    expect((await securityAudit(brand.id)).map((a) => [a.action, a.actor])).toEqual(
      expect.arrayContaining([
        ['security.sign-in.failed', 'anonymous'],
        ['security.code.wrong', account.email],
      ]),
    );
  });

  it('logs refused access (401, 403, another brand\'s 404) and limit refusals (429)', async () => {
    const brand = await createTestBrand();
    const other = await createTestBrand();
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    expect((await analyst.fetch(`/api/console/brands/${brand.slug}/staff`)).status).toBe(403);
    expect((await analyst.fetch(`/api/console/brands/${other.slug}/overview`)).status).toBe(404);
    expect((await consoleCall(server, 'GET', `/api/console/brands/${brand.slug}/overview`)).status).toBe(401);
    // A wrong CSRF proof is a 403 too.
    expect((await analyst.fetch(`/api/console/brands/${brand.slug}/settings`, { method: 'PATCH', body: {}, headers: { 'x-csrf': 'forged' } })).status).toBe(403);
    const evs = events();
    expect(evs.map((e) => [e.event, e.status, e.brand, e.actor])).toEqual([
      ['access.refused', 403, brand.id, `staff:${analyst.staffId}`],
      ['access.refused', 404, other.id, `staff:${analyst.staffId}`],
      ['access.refused', 401, null, 'anonymous'],
      ['access.refused', 403, brand.id, `staff:${analyst.staffId}`],
    ]);
    expect(evs[1]).toMatchObject({ reason: 'not a member of this brand', route: `GET /api/console/brands/${other.slug}/overview` });
    // The brand probed by someone else's staff sees it in its own audit log.
    expect((await securityAudit(other.id)).map((a) => [a.action, a.actor])).toEqual([['security.access.refused', analyst.email]]);
    expect((await securityAudit(brand.id)).map((a) => a.action)).toEqual(['security.access.refused', 'security.access.refused']);

    lines = [];
    const email = `limit-${brand.slug}@staff.example`;
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email, password: 'wrong password here' } })).status;
    expect(last).toBe(429);
    expect(events().filter((e) => e.event === 'limit.refused')).toEqual([expect.objectContaining({ status: 429, route: 'POST /api/console/sign-in', actor: 'anonymous' })]);
    expectClean([email, 'wrong password here']);
  });

  it('logs revocations, exports and role changes, and the owner filters the audit log by kind', async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const member = await signedInStaff(server, { clientId: brand.id, role: 'support' });
    const base = `/api/console/brands/${brand.slug}`;
    expect((await owner.fetch(`${base}/staff/${member.staffId}`, { method: 'PATCH', body: { role: 'analyst' } })).status).toBe(200);
    expect((await owner.fetch(`${base}/staff/${member.staffId}/sessions`, { method: 'DELETE' })).status).toBe(200);
    expect(events().map((e) => [e.event, e.action, e.brand, e.actor]).slice(0, 2)).toEqual([
      ['role.changed', 'staff.role', brand.id, `staff:${owner.staffId}`],
      ['session.revoked', 'staff.sessions.revoke', brand.id, `staff:${owner.staffId}`],
    ]);
    expectClean([member.email, owner.email]);
    const byKind = async (kind: string) => (await owner.fetch(`${base}/audit?kind=${kind}`)).body;
    expect((await byKind('role.changed')).entries.map((e: { action: string }) => e.action)).toEqual(['staff.role']);
    expect((await byKind('session.revoked')).entries.map((e: { action: string }) => e.action)).toEqual(['staff.sessions.revoke']);
    const all = (await byKind('security')).entries.map((e: { action: string }) => e.action);
    expect(all).toEqual(expect.arrayContaining(['staff.role', 'staff.sessions.revoke']));
    const bad = await owner.fetch(`${base}/audit?kind=gossip`);
    expect([bad.status, bad.body.field]).toEqual([422, 'kind']);
  });

  it('logs a customer\'s wrong password with the brand and no contact', async () => {
    const brand = await createTestBrand();
    const contact = `someone-${brand.slug}@example.com`;
    const res = await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', { body: { channel: 'email', contact, password: 'a wrong password 1' } });
    expect(res.status).toBe(400);
    expect(events().map((e) => [e.event, e.brand, e.proof, e.channel])).toEqual([['sign-in.failed', brand.id, 'password', 'email']]);
    expectClean([contact, 'a wrong password 1']);
  });
});

import { and, eq } from 'drizzle-orm';
import { apiServerForFile, createTestBrand } from '../support/api-server';
import { consoleCall, createStaff, PASSWORD, sessionFor, signedInStaff } from '../support/console';
import { getDb } from '@/lib/db/client';
import { auditLog, staff, staffRecoveryCodes } from '@/lib/db/schema';
import { onSecurityEventLine } from '@/lib/auth/security-events';
import { ACCOUNT_DISABLED, MEMBER_DISABLED } from '@/lib/console/staff';
import { OWNERS_ONLY, resetMemberSecondFactor, setMemberDisabled } from '@/lib/console/staff-admin';
import { STAFF_ROLES } from '@/lib/domain/staff-roles';

// An owner's controls over another member (issue 28; docs/console.md "Staff"): disabling a member
// at one brand (and enabling them again), and resetting another member's second factor. Owners
// only, never themselves, never the last owner; audited with actor and target; another brand's
// owner gets 404; a member of two brands disabled at one keeps the other.

jest.setTimeout(60_000);
const server = apiServerForFile();

const staffPath = (slug: string, staffId: string, rest: string) => `/api/console/brands/${slug}/staff/${staffId}${rest}`;
const auditOf = async (clientId: string, action: string) =>
  (await getDb()).select().from(auditLog).where(and(eq(auditLog.clientId, clientId), eq(auditLog.action, action)));

async function brandWithOwnerAndMember() {
  const brand = await createTestBrand();
  const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
  const account = await createStaff({ memberships: [{ clientId: brand.id, role: 'support' }], totp: true });
  const member = await sessionFor(server, account);
  return { brand, owner, account, member };
}

describe('disabling a member', () => {
  it('ends their sessions at once, refuses their sign-in with a clear answer, keeps their data; enabling lets them in again', async () => {
    const { brand, owner, account, member } = await brandWithOwnerAndMember();
    expect((await member.fetch(`/api/console/brands/${brand.slug}/overview`)).status).toBe(200);
    const lines: string[] = [];
    const stop = onSecurityEventLine((l) => lines.push(l));
    const res = await owner.fetch(staffPath(brand.slug, account.staffId, '/disable'), { method: 'POST' });
    stop();
    expect([res.status, res.body]).toEqual([200, { staffId: account.staffId, email: account.email, disabled: true, revoked: 1 }]);
    expect(lines.map((l) => JSON.parse(l)).map((e) => [e.event, e.action])).toContainEqual(['session.revoked', 'staff.disable']);

    // Every request of the old session is refused now: the API, its own account's endpoints.
    expect((await member.fetch(`/api/console/brands/${brand.slug}/overview`)).status).toBe(401);
    expect((await member.fetch('/api/console/me')).status).toBe(401);
    const signIn = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: PASSWORD } });
    expect([signIn.status, signIn.body.errorMessage]).toEqual([403, ACCOUNT_DISABLED]);
    expect(signIn.headers['set-cookie'] ?? []).toEqual([]);
    const wrong = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: 'not the password at all' } });
    expect(wrong.status).toBe(400); // a wrong password tells nothing about the account's state

    const list = await owner.fetch(`/api/console/brands/${brand.slug}/staff`);
    const row = list.body.members.find((m: { staffId: string }) => m.staffId === account.staffId);
    expect(row).toMatchObject({ role: 'support', secondFactor: true });
    expect(row.disabledAt).toEqual(expect.any(String));
    const [entry] = await auditOf(brand.id, 'staff.disable');
    expect([entry?.actor, entry?.target, entry?.after]).toEqual([owner.email, account.email, { disabled: true, role: 'support', sessionsEnded: 1 }]);
    const [kept] = await (await getDb()).select().from(staff).where(eq(staff.id, account.staffId));
    expect(kept?.totpEnabledAt).not.toBeNull();

    const enabled = await owner.fetch(staffPath(brand.slug, account.staffId, '/enable'), { method: 'POST' });
    expect([enabled.status, enabled.body.disabled]).toEqual([200, false]);
    expect((await auditOf(brand.id, 'staff.enable')).map((e) => [e.actor, e.target])).toEqual([[owner.email, account.email]]);
    expect((await member.fetch('/api/console/me')).status).toBe(401); // an ended session stays ended
    const back = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: PASSWORD } });
    expect(back.body).toEqual({ next: 'second-factor' });
  });

  it('is per brand: a member disabled at one brand keeps their other brand and their session there', async () => {
    const a = await createTestBrand();
    const b = await createTestBrand();
    const ownerA = await signedInStaff(server, { clientId: a.id, role: 'owner' });
    const account = await createStaff({ memberships: [{ clientId: a.id, role: 'manager' }, { clientId: b.id, role: 'manager' }], totp: true });
    const member = await sessionFor(server, account);
    const res = await ownerA.fetch(staffPath(a.slug, account.staffId, '/disable'), { method: 'POST' });
    expect(res.body).toMatchObject({ disabled: true, revoked: 0 });
    const atA = await member.fetch(`/api/console/brands/${a.slug}/overview`);
    expect([atA.status, atA.body.errorMessage]).toEqual([403, MEMBER_DISABLED]);
    expect((await member.fetch(`/api/console/brands/${a.slug}/codes`)).status).toBe(403);
    expect((await member.fetch(`/api/console/brands/${b.slug}/overview`)).status).toBe(200);
    expect((await member.fetch('/api/console/me')).body.memberships.map((m: { slug: string }) => m.slug)).toEqual([b.slug]);
    const signIn = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: PASSWORD } });
    expect(signIn.body).toEqual({ next: 'second-factor' });
    // Brand B's own owner sees them enabled.
    const ownerB = await signedInStaff(server, { clientId: b.id, role: 'owner' });
    const atB = (await ownerB.fetch(`/api/console/brands/${b.slug}/staff`)).body.members.find((m: { staffId: string }) => m.staffId === account.staffId);
    expect(atB.disabledAt).toBeNull();
  });

  it('is for owners only, never oneself, and 404 for another brand’s member', async () => {
    const { brand, owner, account } = await brandWithOwnerAndMember();
    const manager = await signedInStaff(server, { clientId: brand.id, role: 'manager' });
    expect((await manager.fetch(staffPath(brand.slug, account.staffId, '/disable'), { method: 'POST' })).status).toBe(403);
    const self = await owner.fetch(staffPath(brand.slug, owner.staffId, '/disable'), { method: 'POST' });
    expect(self.status).toBe(409);
    expect(self.body.errorMessage).toMatch(/cannot disable yourself/);
    const other = await createTestBrand();
    const stranger = await signedInStaff(server, { clientId: other.id, role: 'owner' });
    expect((await stranger.fetch(staffPath(brand.slug, account.staffId, '/disable'), { method: 'POST' })).status).toBe(404);
    expect((await owner.fetch(staffPath(other.slug, stranger.staffId, '/disable'), { method: 'POST' })).status).toBe(404);
    expect((await owner.fetch(staffPath(brand.slug, stranger.staffId, '/disable'), { method: 'POST' })).status).toBe(404);
    const bad = await owner.fetch(staffPath(brand.slug, 'no/such', '/disable'), { method: 'POST' });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    const badId = await owner.fetch(staffPath(brand.slug, 'bad%20id', '/disable'), { method: 'POST' });
    expect([badId.status, badId.body.field]).toEqual([422, 'staffId']);
    expect(await auditOf(brand.id, 'staff.disable')).toEqual([]);
  });

  it('never leaves a brand without an enabled owner, even when two owners disable each other at once', async () => {
    const brand = await createTestBrand();
    const first = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const second = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const answers = await Promise.all([
      first.fetch(staffPath(brand.slug, second.staffId, '/disable'), { method: 'POST' }),
      second.fetch(staffPath(brand.slug, first.staffId, '/disable'), { method: 'POST' }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    // One wins; the other is refused: as the last owner (409) or, disabled already, by the guard (403/401).
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const survivor = answers[0]!.status === 200 ? first : second;
    const members = (await survivor.fetch(`/api/console/brands/${brand.slug}/staff`)).body.members;
    expect(members.filter((m: { disabledAt: string | null }) => m.disabledAt === null).map((m: { staffId: string }) => m.staffId)).toEqual([survivor.staffId]);
    // The enabled owner cannot demote themselves now: the disabled owner does not count.
    const demote = await survivor.fetch(`/api/console/brands/${brand.slug}/staff/${survivor.staffId}`, { method: 'PATCH', body: { role: 'manager' } });
    expect(demote.status).toBe(409);
  });
});

describe('an owner’s reset of a member’s second factor', () => {
  it('removes the authenticator and recovery codes, ends every session; the member sets it up again at the next sign-in', async () => {
    const { brand, owner, account, member } = await brandWithOwnerAndMember();
    expect((await member.fetch('/api/console/recovery-codes', { method: 'POST' })).status).toBe(201);
    const res = await owner.fetch(staffPath(brand.slug, account.staffId, '/second-factor/reset'), { method: 'POST' });
    expect([res.status, res.body]).toEqual([200, { staffId: account.staffId, email: account.email, revoked: 1 }]);
    expect((await member.fetch('/api/console/me')).status).toBe(401);
    const db = await getDb();
    const [row] = await db.select().from(staff).where(eq(staff.id, account.staffId));
    expect([row?.totpSecret, row?.totpEnabledAt]).toEqual([null, null]);
    expect(await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, account.staffId))).toEqual([]);
    const signIn = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: PASSWORD } });
    expect(signIn.body).toEqual({ next: 'enrol' });
    const [entry] = await auditOf(brand.id, 'staff.totp.reset');
    expect([entry?.actor, entry?.staffId, entry?.target]).toEqual([owner.email, owner.staffId, account.email]);
  });

  it('is for owners only, not for oneself, 404 across brands; the member’s other brand is told without naming the owner', async () => {
    const a = await createTestBrand();
    const b = await createTestBrand();
    const ownerA = await signedInStaff(server, { clientId: a.id, role: 'owner' });
    const account = await createStaff({ memberships: [{ clientId: a.id, role: 'support' }, { clientId: b.id, role: 'support' }], totp: true });
    const manager = await signedInStaff(server, { clientId: a.id, role: 'manager' });
    expect((await manager.fetch(staffPath(a.slug, account.staffId, '/second-factor/reset'), { method: 'POST' })).status).toBe(403);
    const self = await ownerA.fetch(staffPath(a.slug, ownerA.staffId, '/second-factor/reset'), { method: 'POST' });
    expect(self.status).toBe(409);
    const stranger = await signedInStaff(server, { clientId: (await createTestBrand()).id, role: 'owner' });
    expect((await stranger.fetch(staffPath(a.slug, account.staffId, '/second-factor/reset'), { method: 'POST' })).status).toBe(404);
    expect((await ownerA.fetch(staffPath(a.slug, stranger.staffId, '/second-factor/reset'), { method: 'POST' })).status).toBe(404);
    const [untouched] = await (await getDb()).select().from(staff).where(eq(staff.id, account.staffId));
    expect(untouched?.totpEnabledAt).not.toBeNull();

    expect((await ownerA.fetch(staffPath(a.slug, account.staffId, '/second-factor/reset'), { method: 'POST' })).status).toBe(200);
    const atB = await auditOf(b.id, 'security.session.revoked');
    expect(atB).toHaveLength(1);
    expect(atB[0]!.target).toBe(account.email);
    expect(JSON.stringify(atB)).not.toContain(ownerA.email);
  });
});

describe('the use cases’ own role check (the route’s guard is not the only one)', () => {
  it('refuses every role but owner, even when called without the guard', async () => {
    const { brand, account } = await brandWithOwnerAndMember();
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      const scope = { clientId: brand.id, slug: brand.slug, actor: { kind: 'staff' as const, staffId: 'stf_someone', email: 'someone@staff.example', role } };
      await expect(setMemberDisabled(scope, account.staffId, true)).rejects.toMatchObject({ code: 'forbidden', message: OWNERS_ONLY });
      await expect(resetMemberSecondFactor(scope, account.staffId)).rejects.toMatchObject({ code: 'forbidden', message: OWNERS_ONLY });
    }
    expect(await auditOf(brand.id, 'staff.disable')).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { consoleCall, createStaff, sessionFor, signedInStaff } from '../support/console';
import { readOutbox } from '@/lib/messaging/outbox';
import { getDb } from '@/lib/db/client';
import { auditLog, staffTokens } from '@/lib/db/schema';
import { STAFF_ROLES } from '@/lib/domain/staff-roles';

// The staff access class (define-route.ts, docs/console.md) on the staff endpoints of a brand:
// no session 401, not a member (or no such brand) 404, a role that may not 403, an unsafe call
// without the CSRF proof 403, in that order; then what an owner sees and does.

jest.setTimeout(60_000);
const server = apiServerForFile();

const uniqueEmail = () => `invitee-${Math.random().toString(36).slice(2, 10)}@example.com`;
const staffPath = (slug: string) => `/api/console/brands/${slug}/staff`;
const invitePath = (slug: string) => `/api/console/brands/${slug}/staff/invitations`;

describe('the staff access class', () => {
  it('answers 401 without a session, and for a session whose second factor is not given', async () => {
    const brand = await createTestBrand();
    expect((await consoleCall(server, 'GET', staffPath(brand.slug))).status).toBe(401);
    const account = await createStaff({ memberships: [{ clientId: brand.id, role: 'owner' }], password: false });
    const halfway = await sessionFor(server, account, { secondFactor: false });
    const res = await halfway.fetch(staffPath(brand.slug));
    expect(res.status).toBe(401);
    expect(res.body.errorMessage).toBe('Sign in to the console to continue.');
  });

  it('answers 404 for another brand and for no brand at all, before the role is looked at', async () => {
    const mine = await createTestBrand();
    const theirs = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: mine.id, role: 'owner' });
    for (const slug of [theirs.slug, 'no-such-brand']) {
      const res = await owner.fetch(staffPath(slug));
      expect(res.status).toBe(404);
      expect(res.body.errorMessage).toBe('No such brand in your console.');
      // A write is 404 too, even without the CSRF proof: membership comes first.
      expect((await owner.fetch(invitePath(slug), { method: 'POST', body: { email: uniqueEmail(), role: 'support' }, headers: { 'x-csrf': '' } })).status).toBe(404);
    }
  });

  it.each(STAFF_ROLES.filter((r) => r !== 'owner'))('answers 403 to a %s, who may neither see nor change the staff', async (role) => {
    const brand = await createTestBrand();
    const member = await signedInStaff(server, { clientId: brand.id, role });
    const list = await member.fetch(staffPath(brand.slug));
    expect(list.status).toBe(403);
    expect(list.body.errorMessage).toBe(`Your role (${role}) may not see this.`);
    const email = uniqueEmail();
    const invite = await member.fetch(invitePath(brand.slug), { method: 'POST', body: { email, role: 'owner' } });
    expect(invite.status).toBe(403);
    expect(readOutbox().some((e) => e.to === email)).toBe(false);
  });

  it('answers 403 to an unsafe call without the session’s CSRF proof or Origin, and writes nothing', async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const email = uniqueEmail();
    const body = { email, role: 'support' };
    const noProof = await owner.fetch(invitePath(brand.slug), { method: 'POST', body, headers: { 'x-csrf': '' } });
    expect(noProof.status).toBe(403);
    // The '1' that is enough before sign-in is not the proof of a session.
    const wrongProof = await owner.fetch(invitePath(brand.slug), { method: 'POST', body, headers: { 'x-csrf': '1' } });
    expect(wrongProof.status).toBe(403);
    const otherSession = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    expect((await owner.fetch(invitePath(brand.slug), { method: 'POST', body, headers: { 'x-csrf': otherSession.csrf } })).status).toBe(403);
    expect((await owner.fetch(invitePath(brand.slug), { method: 'POST', body, headers: { origin: 'http://evil.localhost' } })).status).toBe(403);
    expect((await owner.fetch(invitePath(brand.slug), { method: 'POST', body, headers: { origin: '' } })).status).toBe(403);
    const db = await getDb();
    expect(await db.select().from(staffTokens).where(eq(staffTokens.email, email))).toHaveLength(0);
    expect((await owner.fetch(invitePath(brand.slug), { method: 'POST', body })).status).toBe(201);
  });

  it('answers 404 at a brand host even with a valid staff cookie', async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const res = await call(server, brand.domain, 'GET', staffPath(brand.slug), { cookie: owner.cookie });
    expect(res.status).toBe(404);
  });
});

describe('the staff of a brand', () => {
  it('lists the members with role and last sign-in, and open invitations, of this brand only', async () => {
    const brand = await createTestBrand();
    const other = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    await signedInStaff(server, { clientId: other.id, role: 'owner' });
    const email = uniqueEmail();
    expect((await owner.fetch(invitePath(brand.slug), { method: 'POST', body: { email, role: 'analyst' } })).status).toBe(201);
    const res = await owner.fetch(staffPath(brand.slug));
    expect(res.status).toBe(200);
    expect(res.body.members).toEqual([expect.objectContaining({ staffId: owner.staffId, email: owner.email, role: 'owner', lastSignInAt: expect.any(String) })]);
    expect(res.body.invitations).toEqual([expect.objectContaining({ email, role: 'analyst' })]);
  });

  it('invites by e-mail with a link to the console, audits it, and refuses someone already on the staff', async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const email = uniqueEmail();
    const res = await owner.fetch(invitePath(brand.slug), { method: 'POST', body: { email: email.toUpperCase(), role: 'support' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, role: 'support' });
    const mail = readOutbox().filter((e) => e.to === email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.link).toMatch(/^http:\/\/console\.localhost(:\d+)?\/invitation\/[A-Za-z0-9_-]{40,}$/);
    const db = await getDb();
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.clientId, brand.id));
    expect(entry).toMatchObject({ action: 'staff.invite', actor: owner.email, staffId: owner.staffId, target: email, after: expect.objectContaining({ role: 'support' }) });

    const again = await owner.fetch(invitePath(brand.slug), { method: 'POST', body: { email: owner.email, role: 'support' } });
    expect(again.status).toBe(409);
    expect(again.body.field).toBe('email');
  });

  it('refuses bad input with a 422 naming the field', async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const badRole = await owner.fetch(invitePath(brand.slug), { method: 'POST', body: { email: uniqueEmail(), role: 'admin' } });
    expect(badRole.status).toBe(422);
    expect(badRole.body.field).toBe('role');
    const badEmail = await owner.fetch(invitePath(brand.slug), { method: 'POST', body: { email: 'nope', role: 'support' } });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.field).toBe('email');
    const badSlug = await owner.fetch(staffPath('Not_A_Slug'));
    expect(badSlug.status).toBe(404);
  });
});

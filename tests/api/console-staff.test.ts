import { eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { consoleCall, createStaff, sessionFor, signedInStaff } from '../support/console';
import { op } from '../support/aftersales';
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

  it('invites again with a new link: the earlier one stops working', async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const email = uniqueEmail();
    await owner.fetch(invitePath(brand.slug), { method: 'POST', body: { email, role: 'support' } });
    await owner.fetch(invitePath(brand.slug), { method: 'POST', body: { email, role: 'manager' } });
    const [first, second] = readOutbox().filter((e) => e.to === email).map((e) => e.link!.split('/').at(-1)!);
    const accept = (token: string) => consoleCall(server, 'POST', '/api/console/invitations/accept', { body: { token, name: 'Kim', password: 'a fine long passphrase' } });
    expect((await accept(first!)).status).toBe(400);
    const ok = await accept(second!);
    expect(ok.status).toBe(200);
    expect((await owner.fetch(staffPath(brand.slug))).body.members).toEqual(expect.arrayContaining([expect.objectContaining({ email, role: 'manager' })]));
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

describe('roles and removal', () => {
  const memberPath = (slug: string, staffId: string) => `/api/console/brands/${slug}/staff/${staffId}`;

  it('changes a role, audited with before and after; the new role applies at the next request', async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const agent = await signedInStaff(server, { clientId: brand.id, role: 'support' });
    expect((await agent.fetch(staffPath(brand.slug))).status).toBe(403);
    const res = await owner.fetch(memberPath(brand.slug, agent.staffId), { method: 'PATCH', body: { role: 'owner' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ staffId: agent.staffId, email: agent.email, role: 'owner' });
    expect((await agent.fetch(staffPath(brand.slug))).status).toBe(200);
    const db = await getDb();
    // The support member's refused read is a security entry (tests/api/security-events.test.ts); the change is the one other.
    const entries = (await db.select().from(auditLog).where(eq(auditLog.clientId, brand.id))).filter((e) => !e.action.startsWith('security.'));
    expect(entries).toEqual([expect.objectContaining({ action: 'staff.role', actor: owner.email, target: agent.email, before: { role: 'support' }, after: { role: 'owner' } })]);
  });

  it('keeps the last owner: neither demoted nor removed (409), and nothing written', async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const demote = await owner.fetch(memberPath(brand.slug, owner.staffId), { method: 'PATCH', body: { role: 'manager' } });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ field: 'role', errorMessage: 'role: A brand keeps at least one owner: make someone else owner first.' });
    expect((await owner.fetch(memberPath(brand.slug, owner.staffId), { method: 'DELETE' })).status).toBe(409);
    expect((await owner.fetch(staffPath(brand.slug))).body.members).toEqual([expect.objectContaining({ staffId: owner.staffId, role: 'owner' })]);
    const db = await getDb();
    expect(await db.select().from(auditLog).where(eq(auditLog.clientId, brand.id))).toHaveLength(0);
    // With a second owner, the first may step down.
    const second = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    expect((await owner.fetch(memberPath(brand.slug, owner.staffId), { method: 'PATCH', body: { role: 'analyst' } })).status).toBe(200);
    expect((await second.fetch(memberPath(brand.slug, second.staffId), { method: 'DELETE' })).status).toBe(409);
  });

  it('lets only one of two owners demoting each other at once succeed', async () => {
    const brand = await createTestBrand();
    const a = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const b = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const [ra, rb] = await Promise.all([
      a.fetch(memberPath(brand.slug, b.staffId), { method: 'PATCH', body: { role: 'support' } }),
      b.fetch(memberPath(brand.slug, a.staffId), { method: 'PATCH', body: { role: 'support' } }),
    ]);
    // One demotion went through; the other was then a demotion of the last owner (409), or by someone no longer owner (403).
    expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1);
    expect([403, 409]).toContain([ra.status, rb.status].find((s) => s !== 200));
    const list = await (ra.status === 200 ? a : b).fetch(staffPath(brand.slug));
    expect(list.body.members.filter((m: { role: string }) => m.role === 'owner')).toHaveLength(1);
  });

  it('removes a member from the brand: audited, and their next request to it is a 404', async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const second = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    expect((await owner.fetch(memberPath(brand.slug, second.staffId), { method: 'DELETE' })).status).toBe(200);
    expect((await second.fetch(staffPath(brand.slug))).status).toBe(404);
    expect((await owner.fetch(memberPath(brand.slug, second.staffId), { method: 'DELETE' })).status).toBe(404);
    const db = await getDb();
    const [entry] = (await db.select().from(auditLog).where(eq(auditLog.clientId, brand.id))).filter((e) => !e.action.startsWith('security.'));
    expect(entry).toMatchObject({ action: 'staff.remove', target: second.email, before: { role: 'owner' } });
  });

  it('does not reach a member of another brand by id (404)', async () => {
    const brand = await createTestBrand();
    const other = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const stranger = await signedInStaff(server, { clientId: other.id, role: 'support' });
    expect((await owner.fetch(memberPath(brand.slug, stranger.staffId), { method: 'PATCH', body: { role: 'analyst' } })).status).toBe(404);
    expect((await owner.fetch(memberPath(brand.slug, stranger.staffId), { method: 'DELETE' })).status).toBe(404);
    expect((await owner.fetch(`${memberPath(brand.slug, stranger.staffId)}/sessions`)).status).toBe(404);
    expect((await owner.fetch(`${memberPath(brand.slug, stranger.staffId)}/sessions`, { method: 'DELETE' })).status).toBe(404);
    expect((await stranger.fetch('/api/console/me')).status).toBe(200);
  });
});

describe('a member’s sessions', () => {
  it('lists them and ends one or all: the member’s next request is a 401', async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const agent = await createStaff({ memberships: [{ clientId: brand.id, role: 'support' }], password: false });
    const phone = await sessionFor(server, agent);
    const laptop = await sessionFor(server, agent);
    for (const s of [phone, laptop]) expect((await s.fetch(`/api/console/brands/${brand.slug}/complaints`)).status).toBe(200);
    const list = await owner.fetch(`${staffPath(brand.slug)}/${agent.staffId}/sessions`);
    expect(list.body.sessions.map((s: { id: string }) => s.id).sort()).toEqual([phone.sessionId, laptop.sessionId].sort());

    const one = await owner.fetch(`${staffPath(brand.slug)}/${agent.staffId}/sessions/${phone.sessionId}`, { method: 'DELETE' });
    expect(one.body).toEqual({ revoked: 1 });
    expect((await phone.fetch('/api/console/me')).status).toBe(401);
    expect((await laptop.fetch('/api/console/me')).status).toBe(200);
    expect((await owner.fetch(`${staffPath(brand.slug)}/${agent.staffId}/sessions/${phone.sessionId}`, { method: 'DELETE' })).status).toBe(404);

    const all = await owner.fetch(`${staffPath(brand.slug)}/${agent.staffId}/sessions`, { method: 'DELETE' });
    expect(all.body).toEqual({ revoked: 1 });
    expect((await laptop.fetch('/api/console/me')).status).toBe(401);
    const db = await getDb();
    const actions = (await db.select().from(auditLog).where(eq(auditLog.clientId, brand.id))).map((e) => e.action);
    expect(actions).toEqual(['staff.sessions.revoke', 'staff.sessions.revoke']);
  });
});

describe('a member of two brands', () => {
  it('is seen and signed out by each brand only where they worked for it: sessions, addresses and last sign-in', async () => {
    const home = await createTestBrand();
    const other = await createTestBrand();
    const homeOwner = await signedInStaff(server, { clientId: home.id, role: 'owner' });
    const otherOwner = await signedInStaff(server, { clientId: other.id, role: 'owner' });
    // The member works for their own brand; the other brand got them to join as well.
    const member = await createStaff({ memberships: [{ clientId: home.id, role: 'owner' }, { clientId: other.id, role: 'support' }], password: false });
    const atHome = await sessionFor(server, member);
    expect((await atHome.fetch(staffPath(home.slug))).status).toBe(200);

    // The other brand sees the member, but none of their sessions nor when they signed in.
    const staffThere = await otherOwner.fetch(staffPath(other.slug));
    expect(staffThere.body.members).toEqual(expect.arrayContaining([expect.objectContaining({ staffId: member.staffId, lastSignInAt: null })]));
    const seen = await otherOwner.fetch(`${staffPath(other.slug)}/${member.staffId}/sessions`);
    expect(seen.status).toBe(200);
    expect(seen.body.sessions).toEqual([]);
    expect(seen.text).not.toContain(atHome.sessionId);
    // Nor can it end them, one or all.
    expect((await otherOwner.fetch(`${staffPath(other.slug)}/${member.staffId}/sessions/${atHome.sessionId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await otherOwner.fetch(`${staffPath(other.slug)}/${member.staffId}/sessions`, { method: 'DELETE' })).body).toEqual({ revoked: 0 });
    expect((await atHome.fetch('/api/console/me')).status).toBe(200);
    // Their own brand sees the session.
    const seenAtHome = await homeOwner.fetch(`${staffPath(home.slug)}/${member.staffId}/sessions`);
    expect(seenAtHome.body.sessions.map((s: { id: string }) => s.id)).toEqual([atHome.sessionId]);

    // Once the member works for the other brand in that session, that brand sees and may end it.
    expect((await atHome.fetch(`/api/console/brands/${other.slug}/complaints`)).status).toBe(200);
    const now = await otherOwner.fetch(`${staffPath(other.slug)}/${member.staffId}/sessions`);
    expect(now.body.sessions.map((s: { id: string }) => s.id)).toEqual([atHome.sessionId]);
    expect((await otherOwner.fetch(`${staffPath(other.slug)}/${member.staffId}/sessions`, { method: 'DELETE' })).body).toEqual({ revoked: 1 });
    expect((await atHome.fetch('/api/console/me')).status).toBe(401);
  });
});

describe('one’s own sessions', () => {
  it('lists them with the current one marked, ends another, and signs out everywhere else', async () => {
    const account = await createStaff({ password: false });
    const here = await sessionFor(server, account);
    const there = await sessionFor(server, account);
    const elsewhere = await sessionFor(server, account);
    const list = await here.fetch('/api/console/sessions');
    expect(list.body.sessions).toHaveLength(3);
    expect(list.body.sessions.filter((s: { current: boolean }) => s.current).map((s: { id: string }) => s.id)).toEqual([here.sessionId]);

    expect((await here.fetch(`/api/console/sessions/${there.sessionId}`, { method: 'DELETE' })).body).toEqual({ revoked: 1 });
    expect((await there.fetch('/api/console/me')).status).toBe(401);
    // Another account's session is not one's own to end.
    const stranger = await sessionFor(server, await createStaff({ password: false }));
    expect((await here.fetch(`/api/console/sessions/${stranger.sessionId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await stranger.fetch('/api/console/me')).status).toBe(200);

    expect((await here.fetch('/api/console/sessions/sign-out-others', { method: 'POST' })).body).toEqual({ revoked: 1 });
    expect((await elsewhere.fetch('/api/console/me')).status).toBe(401);
    expect((await here.fetch('/api/console/me')).status).toBe(200);
  });
});

describe('the audit log', () => {
  const auditPath = (slug: string, query = '') => `/api/console/brands/${slug}/audit${query}`;

  it('pages newest first by keyset, filters by action and actor, and shows this brand only', async () => {
    const brand = await createTestBrand();
    const other = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const otherOwner = await signedInStaff(server, { clientId: other.id, role: 'owner' });
    const invited: string[] = [];
    for (let i = 0; i < 5; i++) {
      const email = uniqueEmail();
      invited.push(email);
      expect((await owner.fetch(invitePath(brand.slug), { method: 'POST', body: { email, role: 'analyst' } })).status).toBe(201);
    }
    await otherOwner.fetch(invitePath(other.slug), { method: 'POST', body: { email: uniqueEmail(), role: 'analyst' } });
    await op('invite-staff', { slug: brand.slug, email: uniqueEmail(), role: 'manager' });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Awaited<ReturnType<typeof owner.fetch>> = await owner.fetch(auditPath(brand.slug, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`));
      expect(res.status).toBe(200);
      seen.push(...res.body.entries.map((e: { target: string }) => e.target));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen.slice(1)).toEqual([...invited].reverse()); // newest first: the command line's came last

    const byActor = await owner.fetch(auditPath(brand.slug, `?actor=${encodeURIComponent('command line')}`));
    expect(byActor.body.entries).toHaveLength(1);
    expect(byActor.body.entries[0]).toMatchObject({ actor: 'command line', action: 'staff.invite' });
    const byAction = await owner.fetch(auditPath(brand.slug, '?action=staff.role'));
    expect(byAction.body).toEqual({ entries: [], nextCursor: null, total: 0 });
  });

  it('sorts by when, who and action both ways, pages each sort by its keyset, counts what matches, and exports in the sort asked', async () => {
    const brand = await createTestBrand();
    const other = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const otherOwner = await signedInStaff(server, { clientId: other.id, role: 'owner' });
    const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
    for (const email of emails) expect((await owner.fetch(invitePath(brand.slug), { method: 'POST', body: { email, role: 'analyst' } })).status).toBe(201);
    expect((await owner.fetch(`/api/console/brands/${brand.slug}/staff/invitations/cancel`, { method: 'POST', body: { email: emails[0] } })).status).toBe(200);
    await op('invite-staff', { slug: brand.slug, email: uniqueEmail(), role: 'manager' });
    await otherOwner.fetch(invitePath(other.slug), { method: 'POST', body: { email: uniqueEmail(), role: 'analyst' } });

    type Entry = { id: string; at: string; actor: string; action: string };
    const all = await owner.fetch(auditPath(brand.slug, '?limit=200'));
    const entries: Entry[] = all.body.entries;
    expect(all.body.total).toBe(entries.length);
    expect(entries.length).toBeGreaterThanOrEqual(5);
    /** Every entry once, two at a time by the cursor, in the sort asked. */
    const walk = async (sort: string) => {
      const seen: Entry[] = [];
      let cursor: string | null = null;
      do {
        const res: Awaited<ReturnType<typeof owner.fetch>> = await owner.fetch(auditPath(brand.slug, `?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`));
        expect([sort, res.status, res.body.total]).toEqual([sort, 200, entries.length]);
        seen.push(...res.body.entries);
        cursor = res.body.nextCursor;
      } while (cursor);
      expect([sort, seen.map((e) => e.id).sort()]).toEqual([sort, entries.map((e) => e.id).sort()]);
      return seen;
    };
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    // Times compare as text in any collation: oldest first, exactly.
    const byTime = [...entries].sort((x, y) => cmp(x.at, y.at) || cmp(x.id, y.id)).map((e) => e.id);
    expect((await walk('at')).map((e) => e.id)).toEqual(byTime);
    expect((await walk('-at')).map((e) => e.id)).toEqual([...byTime].reverse());
    for (const column of ['action', 'actor'] as const) {
      const up = await walk(column);
      const down = await walk(`-${column}`);
      expect(down.map((e) => e.id)).toEqual(up.map((e) => e.id).reverse());
      // Entries of one value come together (the order of values is the database's collation).
      const values = up.map((e) => e[column]);
      expect(values.filter((v, i) => i === 0 || v !== values[i - 1])).toHaveLength(new Set(values).size);
    }
    const actions = (await walk('action')).map((e) => e.action);
    expect(actions.lastIndexOf('staff.invitation.cancel')).toBeLessThan(actions.indexOf('staff.invite'));
    const invites = await owner.fetch(auditPath(brand.slug, '?action=staff.invite&sort=actor'));
    expect(invites.body.total).toBe(4);
    expect(invites.body.entries[0].actor).toBe('command line');
    // The CSV in the same sort; the other brand's entries appear nowhere.
    const csv = await owner.fetch(`/api/console/brands/${brand.slug}/audit.csv?action=staff.invite&sort=-actor`);
    const actors = csv.text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).slice(1).map((r: string) => r.split(',')[1]);
    expect(actors).toHaveLength(4);
    expect(actors[3]).toBe('command line');
    expect(csv.text).not.toContain(otherOwner.email);
    for (const [q, field] of [['sort=target', 'sort'], ['sort=-when', 'sort']] as const) {
      for (const path of ['audit', 'audit.csv']) {
        const res = await owner.fetch(`/api/console/brands/${brand.slug}/${path}?${q}`);
        expect([path, q, res.status, res.body.field]).toEqual([path, q, 422, field]);
      }
    }
    // A cursor of the time sort is no position in another.
    const first = await owner.fetch(auditPath(brand.slug, '?limit=1'));
    expect((await owner.fetch(auditPath(brand.slug, `?sort=action&limit=1&cursor=${first.body.nextCursor}`))).status).toBe(200);
    expect((await owner.fetch(auditPath(brand.slug, `?sort=at&limit=1&cursor=${Buffer.from('staff.invite|abc').toString('base64url')}`))).body.field).toBe('cursor');
  });

  it('refuses a forged cursor and bad limits with the field named, and other roles with 403', async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const forged = await owner.fetch(auditPath(brand.slug, '?cursor=bm90LWEtY3Vyc29y'));
    expect(forged.status).toBe(400);
    expect(forged.body.field).toBe('cursor');
    const limit = await owner.fetch(auditPath(brand.slug, '?limit=0'));
    expect(limit.status).toBe(422);
    expect(limit.body.field).toBe('limit');
    const manager = await signedInStaff(server, { clientId: brand.id, role: 'manager' });
    expect((await manager.fetch(auditPath(brand.slug))).status).toBe(403);
  });
});

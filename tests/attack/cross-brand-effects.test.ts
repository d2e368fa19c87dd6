import { eq } from 'drizzle-orm';
import { call, createTestBrand, startApiServer, type TestServer } from '../support/api-server';
import { createStaff, sessionFor, signedInStaff, type SignedInStaff } from '../support/console';
import { ALL_FLAGS } from './world';
import { getDb } from '@/lib/db/client';
import { clientDomains, staff, staffMemberships } from '@/lib/db/schema';
import { consoleHost } from '@/lib/edge/console-host';
import { codeRunsSettled } from '@/lib/console/code-runs';
import { PRINTING_ROLES, STAFF_ROLES, type StaffRole } from '@/lib/domain/staff-roles';

// Cross-brand side effects beyond the routes (docs/security.md "Attack suite", issue 28): what a
// brand's staff can do to another brand or to the deployment through data rather than through a
// route's guard. Domain claims (every role of brand A, every spelling of brand B's domain, the
// console host), which secrets each role can export (every file download of the OpenAPI
// document under the codes and catalogue areas), what joining a second brand exposes, and an
// owner's controls over a member (disable, enable, second-factor reset) tried from another brand.

let server: TestServer;
let a: Awaited<ReturnType<typeof createTestBrand>>;
let b: Awaited<ReturnType<typeof createTestBrand>>;
let staffAt: Record<StaffRole, SignedInStaff>;

beforeAll(async () => {
  server = await startApiServer();
  a = await createTestBrand({ flags: ALL_FLAGS });
  b = await createTestBrand({ flags: ALL_FLAGS });
  staffAt = Object.fromEntries(await Promise.all(STAFF_ROLES.map(async (role) => [role, await signedInStaff(server, { clientId: a.id, role })]))) as Record<StaffRole, SignedInStaff>;
}, 120_000);
afterAll(() => server?.close());

const domainsOf = async (clientId: string) => (await (await getDb()).select().from(clientDomains).where(eq(clientDomains.clientId, clientId))).map((d) => `${d.domain}:${d.status}`).sort();

it('lets no role of a brand claim another brand\'s domain or the console host, in any spelling', async () => {
  const claims = [b.domain, b.domain.toUpperCase(), `${b.domain}.`, `${b.domain}:443`, `www1.${b.domain}`, consoleHost(), `${consoleHost()}.`, `x.${consoleHost()}`, '127.0.0.1', '0x7f.1', '[::1]'];
  const bBefore = await domainsOf(b.id);
  const aBefore = await domainsOf(a.id);
  const problems: string[] = [];
  for (const role of STAFF_ROLES) {
    for (const domain of claims) {
      const res = await staffAt[role].fetch(`/api/console/brands/${a.slug}/settings/domains`, { method: 'POST', body: { domain } });
      const want = role === 'owner' || role === 'manager' ? 422 : 403;
      if (res.status !== want) problems.push(`${role} adding ${domain}: ${res.status} (want ${want})`);
    }
  }
  expect(problems).toEqual([]);
  expect(await domainsOf(b.id)).toEqual(bBefore);
  expect(await domainsOf(a.id)).toEqual(aBefore);
  // B's domain still serves B, and the console host still serves the console.
  expect((await call(server, b.domain, 'GET', '/api/client/clone-info')).status).toBe(200);
  expect((await staffAt.owner.fetch('/api/console/me')).status).toBe(200);
  // A name A may have stays pending: it serves nothing until the operator approves it.
  const mine = `shop-${a.slug}.localhost`;
  expect((await staffAt.manager.fetch(`/api/console/brands/${a.slug}/settings/domains`, { method: 'POST', body: { domain: mine } })).status).toBe(201);
  expect((await call(server, mine, 'GET', '/api/client/clone-info')).status).toBe(404);
});

it('lets only the roles that print download anything that carries codes', async () => {
  const owner = staffAt.owner;
  const cat = `/api/console/brands/${a.slug}/catalogue`;
  const product = (await owner.fetch(`${cat}/products`, { method: 'POST', body: { name: 'Serum', description: 'Daily', warrantyMonths: 12 } })).body;
  const batch = (await owner.fetch(`${cat}/batches`, { method: 'POST', body: { productId: product.id, batchNumber: 'X-1', mfgDate: '2026-01-01', expiryDate: '2028-01-01', markets: ['IN'] } })).body;
  await owner.fetch(`${cat}/batches/${batch.id}/code-runs`, { method: 'POST', body: { count: 2 } });
  await codeRunsSettled();
  // Every file download of the OpenAPI document under /console/brands/{brand}/ that names codes.
  const doc = (await call(server, consoleHost(), 'GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>> };
  const downloads = Object.entries(doc.paths)
    .filter(([path, item]) => path.includes('/console/brands/{brand}/') && /codes/.test(path) && Object.values(item.get?.responses?.['200']?.content ?? {}).length > 0 && !('application/json' in (item.get?.responses?.['200']?.content ?? {})))
    .map(([path]) => path.replace(/^\/api/, ''));
  expect(downloads.length).toBeGreaterThanOrEqual(2);
  const took: string[] = [];
  for (const path of downloads) {
    const url = `/api${path.replace('{brand}', a.slug).replace('{batchId}', batch.id)}`;
    for (const role of STAFF_ROLES) if ((await staffAt[role].fetch(url)).status === 200) took.push(`${role} ${path}`);
  }
  expect(took).toEqual(downloads.flatMap((path) => STAFF_ROLES.filter((r) => PRINTING_ROLES.includes(r)).map((role) => `${role} ${path}`)));
});

it('shows a brand nothing of a member\'s other brands when they join it', async () => {
  const member = await createStaff({ memberships: [{ clientId: b.id, role: 'owner' }] });
  await (await getDb()).insert(staffMemberships).values({ staffId: member.staffId, clientId: a.id, role: 'support' });
  await sessionFor(server, member);
  const list = await staffAt.owner.fetch(`/api/console/brands/${a.slug}/staff`);
  expect(list.status).toBe(200);
  expect(list.text).toContain(member.email);
  for (const secret of [b.slug, b.id]) expect(list.text).not.toContain(secret);
  const sessions = await staffAt.owner.fetch(`/api/console/brands/${a.slug}/staff/${member.staffId}/sessions`);
  for (const secret of [b.slug, b.id]) expect(sessions.text).not.toContain(secret);
});

it('lets no owner of another brand disable, enable or reset the second factor of a brand\'s member, and changes nothing when refused', async () => {
  const member = await createStaff({ memberships: [{ clientId: a.id, role: 'support' }], totp: true });
  const memberSession = await sessionFor(server, member);
  const bOwner = await signedInStaff(server, { clientId: b.id, role: 'owner' });
  const db = await getDb();
  const before = JSON.stringify([await db.select().from(staff).where(eq(staff.id, member.staffId)), await db.select().from(staffMemberships).where(eq(staffMemberships.staffId, member.staffId))]);
  for (const action of ['disable', 'enable', 'second-factor/reset']) {
    // At brand A's path (not theirs) and at their own brand's path (the member is not on it): 404 both.
    for (const slug of [a.slug, b.slug]) {
      const res = await bOwner.fetch(`/api/console/brands/${slug}/staff/${member.staffId}/${action}`, { method: 'POST' });
      expect([action, slug, res.status]).toEqual([action, slug, 404]);
      expect(res.text).not.toContain(member.email);
    }
  }
  expect(JSON.stringify([await db.select().from(staff).where(eq(staff.id, member.staffId)), await db.select().from(staffMemberships).where(eq(staffMemberships.staffId, member.staffId))])).toBe(before);
  expect((await memberSession.fetch('/api/console/me')).status).toBe(200);
});

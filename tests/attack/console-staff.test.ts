import { call, createTestBrand, startApiServer, type Res, type TestServer } from '../support/api-server';
import { consoleCall, signedInStaff, type SignedInStaff } from '../support/console';
import { encodeAny } from './inputs';
import { exampleOf, opName } from './operations';
import { ALL_FLAGS } from './world';
import { consoleHost } from '@/lib/edge/console-host';
import { onSecurityEventLine } from '@/lib/auth/security-events';
import { CONSOLE_AREAS, STAFF_ROLES, roleMay, isStaffRole, type AreaAccess, type ConsoleArea, type StaffRole } from '@/lib/domain/staff-roles';

// The staff run of the attack suite (docs/console.md): every /console/brands/{brand}/... operation
// of the OpenAPI document (so an area's endpoints are attacked as soon as they are declared), for
// every role, at the staff member's own brand and at another brand, and without a session. The
// answer must be exactly what the roles table (lib/domain/staff-roles.ts) says: 401 without a
// session, 404 at a brand one is not a member of, 403 for a role that may not, and for a role that
// may, never one of those refusals. No answer to a member of brand A shows brand B's data.

type StaffOp = { method: string; path: string; area: ConsoleArea; access: AreaAccess; pathParams: string[]; query: Record<string, unknown>; body?: unknown };

let server: TestServer;
let ops: StaffOp[];
let staffAt: Record<StaffRole, SignedInStaff>;
let a: Awaited<ReturnType<typeof createTestBrand>>;
let b: Awaited<ReturnType<typeof createTestBrand>>;
let bOwner: SignedInStaff;

beforeAll(async () => {
  server = await startApiServer();
  a = await createTestBrand({ flags: ALL_FLAGS });
  b = await createTestBrand({ flags: ALL_FLAGS });
  staffAt = Object.fromEntries(await Promise.all(STAFF_ROLES.map(async (role) => [role, await signedInStaff(server, { clientId: a.id, role })]))) as Record<StaffRole, SignedInStaff>;
  bOwner = await signedInStaff(server, { clientId: b.id, role: 'owner' });
  // Brand B has something of its own to leak: an invitation (its e-mail is B's data).
  const invited = await bOwner.fetch(`/api/console/brands/${b.slug}/staff/invitations`, { method: 'POST', body: { email: `secret-${b.slug}@example.com`, role: 'analyst' } });
  if (invited.status !== 201) throw new Error(`seeding brand B answered ${invited.status}`);

  const doc = (await call(server, consoleHost(), 'GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, any>> };
  ops = [];
  for (const [fullPath, item] of Object.entries(doc.paths)) {
    const path = fullPath.replace(/^\/api(?=\/)/, '');
    if (!path.startsWith('/console/brands/{brand}/')) continue;
    for (const [method, op] of Object.entries(item)) {
      const access = op['x-staff-access'] as { area?: string; access?: string } | undefined;
      if (!access || !(CONSOLE_AREAS as readonly string[]).includes(access.area ?? '') || (access.access !== 'read' && access.access !== 'write')) {
        throw new Error(`${method.toUpperCase()} ${path} does not say its staff area and access (x-staff-access)`);
      }
      const params = (op.parameters ?? []) as Array<{ in: string; name: string; schema: any; required?: boolean }>;
      const jsonBody = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        area: access.area as ConsoleArea,
        access: access.access,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, exampleOf(p.schema, p.name)])),
        body: jsonBody && method !== 'get' ? exampleOf(jsonBody) : undefined,
      });
    }
  }
}, 120_000);
afterAll(() => server?.close());

/** The request path of an operation at a brand, other ids filled with plausible values. */
function pathAt(op: StaffOp, slug: string): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => (name === 'brand' ? slug : encodeAny(`x${name}1`)));
  const query = new URLSearchParams(Object.entries(op.query).map(([k, v]) => [k, String(v)]));
  return `/api${path}${query.size ? `?${query}` : ''}`;
}

const requestOf = (op: StaffOp) => ({ method: op.method, ...(op.body !== undefined ? { body: op.body } : {}) });
const REFUSALS = new Set([401, 403]);

it('finds the staff operations in the OpenAPI document (the staff screens’ own at least)', () => {
  expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual(
    expect.arrayContaining(['GET /console/brands/{brand}/staff', 'POST /console/brands/{brand}/staff/invitations', 'GET /console/brands/{brand}/audit']),
  );
});

it('answers every staff operation exactly as the roles table says, for every role, at its own brand and at another', async () => {
  const problems: string[] = [];
  let calls = 0;
  const secrets = [`secret-${b.slug}@example.com`, bOwner.email, b.id];
  // Every refusal is logged (docs/security.md "Security events"): one access.refused line per 401, 403 and guard 404.
  const refusedLines: string[] = [];
  const stop = onSecurityEventLine((line) => {
    if (JSON.parse(line).event === 'access.refused') refusedLines.push(line);
  });
  let refusals = 0;
  const counted = (res: Res) => {
    if (res.status === 401 || res.status === 403 || (res.status === 404 && res.body?.errorMessage === 'No such brand in your console.')) refusals++;
    return res;
  };
  for (const op of ops) {
    const name = opName(op as never);
    // No session: 401, whatever the brand.
    for (const slug of [a.slug, b.slug, 'no-such-brand']) {
      const res = counted(await consoleCall(server, op.method, pathAt(op, slug), op.body !== undefined ? { body: op.body } : {}));
      calls++;
      if (res.status !== 401) problems.push(`${name} without a session at ${slug}: ${res.status}`);
    }
    for (const role of STAFF_ROLES) {
      const who = staffAt[role];
      const may = roleMay(role, op.area, op.access);
      // Another brand, and a brand that does not exist: 404 for every role.
      for (const slug of [b.slug, 'no-such-brand']) {
        const res = counted(await who.fetch(pathAt(op, slug), requestOf(op)));
        calls++;
        if (res.status !== 404) problems.push(`${name} as ${role} of A at ${slug}: ${res.status} (want 404)`);
        for (const secret of secrets) if (res.text.includes(secret)) problems.push(`${name} as ${role} of A at ${slug} shows B's ${secret}`);
      }
      // Their own brand: 403 exactly when the role may not; otherwise never a refusal of access.
      const res: Res = counted(await who.fetch(pathAt(op, a.slug), requestOf(op)));
      calls++;
      if (!may && res.status !== 403) problems.push(`${name} as ${role} (may not ${op.access} ${op.area}): ${res.status} (want 403)`);
      if (may && (REFUSALS.has(res.status) || res.body?.errorMessage === 'No such brand in your console.')) {
        problems.push(`${name} as ${role} (may ${op.access} ${op.area}): refused ${res.status} ${res.text.slice(0, 120)}`);
      }
      if (res.status >= 500) problems.push(`${name} as ${role}: ${res.status}`);
      for (const secret of secrets) if (res.text.includes(secret)) problems.push(`${name} as ${role} at A shows B's ${secret}`);
    }
  }
  stop();
  expect(calls).toBe(ops.length * (3 + STAFF_ROLES.length * 3));
  expect(problems).toEqual([]);
  expect(refusals).toBeGreaterThan(ops.length * 3);
  expect(refusedLines).toHaveLength(refusals);
}, 600_000);

it('the staff members are who the run thinks they are (the checks above can fail)', async () => {
  for (const role of STAFF_ROLES) {
    const me = await staffAt[role].fetch('/api/console/me');
    expect(me.status).toBe(200);
    expect(me.body.memberships).toEqual([expect.objectContaining({ slug: a.slug, role })]);
    expect(isStaffRole(me.body.memberships[0].role)).toBe(true);
  }
  // Brand B's owner does see B's invitation: the secret is there to leak.
  const list = await bOwner.fetch(`/api/console/brands/${b.slug}/staff`);
  expect(list.text).toContain(`secret-${b.slug}@example.com`);
});

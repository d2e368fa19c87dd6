import { eq } from 'drizzle-orm';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { createTestCustomer } from '../support/customers';
import { createTestBatch } from '../support/codes';
import { getDb } from '@/lib/db/client';
import { sessions } from '@/lib/db/schema';
import { cookieName, usesHostPrefix } from '@/lib/edge/cookies';
import { SESSION_COOKIE, sealSessionId } from '@/lib/edge/session-cookie';
import { sessionSecret } from '@/lib/auth/keys';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { callScope, invokeRoute, pageCustomer, pathOf } from '@/lib/api/in-process';
import { verifyCodeRoute, trackingRoute } from '@/lib/api/verify/routes';
import { customerProfileRoute } from '@/lib/api/customer/routes';
import { cloneInfoRoute } from '@/lib/api/client/routes';
import { myProductsRoute } from '@/lib/api/my-products/routes';
import { consoleOverviewRoute } from '@/lib/api/console/overview-routes';
import { consoleComplaintsListRoute, consoleRedFlagsListRoute } from '@/lib/api/console/support-routes';
import { consoleAuditChoicesRoute } from '@/lib/api/console/staff-routes';
import { consoleMeRoute } from '@/lib/api/console/routes';
import { consoleHost } from '@/lib/edge/console-host';
import { signedInStaff } from '../support/console';

// The typed call of a route in process (lib/api/in-process.ts, what lib/server/call-route.ts runs
// for a page): the same guards, schemas and handler as over HTTP, the answer as an object, errors
// with the status, errorMessage, code and field the API answers, and the page request's session
// read once for all its calls.

const server = apiServerForFile();
jest.setTimeout(30_000);

/** The page request of a browser on `host`, with the session cookie of `sessionId` when given. */
async function pageScope(host: string, sessionId?: string) {
  const h = new Headers({ host, 'user-agent': 'jest' });
  if (sessionId) h.set('cookie', `${cookieName(SESSION_COOKIE, usesHostPrefix(false))}=${await sealSessionId(sessionId, sessionSecret())}`);
  return callScope(h);
}

async function failure(work: Promise<unknown>): Promise<ApiRequestError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiRequestError);
  return err as ApiRequestError;
}

describe('a typed call in process', () => {
  it('answers what the HTTP route answers, as the schema gives it, for the host\'s brand', async () => {
    const brand = await createTestBrand();
    const batch = await createTestBatch(brand);
    const qrId = batch.units[0]!.overt.qrId;
    const scope = await pageScope(brand.domain);
    const first = await invokeRoute(verifyCodeRoute, { params: { route: 'info', qrId } }, scope);
    expect(first).toMatchObject({ result: 'Info', code: { qrId, level: 6 }, product: { name: 'Test Serum' }, verification: { count: 1 } });
    const overHttp = await call(server, brand.domain, 'GET', `/api/verify/info/${qrId}`);
    expect(overHttp.body.verification.count).toBe(2);
    expect(Object.keys(overHttp.body).sort()).toEqual(Object.keys(first).sort());
    const info = await invokeRoute(cloneInfoRoute, {}, scope);
    expect(info.organizationName).toBe(brand.name);
  });

  it('keeps the status, errorMessage, code and field of a refusal', async () => {
    const brand = await createTestBrand({ flags: { isTrackingEnabled: false } });
    const scope = await pageScope(brand.domain);
    const bad = await failure(invokeRoute(verifyCodeRoute, { params: { route: 'info', qrId: 'not a code!' } }, scope));
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'unprocessable', field: 'qrId' });
    expect(bad.message).toBe((bad.body as { errorMessage: string }).errorMessage);
    const half = await failure(invokeRoute(verifyCodeRoute, { params: { route: 'info', qrId: 'ABCDEFGH' }, query: { lat: 18.5 } }, scope));
    expect(half).toMatchObject({ status: 422, body: { field: 'lng' } });
    const off = await failure(invokeRoute(trackingRoute, { params: { qrId: 'ABCDEFGH' } }, scope));
    expect(off).toMatchObject({ status: 403, message: `This service is not offered by ${brand.name}.` });
    const nowhere = await failure(invokeRoute(cloneInfoRoute, {}, await pageScope('no-such-brand.example')));
    expect(nowhere).toMatchObject({ status: 404, message: 'No App data found.', body: { code: 'not_found' } });
  });

  it('takes the signed-in customer from the page request\'s session cookie, read once for all its calls', async () => {
    const brand = await createTestBrand();
    const me = await createTestCustomer(brand.id);
    const scope = await pageScope(brand.domain, me.sessionId);
    expect(await pageCustomer(scope)).toEqual({ customer: { customerId: me.customerId, sessionId: me.sessionId }, ended: false });
    expect((await invokeRoute(customerProfileRoute, {}, scope)).userName).toBe('Test Customer');
    // Revoked after the page request read it: the same request's calls go on; the next request's do not.
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.id, me.sessionId));
    expect(await invokeRoute(myProductsRoute, {}, scope)).toEqual({ products: [] });
    const next = await pageScope(brand.domain, me.sessionId);
    expect(await pageCustomer(next)).toEqual({ ended: true });
    const refused = await failure(invokeRoute(customerProfileRoute, {}, next));
    expect(refused).toMatchObject({ status: 401, message: 'Unable to verify. Please try after a moment!', body: { code: 'unauthorized' } });
  });

  it('refuses a customer route without a session, and leaves an anonymous scan anonymous', async () => {
    const brand = await createTestBrand();
    const batch = await createTestBatch(brand);
    const anonymous = await pageScope(brand.domain);
    expect(await pageCustomer(anonymous)).toEqual({ ended: true });
    expect(await failure(invokeRoute(customerProfileRoute, {}, anonymous))).toMatchObject({ status: 401 });
    const post = await failure(invokeRoute(verifyCodeRoute, { params: { route: 'covert-post', qrId: batch.units[0]!.covert.qrId } }, anonymous));
    expect(post.status).toBe(401);
    // A session of another brand is no session here.
    const other = await createTestBrand();
    const stranger = await createTestCustomer(other.id);
    expect(await pageCustomer(await pageScope(brand.domain, stranger.sessionId))).toEqual({ ended: true });
  });

  it('claims for the session\'s customer on a post-sale scan', async () => {
    const brand = await createTestBrand();
    const batch = await createTestBatch(brand);
    const me = await createTestCustomer(brand.id);
    const scope = await pageScope(brand.domain, me.sessionId);
    const claimed = await invokeRoute(verifyCodeRoute, { params: { route: 'covert-post', qrId: batch.units[0]!.covert.qrId } }, scope);
    expect(claimed).toMatchObject({ result: 'Genuine Post Sale', claim: { byYou: true } });
    const seen = await invokeRoute(verifyCodeRoute, { params: { route: 'info', qrId: batch.units[0]!.overt.qrId } }, scope);
    expect(seen.claim).toMatchObject({ byYou: true });
  });

  it('calls a console route as the staff member of the page request, with the staff guards', async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const scope = callScope(new Headers({ host: consoleHost(), cookie: owner.cookie }));
    const seen = await invokeRoute(consoleOverviewRoute, { params: { brand: brand.slug }, query: {} }, scope);
    expect(seen.totals.scans).toBe(0);
    const bad = await failure(invokeRoute(consoleOverviewRoute, { params: { brand: brand.slug }, query: { from: '2026-02-30' } }, scope));
    expect(bad).toMatchObject({ status: 422, body: { field: 'from' } });
    // Not a member of that brand; no session; a brand's own host: refused as over HTTP.
    const other = await createTestBrand();
    expect(await failure(invokeRoute(consoleOverviewRoute, { params: { brand: other.slug } }, scope))).toMatchObject({ status: 404 });
    expect(await failure(invokeRoute(consoleOverviewRoute, { params: { brand: brand.slug } }, callScope(new Headers({ host: consoleHost() }))))).toMatchObject({ status: 401 });
    expect(await failure(invokeRoute(consoleOverviewRoute, { params: { brand: brand.slug } }, callScope(new Headers({ host: brand.domain, cookie: owner.cookie }))))).toMatchObject({ status: 404 });
  });

  it("reads a console list as its page asks: the query string's values as given, blank ones too; a refusal names its field", async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    const scope = callScope(new Headers({ host: consoleHost(), cookie: owner.cookie }));
    // What a list page's filter form sends: every field, the empty ones blank.
    const inbox = await invokeRoute(consoleComplaintsListRoute, { params: { brand: brand.slug }, query: { status: '', priority: '', product: '', batch: '', from: '', to: '', page: '1' } }, scope);
    expect(inbox).toMatchObject({ complaints: [], total: 0, page: 1, pageSize: 25, products: [] });
    const flags = await invokeRoute(consoleRedFlagsListRoute, { params: { brand: brand.slug }, query: { place: 'Nowhereville Junction' } }, scope).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(flags).toMatchObject({ status: 422, body: { field: 'place' } });
    expect(await invokeRoute(consoleAuditChoicesRoute, { params: { brand: brand.slug } }, scope)).toEqual({ actions: [], actors: [] });
    // The audit log is the owner's: the analyst's page call is refused as an HTTP request is.
    const refused = await failure(invokeRoute(consoleAuditChoicesRoute, { params: { brand: brand.slug } }, callScope(new Headers({ host: consoleHost(), cookie: analyst.cookie }))));
    expect(refused.status).toBe(403);
  });

  it("answers the staff member's brands in process, as the brand list and a brand's layout read them; none without a session", async () => {
    const brand = await createTestBrand();
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    const me = await invokeRoute(consoleMeRoute, {}, callScope(new Headers({ host: consoleHost(), cookie: analyst.cookie })));
    expect(me.staff.id).toBe(analyst.staffId);
    expect(me.memberships).toEqual([{ slug: brand.slug, name: brand.name, organizationType: 'Manufacturer', role: 'analyst' }]);
    expect(await failure(invokeRoute(consoleMeRoute, {}, callScope(new Headers({ host: consoleHost() }))))).toMatchObject({ status: 401 });
  });

  it('writes the path of a call from the declaration: params escaped, query in order, nothing undefined', () => {
    expect(pathOf(verifyCodeRoute, { params: { route: 'info', qrId: 'a/b c' }, query: { lat: 18.52, lng: undefined } })).toBe('/verify/info/a%2Fb%20c?lat=18.52');
    expect(pathOf(cloneInfoRoute, {})).toBe('/client/clone-info');
  });
});

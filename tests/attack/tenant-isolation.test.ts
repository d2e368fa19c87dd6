import { call, startApiServer, type Res, type TestServer } from '../support/api-server';
import { signedInCustomer } from '../support/aftersales';
import { exampleOf, loadOperations, opName, type Operation } from './operations';
import { encodeAny, fillPath, formValue, multipartBody } from './inputs';
import { customerSnapshot, seedWorld, type World } from './world';
import { getDb } from '@/lib/db/client';
import { enqueueCustomerMessage } from '@/lib/messaging/queue';

// Tenant isolation: every operation of the OpenAPI document called with the victim's ids
// wherever an id goes (path and body), as another customer of the same brand, as a customer of
// another brand (at that brand's host and at the victim's), and with no token. No answer may
// carry the victim's data, and the victim's rows are unchanged afterwards.

let server: TestServer;
let world: World;
let ops: Operation[];
beforeAll(async () => {
  server = await startApiServer();
  world = await seedWorld(server);
  ops = (await loadOperations(server, world.a.domain)).filter((o) => !o.operator);
}, 120_000);
afterAll(() => server?.close());

/** The request an honest client would send, with the victim's ids in every id slot. */
function victimRequest(op: Operation, ids: Record<string, string>) {
  const path = fillPath(op, Object.fromEntries(op.pathParams.map((p) => [p.name, encodeAny(String(exampleOf(p.schema, p.name, ids)))])));
  if (op.multipartFields) {
    const files = op.multipartFields.filter((f) => /attachment|invoice|photo|file/i.test(f));
    const fields = Object.fromEntries(op.multipartFields.filter((f) => !files.includes(f)).map((f) => [f, formValue(f, ids)]));
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const { body, contentType } = multipartBody(fields, files.map((name) => ({ name, filename: 'x.png', type: 'image/png', bytes: png })));
    return { path, body, contentType };
  }
  if (op.jsonBody && op.method !== 'GET') return { path, body: JSON.stringify(exampleOf(op.jsonBody, '', ids)), contentType: 'application/json' };
  return { path };
}

it('keeps every operation from showing or changing another customer’s data', async () => {
  const before = await customerSnapshot(world.victim.customerId);
  const problems: string[] = [];
  let calls = 0;
  for (const op of ops) {
    const req = victimRequest(op, world.ids);
    const sameBrand = await signedInCustomer(world.a.id);
    const otherBrand = await signedInCustomer(world.b.id);
    const callers: Array<{ who: string; host: string; token?: string }> = [
      { who: 'another customer of the brand', host: world.a.domain, token: sameBrand.token },
      { who: 'a customer of another brand', host: world.b.domain, token: otherBrand.token },
      { who: 'another brand’s token at this brand', host: world.a.domain, token: otherBrand.token },
      { who: 'no token', host: world.a.domain },
    ];
    for (const caller of callers) {
      let res: Res;
      try {
        res = await call(server, caller.host, op.method, req.path, {
          rawBody: req.body,
          headers: req.contentType ? { 'content-type': req.contentType } : {},
          token: caller.token,
        });
      } catch (err) {
        problems.push(`${opName(op)} as ${caller.who}: no answer (${(err as Error).message})`);
        continue;
      }
      calls++;
      if (res.status >= 500) problems.push(`${opName(op)} as ${caller.who}: ${res.status}`);
      for (const secret of world.secrets) {
        if (res.text.includes(secret)) problems.push(`${opName(op)} as ${caller.who}: answer (${res.status}) shows the victim’s ${secret}`);
      }
    }
  }
  expect(calls).toBe(ops.length * 4);
  expect(problems).toEqual([]);
  expect(await customerSnapshot(world.victim.customerId)).toBe(before);
}, 300_000);

it('the victim’s own calls do show the victim’s data (the check above can fail)', async () => {
  const res = await call(server, world.a.domain, 'GET', `/api/customer/complaints/${world.ids.ticketId}`, { token: world.victim.token });
  expect(res.status).toBe(200);
  expect(res.text).toContain(world.secrets[0]);
  const profile = await call(server, world.a.domain, 'GET', '/api/customer/customer-profile', { token: world.victim.token });
  expect(profile.text).toContain(world.victim.customerId);
});

it('the unread count answers each caller with their own count, never the victim’s', async () => {
  const path = '/api/customer/messages/unread-count';
  const victimCount = async () => {
    const res = await call(server, world.a.domain, 'GET', path, { token: world.victim.token });
    expect(res.status).toBe(200);
    return (res.body as { unread: number }).unread;
  };
  const before = await victimCount();
  for (const key of ['u1', 'u2', 'u3']) {
    await enqueueCustomerMessage(await getDb(), { clientId: world.a.id, customerId: world.victim.customerId, kind: 'recall', eventKey: `unread-${key}`, params: { product: 'Kettle', batch: 'B7', notice: key }, now: new Date() });
  }
  expect(await victimCount()).toBe(before + 3); // the check below can fail
  const sameBrand = await signedInCustomer(world.a.id);
  const otherBrand = await signedInCustomer(world.b.id);
  expect((await call(server, world.a.domain, 'GET', path, { token: sameBrand.token })).body).toEqual({ unread: 0 });
  expect((await call(server, world.b.domain, 'GET', path, { token: otherBrand.token })).body).toEqual({ unread: 0 });
  expect((await call(server, world.a.domain, 'GET', path, { token: otherBrand.token })).status).toBe(401);
  expect((await call(server, world.a.domain, 'GET', path)).status).toBe(401);
});

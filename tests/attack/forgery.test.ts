import { eq } from 'drizzle-orm';
import { call, createTestBrand, startApiServer, type TestServer } from '../support/api-server';
import { createTestBatch } from '../support/codes';
import { createTestCustomer } from '../support/customers';
import { issuedFor } from '../support/devices';
import { getDb } from '@/lib/db/client';
import { codes, redFlags } from '@/lib/db/schema';
import { newDeviceId } from '@/lib/edge/device-id';
import { resetEnvCache } from '@/lib/edge/env';

// The forgery class (docs/verification.md, "Bounded influence"): requests from up to three
// addresses, with invented device ids, ids the server really issued (asked for freshly, as
// cleared cookies give), accounts of their own, coordinates of far cities, of the ocean and at
// impossible speed, against genuine units. No answer, for anyone, is above caution; no red flag is
// opened (so no reward is held); nothing is blacklisted; the buyer keeps their claim.

let server: TestServer;
const before = process.env.TRUST_PROXY;
beforeAll(async () => {
  process.env.TRUST_PROXY = '1'; // the attacker's addresses are read from X-Forwarded-For
  resetEnvCache();
  server = await startApiServer();
}, 60_000);
afterAll(() => {
  if (before === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = before;
  resetEnvCache();
  return server?.close();
});

const FAR = ['?lat=28.61&lng=77.21', '?lat=22.57&lng=88.36', '?lat=13.08&lng=80.27', '?lat=26.91&lng=75.79', '?lat=23.02&lng=72.57', '?lat=25.59&lng=85.14', '?lat=0&lng=-30', '?lat=-60&lng=100'];
const PUNE = '?lat=18.52&lng=73.86';
/** Three attacker networks: an IPv4 /24 at home, another at an office, an IPv6 /48. */
const ATTACKER = ['203.0.113.', '198.51.100.', '2001:db8:7:'];
const addressOf = (net: string, i: number) => (net.includes(':') ? `${net}${i.toString(16)}::1` : `${net}${(i % 250) + 1}`);

async function attack(domain: string, qrIds: string[], rounds: number, levels: string[]) {
  const attackers = await Promise.all(ATTACKER.map(async () => (await createTestCustomer((await brandOf(domain)).id)).token));
  let n = 0;
  for (let r = 0; r < rounds; r++) {
    for (const [k, net] of ATTACKER.entries()) {
      for (const qrId of qrIds) {
        n += 1;
        const ip = addressOf(net, n);
        const place = FAR[n % FAR.length]!;
        const variants: Array<Record<string, string>> = [
          { 'x-forwarded-for': ip }, // cleared cookies: no device at all
          { 'x-forwarded-for': ip, 'x-device-id': newDeviceId() }, // an invented id: refused
          { 'x-forwarded-for': ip, 'x-device-id': await issuedFor(domain, newDeviceId()) }, // a fresh id the server issued
          { 'x-forwarded-for': ip, 'x-device-id': (await call(server, domain, 'POST', '/api/device-id', { headers: { 'x-forwarded-for': ip } })).body.deviceId },
          { 'x-forwarded-for': ip, cookie: `device_id=${await issuedFor(domain, newDeviceId())}` },
        ];
        for (const headers of variants) {
          const res = await call(server, domain, 'GET', `/api/verify/info/${qrId}${place}`, { headers });
          if (res.status === 200) levels.push(res.body.risk?.level ?? 'none');
          else expect(res.status).toBe(422); // only the invented id
        }
        // and signed in, on the attacker's own accounts
        const signed = await call(server, domain, 'GET', `/api/verify/overt/${qrId}${place}`, { token: attackers[k]!, headers: { 'x-forwarded-for': ip } });
        expect(signed.status).toBe(200);
        levels.push(signed.body.risk?.level ?? 'none');
      }
    }
  }
}

const brands = new Map<string, { id: string }>();
async function brandOf(domain: string) {
  return brands.get(domain)!;
}

it('cannot raise, flag, hold or blacklist a claimed genuine unit from three networks, whatever it sends', async () => {
  const brand = await createTestBrand({ flags: { isRedFlaggingEnabled: true }, verification: { risk: { autoBlacklist: true } } });
  brands.set(brand.domain, brand);
  const batch = await createTestBatch(brand, { units: 1 });
  const unit = batch.units[0]!;
  const buyer = await createTestCustomer(brand.id);
  const home = { 'x-forwarded-for': '192.0.2.10', 'x-device-id': await issuedFor(brand.domain, newDeviceId()) };
  expect((await call(server, brand.domain, 'GET', `/api/verify/covert-post/${unit.covert.qrId}${PUNE}`, { token: buyer.token, headers: home })).body.result).toBe('Genuine Post Sale');

  const levels: string[] = [];
  await attack(brand.domain, [unit.overt.qrId], 4, levels);
  // the buyer shares a location later (as in the ocean attack), and checks again
  const again = await call(server, brand.domain, 'GET', `/api/verify/covert-post/${unit.covert.qrId}${PUNE}`, { token: buyer.token, headers: home });
  expect(again.body.result).toBe('Genuine Post Sale');
  levels.push(again.body.risk.level);
  // an honest shopper on a fourth network, at the pack's home, is not told it may be a copy either
  const shopper = await call(server, brand.domain, 'GET', `/api/verify/info/${unit.overt.qrId}${PUNE}`, { headers: { 'x-forwarded-for': '192.0.2.99', 'x-device-id': await issuedFor(brand.domain, newDeviceId()) } });
  levels.push(shopper.body.risk.level);

  expect(levels.length).toBeGreaterThan(40);
  expect(levels).not.toContain('suspect');
  const db = await getDb();
  expect(await db.select().from(redFlags).where(eq(redFlags.clientId, brand.id))).toEqual([]);
  expect((await db.select().from(codes).where(eq(codes.clientId, brand.id))).map((c) => c.listStatus)).not.toContain('Blacklisted');
});

it('cannot turn a shelf of ten packs suspect from one address, nor from three', async () => {
  const brand = await createTestBrand({ flags: { isRedFlaggingEnabled: true }, verification: { risk: { autoBlacklist: true } } });
  brands.set(brand.domain, brand);
  const batch = await createTestBatch(brand, { units: 10 });
  const levels: string[] = [];
  await attack(brand.domain, batch.units.map((u) => u.overt.qrId), 1, levels);
  expect(levels).not.toContain('suspect');
  const db = await getDb();
  expect(await db.select().from(redFlags).where(eq(redFlags.clientId, brand.id))).toEqual([]);
  expect((await db.select().from(codes).where(eq(codes.clientId, brand.id))).map((c) => c.listStatus)).not.toContain('Blacklisted');
});

import { eq } from 'drizzle-orm';
import { call, createTestBrand, startApiServer, type TestServer } from '../support/api-server';
import { createTestCustomer } from '../support/customers';
import { createTestBatch } from '../support/codes';
import { getDb } from '@/lib/db/client';
import { scans, unitSessions } from '@/lib/db/schema';
import { runOperatorCommand } from '@/lib/operator/commands';
import type { ClientConfigPatch } from '@/lib/schemas/client-config';
import { newDeviceId } from '@/lib/edge/device-id';
import { issuedFor } from '../support/devices';
import { resetEnvCache } from '@/lib/edge/env';
import { setScanClockForSimulation } from '@/lib/clock';
import { loadIpPlaces } from '@/lib/places/ip-place';

// The rules of the second part of issue 11 through the real verify endpoint (docs/verification.md,
// "Rules"): after sell-by, covert checked before any sale, codes never issued to the batch's
// destination, and places from the request address read from the shipped DB-IP database (known
// addresses: 49.36.0.1 Navi Mumbai, 182.64.0.1 New Delhi, 117.200.0.1 Bengaluru, 114.130.0.1 Dhaka).
// Behind one trusted proxy, so each request's address is its X-Forwarded-For.

let server: TestServer;
beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  resetEnvCache();
  server = await startApiServer();
  // As the server does at start-up (in the background there): the address places are in memory.
  await loadIpPlaces([4]);
}, 60_000);
jest.setTimeout(30_000);
afterEach(() => setScanClockForSimulation(null));
afterAll(async () => {
  await server?.close();
  delete process.env.TRUST_PROXY;
  resetEnvCache();
});

const NAVI_MUMBAI_IP = '49.36.0.1';
const NEW_DELHI_IP = '182.64.0.1';
const BENGALURU_IP = '117.200.0.1';
const DHAKA_IP = '114.130.0.1';
const DHAKA = '?lat=23.78&lng=90.4';
const PUNE = '?lat=18.52&lng=73.86';

type ScanOpts = { device?: string; token?: string; query?: string; ip?: string };
async function setup(config: ClientConfigPatch = { flags: { isRedFlaggingEnabled: true } }, batchOpts: { expiryDate?: string; mfgDate?: string } = {}) {
  const brand = await createTestBrand(config);
  const batch = await createTestBatch(brand, { units: 2, ...batchOpts });
  const scan = async (route: string, qrId: string, o: ScanOpts = {}) =>
    call(server, brand.domain, 'GET', `/api/verify/${route}/${qrId}${o.query ?? ''}`, {
      ...(o.token ? { token: o.token } : {}),
      headers: { 'x-device-id': await issuedFor(brand.domain, o.device ?? newDeviceId()), 'x-forwarded-for': o.ip ?? '10.1.2.3' },
    });
  const flags = async () => (await runOperatorCommand('red-flags', { slug: brand.slug, status: 'all' })) as Array<{ rules: string[]; reasons: string[] }>;
  return { brand, batch, scan, flags };
}
async function scansOf(clientId: string) {
  const db = await getDb();
  return db.select().from(scans).where(eq(scans.clientId, clientId)).orderBy(scans.at);
}

describe('after sell-by', () => {
  const REASON = "Checked on sale after this batch's sell-by date (1 Jan 2020): it may be old stock with a new label, or a copy.";
  it('a unit of an expired batch checked on sale: Expired (the label unchanged) with a caution that says why', async () => {
    const { batch, scan } = await setup(undefined, { mfgDate: '2019-01-01', expiryDate: '2020-01-01' });
    const res = await scan('info', batch.units[0]!.overt.qrId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'Expired', risk: { level: 'caution' } });
    expect(res.body.risk.reasons).toEqual(['First check of this pack.', REASON]);
    // a batch still within its date says nothing of the kind
    const fresh = await setup(undefined, { expiryDate: '2099-12-31' });
    expect((await fresh.scan('info', fresh.batch.units[0]!.overt.qrId)).body).toMatchObject({ result: 'Info', risk: { level: 'none', reasons: ['First check of this pack.'] } });
  });

  it('follows the brand: a sell-by date ahead of expiry, off, or suspect with a red flag', async () => {
    // 30 days before an expiry at the end of 2099, checked (by the scan clock) mid-December 2099
    const early = await setup({ verification: { risk: { sellByDays: 30 } } }, { expiryDate: '2099-12-31' });
    setScanClockForSimulation(() => new Date('2099-11-30T12:00:00Z'));
    expect((await early.scan('info', early.batch.units[0]!.overt.qrId)).body.risk.level).toBe('none');
    setScanClockForSimulation(() => new Date('2099-12-15T12:00:00Z'));
    const res = await early.scan('info', early.batch.units[0]!.overt.qrId);
    expect(res.body.result).toBe('Info');
    expect(res.body.risk.level).toBe('caution');
    expect(res.body.risk.reasons).toContain("Checked on sale after this batch's sell-by date (1 Dec 2099): it may be old stock with a new label, or a copy.");
    setScanClockForSimulation(null);
    const off = await setup({ verification: { risk: { afterSellBy: 'off' } } }, { mfgDate: '2019-01-01', expiryDate: '2020-01-01' });
    expect((await off.scan('info', off.batch.units[0]!.overt.qrId)).body.risk.level).toBe('none');
    const loud = await setup({ flags: { isRedFlaggingEnabled: true }, verification: { risk: { afterSellBy: 'suspect' } } }, { mfgDate: '2019-01-01', expiryDate: '2020-01-01' });
    // the brand's level needs independent witnesses too: three networks are a caution, no flag
    for (let i = 1; i <= 3; i++) expect((await loud.scan('info', loud.batch.units[0]!.overt.qrId, { ip: `10.0.${i}.1` })).body.risk.level).toBe('caution');
    expect(await loud.flags()).toEqual([]);
    const suspect = await loud.scan('info', loud.batch.units[0]!.overt.qrId, { ip: '10.0.4.1' });
    expect(suspect.body.risk.level).toBe('suspect');
    expect(suspect.body.evidence?.reference).toEqual(expect.any(String));
    expect(await loud.flags()).toEqual([expect.objectContaining({ rules: ['sellBy'], reasons: expect.arrayContaining([REASON]) })]);
  });
});

describe('covert scanned before any sale', () => {
  const REASON = /^Its hidden code was checked on \d+ \w{3} \d{4}, before anyone bought it: the pack may have been opened in the shop, or its hidden code copied\.$/;
  it('a look at the hidden code of an unsold unit is caution, for that scan and the checks after it, and is kept with the scan', async () => {
    const { brand, batch, scan, flags } = await setup();
    const unit = batch.units[0]!;
    const peek = await scan('info', unit.covert.qrId);
    expect(peek.body).toMatchObject({ result: 'Info', risk: { level: 'caution' } });
    expect(peek.body.risk.reasons.some((r: string) => REASON.test(r))).toBe(true);
    // the next shopper checking the visible code sees it too
    const next = await scan('info', unit.overt.qrId);
    expect(next.body.risk.level).toBe('caution');
    expect(next.body.risk.reasons.some((r: string) => REASON.test(r))).toBe(true);
    const rows = await scansOf(brand.id);
    expect(rows.map((r) => r.covertBeforeSale)).toEqual([true, false]);
    expect(await flags()).toEqual([]); // caution raises no red flag
  });

  it('the buyer revealing it after buying (the claim) is no finding', async () => {
    const { brand, batch, scan } = await setup();
    const me = await createTestCustomer(brand.id);
    const unit = batch.units[1]!;
    const device = newDeviceId();
    expect((await scan('overt', unit.overt.qrId, { device, token: me.token })).body.risk.level).toBe('none');
    const claim = await scan('covert-post', unit.covert.qrId, { device, token: me.token });
    expect(claim.body).toMatchObject({ result: 'Genuine Post Sale', risk: { level: 'none' } });
    expect((await scansOf(brand.id)).map((r) => r.covertBeforeSale)).toEqual([false, false]);
  });

  it('a brand that makes it suspect gets a red flag naming the rule', async () => {
    const { brand, batch, scan, flags } = await setup({ flags: { isRedFlaggingEnabled: true }, verification: { risk: { covertBeforeSale: 'suspect' } } });
    // one shopper (or three networks) is a caution; a fourth unrelated one corroborates it
    for (let i = 1; i <= 3; i++) {
      const shopper = await createTestCustomer(brand.id);
      const early = await scan('covert-pre', batch.units[0]!.covert.qrId, { token: shopper.token, ip: `10.0.${i}.1` });
      expect(early.body).toMatchObject({ result: 'Genuine Pre Sale', risk: { level: 'caution' } });
    }
    expect(await flags()).toEqual([]);
    const shopper = await createTestCustomer(brand.id);
    const res = await scan('covert-pre', batch.units[0]!.covert.qrId, { token: shopper.token, ip: '10.0.4.1' });
    expect(res.body).toMatchObject({ result: 'Genuine Pre Sale', risk: { level: 'suspect' } });
    expect(await flags()).toEqual([expect.objectContaining({ rules: ['covert'] })]);
    const off = await setup({ verification: { risk: { covertBeforeSale: 'off' } } });
    expect((await off.scan('info', off.batch.units[0]!.covert.qrId)).body.risk.level).toBe('none');
  });
});

describe("codes never issued to this batch's destination", () => {
  it('three people checking a code only abroad, never where its batch was sent: suspect, with a red flag', async () => {
    const { brand, batch, scan, flags } = await setup();
    await runOperatorCommand('set-batch-markets', { slug: brand.slug, batch: batch.batchNumber, markets: 'IN' });
    const qrId = batch.units[0]!.overt.qrId;
    expect((await scan('info', qrId, { query: DHAKA, ip: '10.0.1.1' })).body.risk.level).toBe('caution'); // off-market
    expect((await scan('info', qrId, { query: DHAKA, ip: '10.0.2.1' })).body.risk.level).toBe('caution');
    // the third from the request address alone (no location shared): countries count from addresses
    const third = await scan('info', qrId, { ip: DHAKA_IP });
    // three networks could be one forger's: the rule fires, as a caution, until more people corroborate it
    expect(third.body.risk.level).toBe('caution');
    expect(third.body.risk.reasons).toContain(
      'Checked by 3 people, all in BD, and never in the countries this batch was issued to (IN): this code may have been copied onto packs made elsewhere.',
    );
    expect(await flags()).toEqual([]);
    for (let i = 3; i <= 5; i++) await scan('info', qrId, { query: DHAKA, ip: `10.0.${i}.1` });
    expect((await scan('info', qrId, { query: DHAKA, ip: '10.0.6.1' })).body.risk.level).toBe('suspect');
    expect(await flags()).toEqual([expect.objectContaining({ rules: ['destination'] })]);
    expect(await runOperatorCommand('red-flags', { slug: brand.slug, rule: 'destination' })).toHaveLength(1);
  });

  it('a pack first seen at home and then abroad (a gift, a diversion) stays caution', async () => {
    const { brand, batch, scan, flags } = await setup();
    await runOperatorCommand('set-batch-markets', { slug: brand.slug, batch: batch.batchNumber, markets: 'IN' });
    const qrId = batch.units[0]!.overt.qrId;
    const day = (d: number) => setScanClockForSimulation(() => new Date(Date.UTC(2026, 2, d, 10)));
    day(1);
    await scan('info', qrId, { query: PUNE });
    day(10); // days later, so no impossible journey
    await scan('info', qrId, { query: DHAKA });
    day(11);
    expect((await scan('info', qrId, { query: DHAKA })).body.risk.level).toBe('caution');
    expect(await flags()).toEqual([]);
  });
});

describe('places from the request address (offline IP-to-city)', () => {
  it('keeps only the coarse place of an address when the customer shares none, and names it', async () => {
    const { brand, batch, scan } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    await scan('info', qrId, { ip: NAVI_MUMBAI_IP });
    await scan('info', qrId, { ip: NAVI_MUMBAI_IP, query: PUNE });
    const rows = await scansOf(brand.id);
    expect(rows[0]).toMatchObject({ lat: 19.1, lng: 73, placeFromIp: true });
    expect(rows[1]).toMatchObject({ lat: 18.52, lng: 73.86, placeFromIp: false }); // the customer's place wins
    const third = await scan('info', qrId);
    // where the pack was first seen is the first place someone gave, never the network's (Airoli, a gateway's suburb)
    expect(third.body.risk.reasons[0]).toMatch(/^First verified on \d+ \w{3} \d{4} near Pune\. Verified 3 times since, by 3 different people\.$/);
    // private addresses have no place
    await scan('info', batch.units[1]!.overt.qrId, { ip: '10.9.8.7' });
    expect((await scansOf(brand.id)).at(-1)).toMatchObject({ lat: null, lng: null, placeFromIp: false });
  });

  it('never makes a family behind carrier gateways an impossible journey, where the same places given by phones would be', async () => {
    const { batch, scan, flags } = await setup();
    const family = batch.units[0]!.overt.qrId;
    for (const ip of [NAVI_MUMBAI_IP, NEW_DELHI_IP, BENGALURU_IP]) expect((await scan('info', family, { ip })).body.risk.level).toBe('none');
    expect(await flags()).toEqual([]);
    const copy = batch.units[1]!.overt.qrId;
    await scan('info', copy, { query: '?lat=19.1&lng=73', ip: '10.0.1.1' });
    // an impossible journey between given places (a caution until more witnesses corroborate it)
    const far = await scan('info', copy, { query: '?lat=28.53&lng=77.28', ip: '10.0.2.1' });
    expect(far.body.risk.level).toBe('caution');
    expect(far.body.risk.reasons.join(' ')).toMatch(/km apart within an hour by different people/);
  });
});

describe('the offer to share a location (askLocation)', () => {
  const DELHI = '?lat=28.61&lng=77.21';
  async function sessionsOf(clientId: string) {
    const db = await getDb();
    return db.select().from(unitSessions).where(eq(unitSessions.clientId, clientId)).orderBy(unitSessions.firstAt);
  }

  it('asks a shopper placed only by their gateway; the place they then share is their session\'s, judged as their first check would have been', async () => {
    const { brand, batch, scan, flags } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    setScanClockForSimulation(() => new Date('2026-03-12T10:00:00Z'));
    const first = await scan('info', qrId, { query: PUNE });
    expect(first.body.risk).toEqual({ level: 'none', reasons: ['First check of this pack.'], reasonCodes: [{ code: 'firstCheck' }] }); // a place shared: not asked
    // three more people in Pune and three in Delhi on networks of their own: journeys three witnesses could forge
    for (let i = 1; i <= 3; i++) await scan('info', qrId, { query: PUNE, ip: `10.0.${i}.1` });
    for (let i = 1; i <= 3; i++) expect((await scan('info', qrId, { query: DELHI, ip: `10.1.${i}.1` })).body.risk.level).toBe('caution');
    expect(await flags()).toEqual([]);
    const shopper = newDeviceId();
    setScanClockForSimulation(() => new Date('2026-03-12T10:05:00Z'));
    const asked = await scan('info', qrId, { device: shopper, ip: NEW_DELHI_IP });
    expect(asked.body.risk).toMatchObject({ level: 'caution', askLocation: true }); // a gateway's city counts for no distance
    setScanClockForSimulation(() => new Date('2026-03-12T10:07:00Z'));
    const shared = await scan('info', qrId, { device: shopper, ip: NEW_DELHI_IP, query: DELHI });
    expect(shared.status).toBe(200);
    // Judged as if they had shared it with their first check: a fourth witness in Delhi within minutes of Pune.
    expect(shared.body.risk.level).toBe('suspect');
    expect(shared.body.risk.reasons).toContain('You have checked this pack before.');
    expect(shared.body.risk.reasons.join(' ')).toMatch(/km apart within an hour by different people/);
    expect(shared.body.risk.askLocation).toBeUndefined();
    expect(shared.body.evidence).toEqual({ reference: expect.any(String) });
    const [flag] = await flags();
    expect(flag!.rules).toEqual(['travel']);
    // the brand's flag says why, not what the shopper was told about their own rescan
    expect(flag!.reasons.join(' ')).toMatch(/km apart within an hour by different people/);
    expect(flag!.reasons).not.toContain('You have checked this pack before.');
    const theirs = (await sessionsOf(brand.id)).find((x) => x.sessionKey === shopper);
    expect(theirs).toMatchObject({ lat: 28.61, lng: 77.21, placeFromIp: false, scanCount: 2 });
    expect(theirs!.placeAt!.toISOString()).toBe('2026-03-12T10:07:00.000Z');
    // The next person sees it too; still one red flag.
    setScanClockForSimulation(() => new Date('2026-03-12T10:20:00Z'));
    expect((await scan('info', qrId, { ip: BENGALURU_IP })).body.risk.level).toBe('suspect');
    expect(await flags()).toHaveLength(1);
  });

  it('keeps an address place after the hour (a place then is its owner moving), and stops asking', async () => {
    const { brand, batch, scan } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    setScanClockForSimulation(() => new Date('2026-03-12T10:00:00Z'));
    await scan('info', qrId, { query: PUNE });
    const shopper = newDeviceId();
    expect((await scan('info', qrId, { device: shopper, ip: NEW_DELHI_IP })).body.risk.askLocation).toBe(true);
    setScanClockForSimulation(() => new Date('2026-03-12T11:00:01Z'));
    expect((await scan('info', qrId, { device: shopper, ip: NEW_DELHI_IP })).body.risk.askLocation).toBeUndefined();
    await scan('info', qrId, { device: shopper, ip: NEW_DELHI_IP, query: DELHI });
    const theirs = (await sessionsOf(brand.id)).find((x) => x.sessionKey === shopper);
    expect(theirs).toMatchObject({ lat: 28.5, lng: 77.3, placeFromIp: true, scanCount: 3 }); // the gateway's city, kept
    // At exactly the hour a shared place still replaces the address place.
    const late = newDeviceId();
    setScanClockForSimulation(() => new Date('2026-03-12T12:00:00Z'));
    await scan('info', qrId, { device: late, ip: NEW_DELHI_IP });
    setScanClockForSimulation(() => new Date('2026-03-12T13:00:00Z'));
    await scan('info', qrId, { device: late, ip: NEW_DELHI_IP, query: DELHI });
    expect((await sessionsOf(brand.id)).find((x) => x.sessionKey === late)).toMatchObject({ lat: 28.61, lng: 77.21, placeFromIp: false });
    // A session with no place at all (a private address) takes none after its hour either.
    const placeless = newDeviceId();
    setScanClockForSimulation(() => new Date('2026-03-12T14:00:00Z'));
    await scan('info', qrId, { device: placeless, ip: '10.9.8.7' });
    setScanClockForSimulation(() => new Date('2026-03-12T15:30:00Z'));
    await scan('info', qrId, { device: placeless, ip: '10.9.8.7', query: DELHI });
    expect((await sessionsOf(brand.id)).find((x) => x.sessionKey === placeless)).toMatchObject({ lat: null, lng: null, placeAt: null });
    // A place the customer shared first is never replaced, within the hour or after.
    const other = newDeviceId();
    await scan('info', qrId, { device: other, query: PUNE });
    await scan('info', qrId, { device: other, query: DELHI });
    expect((await sessionsOf(brand.id)).find((s) => s.sessionKey === other)).toMatchObject({ lat: 18.52, lng: 73.86, placeFromIp: false });
  });

  it('never asks a scan that is nobody\'s (no device, not signed in): its place would not be used', async () => {
    const { brand, batch, scan } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    await scan('info', qrId, { query: PUNE });
    const bare = await call(server, brand.domain, 'GET', `/api/verify/info/${qrId}`, { headers: { 'x-forwarded-for': NEW_DELHI_IP } });
    expect(bare.status).toBe(200);
    expect(bare.body.risk.askLocation).toBeUndefined();
  });
});

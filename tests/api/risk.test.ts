import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { call, createTestBrand, startOperatorSocket, apiServerForFile } from '../support/api-server';
import { operatorKey } from '@/lib/secrets';
import { createTestCustomer } from '../support/customers';
import { createTestBatch } from '../support/codes';
import { getDb } from '@/lib/db/client';
import { redFlags, scans } from '@/lib/db/schema';
import { runOperatorCommand } from '@/lib/operator/commands';
import type { ClientConfigPatch } from '@/lib/schemas/client-config';
import { newDeviceId } from '@/lib/edge/device-id';
import { issuedFor, phoneHeaders } from '../support/devices';
import { setScanClockForSimulation } from '@/lib/clock';
import { purgeScans } from '@/lib/operator/retention';
import { UNTRUSTED_PLACE_REASON } from '@/lib/api/verify/verify-code';

// The risk beside the verdict (docs/verification.md, "Risk"), red flags and the brand's commands.

const server = apiServerForFile({ env: { TRUST_PROXY: '1' } });
jest.setTimeout(30_000);

const PUNE = '?lat=18.52&lng=73.86';
const DELHI = '?lat=28.61&lng=77.21';
const MUMBAI = '?lat=19.08&lng=72.88';

async function setup(config: ClientConfigPatch = { flags: { isRedFlaggingEnabled: true } }) {
  const brand = await createTestBrand(config);
  const batch = await createTestBatch(brand, { units: 2 });
  const me = await createTestCustomer(brand.id);
  const scan = async (route: string, qrId: string, opts: { device?: string; token?: string; query?: string; cookie?: string } = {}) =>
    call(server, brand.domain, 'GET', `/api/verify/${route}/${qrId}${opts.query ?? ''}`, {
      ...(opts.token ? { token: opts.token } : {}),
      ...(opts.device ? { headers: await phoneHeaders(brand.domain, opts.device) } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    });
  return { brand, batch, me, scan };
}

/**
 * A copied code as bounded influence sees it (docs/verification.md, "Bounded influence"): four
 * unrelated phones (networks) in Pune, then phones in Delhi minutes later; the fourth in Delhi
 * makes the impossible journeys more than three witnesses could forge. Returns each Delhi answer.
 */
async function copiedInTwoCities(scan: Awaited<ReturnType<typeof setup>>['scan'], qrId: string, delhi = 4) {
  for (let i = 0; i < 4; i++) expect((await scan('info', qrId, { device: newDeviceId(), query: PUNE })).status).toBe(200);
  const answers = [];
  for (let i = 0; i < delhi; i++) answers.push(await scan('info', qrId, { device: newDeviceId(), query: DELHI }));
  return answers;
}

async function scansOf(clientId: string) {
  const db = await getDb();
  return db.select().from(scans).where(eq(scans.clientId, clientId));
}
async function flagsOf(clientId: string) {
  const db = await getDb();
  return db.select().from(redFlags).where(eq(redFlags.clientId, clientId));
}

describe('the risk beside the verdict', () => {
  it('says a first check is one, keeps the label, and records the session and risk with the scan', async () => {
    const { brand, batch, scan } = await setup();
    const device = newDeviceId();
    const res = await scan('info', batch.units[0]!.overt.qrId, { device, query: PUNE });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'Info', verification: { count: 1 }, risk: { level: 'none', reasons: ['First check of this pack.'] } });
    const [row] = await scansOf(brand.id);
    expect(row).toMatchObject({ deviceId: device, sessionKey: device, risk: 'none', lat: 18.52 });
  });

  it('never raises the level for a customer rescanning their own unit: same phone anywhere, or signed in on another phone', async () => {
    const { batch, me, scan } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    const phone = newDeviceId();
    expect((await scan('overt', qrId, { device: phone, token: me.token, query: PUNE })).body.risk.level).toBe('none');
    // the same phone, then Delhi a minute later (a phone that travels is still one person)
    const same = await scan('overt', qrId, { device: phone, token: me.token, query: DELHI });
    expect(same.body.risk).toMatchObject({ level: 'none' });
    expect(same.body.risk.reasons).toContain('You have checked this pack before.');
    // signed in on another phone, in Mumbai
    const other = await scan('overt', qrId, { device: newDeviceId(), token: me.token, query: MUMBAI });
    expect(other.body.risk.level).toBe('none');
    expect(other.body.risk.reasons.join(' ')).toMatch(/by 1 person/);
    expect(other.body.result).toBe('Genuine Pre Sale'); // labels unchanged
  });

  it('keeps where a person first checked the unit: their own later places do not erase it', async () => {
    const { batch, scan } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    const phone = newDeviceId();
    await scan('info', qrId, { device: phone, query: PUNE });
    expect((await scan('info', qrId, { device: phone, query: DELHI })).body.risk.level).toBe('none');
    // three more phones in Pune, then phones in Delhi minutes after: the phone's own Delhi check is
    // not a fourth witness in Delhi, so the third new one there is still short of corroboration
    for (let i = 0; i < 3; i++) await scan('info', qrId, { device: newDeviceId(), query: PUNE });
    for (let i = 0; i < 3; i++) expect((await scan('info', qrId, { device: newDeviceId(), query: DELHI })).body.risk.level).toBe('caution');
    expect((await scan('info', qrId, { device: newDeviceId(), query: DELHI })).body.risk.level).toBe('suspect');
  });

  it('calls a copy suspect when unrelated people scan it 1,100 km apart within minutes, and raises one red flag', async () => {
    const { brand, batch, scan } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    const answers = await copiedInTwoCities(scan, qrId);
    // up to three witnesses could have forged the journeys: caution, no flag
    expect(answers.slice(0, 3).map((a) => a.body.risk.level)).toEqual(['caution', 'caution', 'caution']);
    const copy = answers[3]!;
    expect(copy.body.result).toBe('Info');
    expect(copy.body.risk.level).toBe('suspect');
    expect(copy.body.risk.reasons.join(' ')).toMatch(/Checked 11\d\d km apart within an hour by different people: this code may have been copied\./);
    // where the pack was first seen, named by the offline gazetteer
    expect(copy.body.risk.reasons[0]).toMatch(/^First verified on \d+ \w+ \d{4} near Pune\. Verified 8 times since, by 8 different people\.$/);
    await scan('info', qrId, { device: newDeviceId(), query: MUMBAI });
    const flags = await flagsOf(brand.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ unitKey: batch.units[0]!.overt.pairId!, status: 'open', rules: ['travel'], blacklisted: false });
    // the covert code of the same unit shares its risk
    const covert = await scan('covert-pre', batch.units[0]!.covert.qrId, { device: newDeviceId(), token: (await createTestCustomer(brand.id)).token });
    expect(covert.body.risk.level).toBe('suspect');
    expect(await flagsOf(brand.id)).toHaveLength(1);
  });

  it('does not trust a location from a scan that is nobody\'s (no device id, not signed in)', async () => {
    const { brand, batch, scan } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    await scan('info', qrId, { query: PUNE });
    const far = await scan('info', qrId, { query: DELHI });
    expect(far.body.risk.level).toBe('none');
    // and the answer says why the location counted for nothing
    expect(far.body.risk.reasons).toContain(UNTRUSTED_PLACE_REASON);
    expect(await flagsOf(brand.id)).toHaveLength(0);
    // a check without a location, or one from a device, is not told so
    expect((await scan('info', qrId)).body.risk.reasons).not.toContain(UNTRUSTED_PLACE_REASON);
    // kept with the scan as before, and grouped by the network
    const rows = await scansOf(brand.id);
    expect(rows.every((r) => r.sessionKey?.startsWith('ip:'))).toBe(true);
    expect((await scan('info', qrId, { device: newDeviceId(), query: MUMBAI })).body.risk.reasons).not.toContain(UNTRUSTED_PLACE_REASON);
  });

  it('takes only device ids the server issued for this brand: refuses any other x-device-id naming it (not recorded), ignores any other cookie', async () => {
    const { brand, batch, scan } = await setup();
    const other = await createTestBrand();
    const qrId = batch.units[0]!.overt.qrId;
    const withHeader = (value: string) => call(server, brand.domain, 'GET', `/api/verify/info/${qrId}`, { headers: { 'x-device-id': value } });
    const invented = newDeviceId();
    for (const bad of ['cu_AAAAAAAAAAAAAAAAAAAAAA', 'dv_short', invented, `${invented}.${'A'.repeat(22)}`, await issuedFor(other.domain, invented)]) {
      const res = await withHeader(bad);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'unprocessable', field: 'x-device-id' });
      expect(res.body.errorMessage).toMatch(/^x-device-id: must be a device id this server issued for this brand/);
    }
    expect(await scansOf(brand.id)).toHaveLength(0);
    // a cookie that is not one this server issued for this brand is no device
    for (const cookie of ['device_id=not-a-device', `device_id=${invented}`, `device_id=${await issuedFor(other.domain, invented)}`]) {
      expect((await scan('info', qrId, { cookie })).status).toBe(200);
    }
    expect((await scansOf(brand.id)).map((r) => r.deviceId)).toEqual([null, null, null]);
    // an issued one is the session
    await scan('info', qrId, { cookie: `device_id=${await issuedFor(brand.domain, invented)}` });
    expect((await scansOf(brand.id)).some((r) => r.sessionKey === invented)).toBe(true);
    // an app asks for one (POST /api/device-id), and it is a device from then on
    const issued = await call(server, brand.domain, 'POST', '/api/device-id');
    expect(issued.status).toBe(201);
    expect(issued.body.deviceId).toMatch(/^dv_[\w-]{22}\.[\w-]{22}$/);
    expect((await withHeader(issued.body.deviceId)).status).toBe(200);
    expect((await scansOf(brand.id)).some((r) => r.deviceId === issued.body.deviceId.split('.')[0])).toBe(true);
    // and it is no device on another brand
    expect((await call(server, other.domain, 'GET', `/api/verify/info/${qrId}`, { headers: { 'x-device-id': issued.body.deviceId } })).status).toBe(422);
  });

  it('raises no red flag for a brand without red flagging, and follows the brand\'s thresholds', async () => {
    const { brand, batch, scan } = await setup({ verification: { risk: { cautionSessions: 2, suspectSessions: 3 } } });
    const qrId = batch.units[1]!.overt.qrId;
    expect((await scan('info', qrId, { device: newDeviceId(), query: PUNE })).body.risk.level).toBe('none');
    // two people at one shelf are one pack in one place: heads alone say nothing
    expect((await scan('info', qrId, { device: newDeviceId(), query: PUNE })).body.risk.level).toBe('none');
    expect((await scan('info', qrId, { device: newDeviceId(), query: MUMBAI })).body.risk).toMatchObject({ level: 'caution', reasons: expect.arrayContaining(['Checked by 3 different people: more than usual for one pack.']) });
    // heads are never more than a caution
    expect((await scan('info', qrId, { device: newDeviceId() })).body.risk.level).toBe('caution');
    expect((await copiedInTwoCities(scan, batch.units[0]!.overt.qrId)).at(-1)!.body.risk.level).toBe('suspect');
    expect(await flagsOf(brand.id)).toHaveLength(0);
  });

  it('calls a pack checked outside its batch\'s countries caution (off-market), and refuses a bad country list', async () => {
    const { brand, batch, scan } = await setup();
    const { batchNumber } = batch;
    expect(await runOperatorCommand('set-batch-markets', { slug: brand.slug, batch: batchNumber, markets: 'in,np' })).toEqual({ batchNumber, markets: ['IN', 'NP'] });
    await expect(runOperatorCommand('set-batch-markets', { slug: brand.slug, batch: batchNumber, markets: 'India' })).rejects.toThrow(/two-letter country codes/);
    const qrId = batch.units[0]!.overt.qrId;
    expect((await scan('info', qrId, { device: newDeviceId() })).body.risk.level).toBe('none'); // no place: nothing to say
    const paris = await scan('info', qrId, { device: newDeviceId(), query: '?lat=48.86&lng=2.35' });
    expect(paris.body.risk).toMatchObject({ level: 'caution', reasons: expect.arrayContaining(['Checked in FR, outside the countries this batch is sold in (IN, NP): it may have been diverted or copied.']) });
    expect(await runOperatorCommand('set-batch-markets', { slug: brand.slug, batch: batchNumber, markets: '' })).toEqual({ batchNumber, markets: [] });
    expect((await scan('info', qrId, { device: newDeviceId() })).body.risk.level).toBe('none');
  });

  it('keeps one brand\'s sessions apart from another\'s', async () => {
    const a = await setup();
    const b = await setup();
    const device = newDeviceId();
    await a.scan('info', a.batch.units[0]!.overt.qrId, { device, query: PUNE });
    // the same phone scanning another brand's code far away is that brand's first check
    const other = await b.scan('info', b.batch.units[0]!.overt.qrId, { device, query: DELHI });
    expect(other.body.risk).toEqual({ level: 'none', reasons: ['First check of this pack.'], reasonCodes: [{ code: 'firstCheck' }] });
    // a code of brand A scanned on brand B's host is Invalid Product: no risk, no session
    const cross = await b.scan('info', a.batch.units[0]!.overt.qrId, { device: newDeviceId(), query: DELHI });
    expect(cross.body.result).toBe('Invalid Product');
    expect(cross.body.risk).toBeUndefined();
    expect((await a.scan('info', a.batch.units[0]!.overt.qrId, { device: newDeviceId(), query: PUNE })).body.risk.level).toBe('none');
  });
});

describe('red flags for the brand', () => {
  async function suspectUnit(config: ClientConfigPatch = { flags: { isRedFlaggingEnabled: true } }) {
    const s = await setup(config);
    const qrId = s.batch.units[0]!.overt.qrId;
    await copiedInTwoCities(s.scan, qrId);
    return { ...s, qrId };
  }

  it('lists, filters by rule and product, resolves with a note, and refuses closing twice', async () => {
    const { brand, batch, qrId } = await suspectUnit();
    const list = (await runOperatorCommand('red-flags', { slug: brand.slug })) as Array<Record<string, unknown>>;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'open', rules: ['travel'], qrId, productId: batch.units[0]!.overt.productId, product: 'Test Serum', blacklisted: false });
    expect(await runOperatorCommand('red-flags', { slug: brand.slug, rule: 'sessions' })).toEqual([]);
    expect(await runOperatorCommand('red-flags', { slug: brand.slug, product: 'pr_other' })).toEqual([]);
    expect(await runOperatorCommand('red-flags', { slug: brand.slug, rule: 'travel', product: batch.units[0]!.overt.productId })).toHaveLength(1);
    await expect(runOperatorCommand('red-flags', { slug: brand.slug, rule: 'nope' })).rejects.toThrow(/must be one of/);
    const id = list[0]!.id as string;
    await expect(runOperatorCommand('resolve-red-flag', { slug: brand.slug, id })).rejects.toThrow();
    expect(await runOperatorCommand('resolve-red-flag', { slug: brand.slug, id, note: 'Copies found in Delhi market' })).toMatchObject({ status: 'resolved' });
    await expect(runOperatorCommand('dismiss-red-flag', { slug: brand.slug, id, note: 'x' })).rejects.toThrow(/already resolved/);
    expect(await runOperatorCommand('red-flags', { slug: brand.slug })).toEqual([]);
    expect(await runOperatorCommand('red-flags', { slug: brand.slug, status: 'resolved' })).toMatchObject([{ note: 'Copies found in Delhi market' }]);
    // another brand sees none of it, and cannot close it
    const other = await createTestBrand();
    expect(await runOperatorCommand('red-flags', { slug: other.slug, status: 'all' })).toEqual([]);
    await expect(runOperatorCommand('dismiss-red-flag', { slug: other.slug, id, note: 'x' })).rejects.toThrow(/No red flag/);
  });

  it('blacklists a suspect unit when the brand opts in, and dismissing the flag lifts it', async () => {
    const { brand, batch, qrId, scan } = await suspectUnit({ flags: { isRedFlaggingEnabled: true }, verification: { risk: { autoBlacklist: true } } });
    expect((await scan('info', qrId, { device: newDeviceId() })).body.result).toBe('Fake');
    expect((await scan('covert-pre', batch.units[0]!.covert.qrId, { token: (await createTestCustomer(brand.id)).token })).body.result).toBe('Fake');
    expect((await scan('info', batch.units[1]!.overt.qrId)).body.result).toBe('Info'); // other units untouched
    const [flag] = (await runOperatorCommand('red-flags', { slug: brand.slug })) as Array<{ id: string; blacklisted: boolean }>;
    expect(flag!.blacklisted).toBe(true);
    expect(await runOperatorCommand('dismiss-red-flag', { slug: brand.slug, id: flag!.id, note: 'A travelling sales rep' })).toMatchObject({ status: 'dismissed', unblacklisted: true });
    expect((await scan('info', qrId, { device: newDeviceId() })).body.result).toBe('Info');
  });

  it('shows a code\'s timeline: every scan with when, coarse where, session, result and risk', async () => {
    const { brand, qrId } = await suspectUnit();
    const timeline = (await runOperatorCommand('code-timeline', { slug: brand.slug, qrId })) as Array<Record<string, string>>;
    expect(timeline).toHaveLength(8);
    expect(timeline.map((t) => [t.result, t.risk, t.place])).toEqual([
      ...Array(4).fill(['Info', 'none', '18.52,73.86']),
      ...Array(3).fill(['Info', 'caution', '28.61,77.21']),
      ['Info', 'suspect', '28.61,77.21'],
    ]);
    expect(timeline.map((t) => t.near)).toEqual([...Array(4).fill('Pune'), ...Array(4).fill('New Delhi')]);
    expect(timeline[0]!.session).toMatch(/^s-[\w-]{8}$/);
    expect(timeline[0]!.session).not.toBe(timeline[7]!.session);
    // Device ids (dv_ and 22 characters) are never shown; a session's 8-character label can hold "dv_" by chance.
    expect(JSON.stringify(timeline)).not.toMatch(/dv_[\w-]{22}/);
    await expect(runOperatorCommand('code-timeline', { slug: (await createTestBrand()).slug, qrId })).rejects.toThrow(/No code/);
  });
});

describe('the scan hot path', () => {
  it('reads the sessions with the code: one row per session of the unit, whatever the number of scans', async () => {
    const { brand, batch, scan } = await setup();
    const device = newDeviceId();
    for (let i = 0; i < 5; i++) await scan('info', batch.units[0]!.overt.qrId, { device });
    const db = await getDb();
    const { unitSessions } = await import('@/lib/db/schema');
    const rows = await db.select().from(unitSessions).where(and(eq(unitSessions.clientId, brand.id), eq(unitSessions.unitKey, batch.units[0]!.overt.pairId!)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sessionKey: device, scanCount: 5 });
  });
});

describe('retention of raw scan data', () => {
  it('really deletes scans and sessions older than the brand\'s retention, keeps the count, and spares other brands', async () => {
    const a = await setup(); // default: 100 days
    const b = await setup({ verification: { risk: { retentionDays: 200 } } });
    const now = Date.now();
    const old = new Date(now - 101 * 86_400_000);
    setScanClockForSimulation(() => old);
    try {
      await a.scan('info', a.batch.units[0]!.overt.qrId, { device: newDeviceId(), query: PUNE });
      await b.scan('info', b.batch.units[0]!.overt.qrId, { device: newDeviceId(), query: PUNE });
    } finally {
      setScanClockForSimulation(null);
    }
    await a.scan('info', a.batch.units[1]!.overt.qrId, { device: newDeviceId() });
    const out = await purgeScans({ slug: a.brand.slug });
    expect(out).toEqual({ brands: 1, scansDeleted: 1, sessionsDeleted: 1 });
    expect((await scansOf(a.brand.id)).map((s) => s.codeId)).toEqual([a.batch.units[1]!.overt.id]);
    // all brands at once: brand b keeps its 101-day-old scan (200 days)
    await purgeScans({});
    expect(await scansOf(b.brand.id)).toHaveLength(1);
    // the unit's count and first verification stay
    const again = await a.scan('info', a.batch.units[0]!.overt.qrId, { device: newDeviceId() });
    expect(again.body.verification).toEqual({ count: 2, firstVerifiedAt: old.toISOString() });
    expect(await runOperatorCommand('purge-scans', { slug: a.brand.slug })).toEqual({ brands: 1, scansDeleted: 0, sessionsDeleted: 0 });
  });
});

describe('the red-flag operator endpoints', () => {
  let socketDir: string;
  let operatorSocket: { socketPath: string; close: () => Promise<void> };
  beforeAll(async () => {
    socketDir = mkdtempSync(path.join(os.tmpdir(), 'rf-sock-'));
    operatorSocket = await startOperatorSocket(socketDir);
  });
  afterAll(async () => {
    await operatorSocket?.close();
    rmSync(socketDir, { recursive: true, force: true });
  });
  const key = () => ({ 'x-operator-key': operatorKey() });
  const op = (method: string, p: string, body?: unknown, headers = key()) => call(operatorSocket, 'operator.invalid', method, `/api/operator${p}`, { body, headers });

  it('lists, filters, shows a timeline and resolves, with the key, on the operator socket only', async () => {
    const { brand, batch, scan } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    await copiedInTwoCities(scan, qrId);

    const list = await op('GET', `/red-flags?slug=${brand.slug}&rule=travel`);
    expect(list.status).toBe(200);
    expect(list.body.redFlags).toHaveLength(1);
    expect(list.body.redFlags[0]).toMatchObject({ qrId, status: 'open', rules: ['travel'] });
    expect((await op('GET', `/red-flags?slug=${brand.slug}&rule=consumed`)).body.redFlags).toEqual([]);
    const bad = await op('GET', `/red-flags?slug=${brand.slug}&rule=nope`);
    expect(bad.status).toBe(422);
    expect(bad.body.field).toBe('rule');

    const timeline = await op('GET', `/code-timeline?slug=${brand.slug}&qrId=${qrId}`);
    expect(timeline.status).toBe(200);
    expect(timeline.body.scans.map((s: { risk: string }) => s.risk)).toEqual(['none', 'none', 'none', 'none', 'caution', 'caution', 'caution', 'suspect']);

    const id = list.body.redFlags[0].id;
    expect((await op('POST', `/red-flags/${id}/resolve`, { slug: brand.slug })).body).toMatchObject({ code: 'unprocessable', field: 'note' });
    const done = await op('POST', `/red-flags/${id}/resolve`, { slug: brand.slug, note: 'Copies seized' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ id, status: 'resolved', note: 'Copies seized', unblacklisted: false, blacklisted: [] });
    expect((await op('POST', `/red-flags/${id}/dismiss`, { slug: brand.slug, note: 'x' })).status).toBe(409);

    // without the key: 401; without the operator channel (the public Brand API): 404
    expect((await op('GET', `/red-flags?slug=${brand.slug}`, undefined, { 'x-operator-key': 'wrong' })).status).toBe(401);
    const pub = await call(server, brand.domain, 'GET', `/api/operator/red-flags?slug=${brand.slug}`, { headers: key() });
    expect(pub.status).toBe(404);
    // documented on the operator socket, not in the public document
    expect((await op('GET', '/openapi.json')).body.paths).toHaveProperty(['/operator/red-flags']);
    const publicDoc = await call(server, brand.domain, 'GET', '/api/openapi.json');
    // (the console's own red-flag endpoints, for signed-in staff, are public API like the rest of the console)
    expect(Object.keys(publicDoc.body.paths).filter((p) => p.includes('/operator/'))).toEqual([]);
    expect(JSON.stringify(publicDoc.body)).not.toContain('/operator/red-flags');
    // while the public one documents the risk, the evidence reference and the evidence report
    expect(Object.keys(publicDoc.body.paths)).toContain('/api/verify/evidence/{reference}');
    const answer = JSON.stringify(publicDoc.body.paths['/api/verify/{route}/{qrId}'].get.responses['200']);
    for (const word of ['"risk"', '"suspect"', '"reasons"', '"evidence"', '"reference"']) expect(answer).toContain(word);
  });
});

describe('the evidence report', () => {
  const pdfText = (bytes: Buffer) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evidence-'));
    const file = path.join(dir, 'e.pdf');
    writeFileSync(file, bytes);
    try {
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  /** The answer's bytes as they came (the support's call decodes text). */
  const download = (domain: string, reference: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; raw: Buffer }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: server.port, path: `/api/verify/evidence/${reference}`, headers: { host: domain } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('is offered with a suspect answer and says brand, code, time, coarse place, verdict, reasons and history; on this brand only', async () => {
    const { brand, batch, scan } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    const first = await scan('info', qrId, { device: newDeviceId(), query: PUNE });
    expect(first.body.evidence).toBeUndefined(); // nothing to prove on a genuine first check
    const copy = (await copiedInTwoCities(scan, qrId)).at(-1)!;
    const reference = copy.body.evidence.reference as string;
    expect(reference).toMatch(/^sc_[0-9A-Za-z]{16}$/);
    const res = await download(brand.domain, reference);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evidence-${reference}.pdf"`);
    const text = pdfText(res.raw);
    for (const part of [`Report reference: ${reference}`, `Brand: Brand ${brand.slug}`, `Code as scanned: ${qrId}`, 'Product: Test Serum', 'near 28.61, 77.21', 'Verdict: Info', 'Risk: suspect', 'this code may have been copied', 'Verified 9 times since', 'from 9 different phones or accounts']) {
      expect(text).toContain(part);
    }
    // another brand's host, an unknown or malformed reference, or a genuine scan's reference: 404
    const other = await createTestBrand();
    expect((await download(other.domain, reference)).status).toBe(404);
    expect((await download(brand.domain, 'sc_AAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await download(brand.domain, '..%2Fetc')).status).toBe(404);
    const [genuine] = (await scansOf(brand.id)).filter((s) => s.risk === 'none');
    expect((await download(brand.domain, genuine!.id)).status).toBe(404);
  });

  it('is offered with a Fake answer, naming the code as it was scanned', async () => {
    const { brand, scan } = await setup();
    const fake = await scan('info', 'NoSuchCode123', { device: newDeviceId() });
    expect(fake.body.result).toBe('Fake');
    const res = await download(brand.domain, fake.body.evidence.reference);
    expect(res.status).toBe(200);
    const text = pdfText(res.raw);
    expect(text).toContain('Code as scanned: NoSuchCode123');
    expect(text).toContain('Verdict: Fake');
    // and why, as the customer was told it under the label
    expect(text.replace(/\s+/g, ' ')).toContain(`What it means: This is not a genuine code of Brand ${brand.slug}. The product may be counterfeit: do not use it.`);
    expect(text).toContain('Place (coarse): not shared');
  });
});

import { and, eq } from 'drizzle-orm';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { createTestCustomer } from '../support/customers';
import { createTestBatch } from '../support/codes';
import { getDb } from '@/lib/db/client';
import { claims, scans, unitScanStats } from '@/lib/db/schema';
import { blacklistCode, deleteCode } from '@/lib/operator/catalog-codes';
import type { ClientConfigPatch } from '@/lib/schemas/client-config';

const server = apiServerForFile();
jest.setTimeout(30_000); // a loaded 2-core machine: the embedded database can be slow to start

async function setup(config?: ClientConfigPatch, batchOpts?: Parameters<typeof createTestBatch>[1]) {
  const brand = await createTestBrand(config);
  const batch = await createTestBatch(brand, batchOpts);
  const me = await createTestCustomer(brand.id);
  const verify = (route: string, qrId: string, token: string | null = me.token, query = '') =>
    call(server, brand.domain, 'GET', `/api/verify/${route}/${qrId}${query}`, token ? { token } : {});
  return { brand, batch, me, verify };
}

async function scansOf(clientId: string) {
  const db = await getDb();
  return db.select().from(scans).where(eq(scans.clientId, clientId));
}

describe('GET /api/verify/info/{qrId}', () => {
  it('answers Info to anyone, with product, batch and verification count, and records the scan', async () => {
    const { brand, batch, verify } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    const first = await verify('info', qrId, null);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      result: 'Info',
      kind: 'info',
      layer: 1,
      code: { qrId, level: 6 },
      product: { name: 'Test Serum', warrantyMonths: 12, attributes: [{ name: 'Volume', value: '30 ml' }] },
      batch: { batchNumber: batch.batchNumber, mfgDate: '2025-01-01', expiryDate: 'Not Applicable' },
      verification: { count: 1 },
    });
    const second = await verify('info', qrId, null);
    expect(second.body.verification.count).toBe(2);
    expect(second.body.verification.firstVerifiedAt).toBe(first.body.verification.firstVerifiedAt);
    const rows = await scansOf(brand.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ kind: 'info', layer: 1, result: 'Info', customerId: null, codeId: batch.units[0]!.overt.id });
  });

  it('tells an anonymous shopper whether the unit is claimed and since when, never by whom', async () => {
    const { batch, me, verify } = await setup();
    const unit = batch.units[0]!;
    const before = await verify('info', unit.overt.qrId, null);
    expect(before.body).toMatchObject({ result: 'Info', claim: null });
    const claimed = await verify('covert-post', unit.covert.qrId);
    expect(claimed.body.result).toBe('Genuine Post Sale');
    const after = await verify('info', unit.overt.qrId, null);
    expect(after.body).toMatchObject({ result: 'Info', claim: { claimedAt: claimed.body.claim.claimedAt, byYou: false } });
    expect(Object.keys(after.body.claim).sort()).toEqual(['byYou', 'claimedAt']);
    expect(JSON.stringify(after.body)).not.toContain(me.customerId);
    // the owner, signed in on the same anonymous page, is told it is theirs
    expect((await verify('info', unit.overt.qrId)).body.claim).toMatchObject({ byYou: true });
  });

  it('answers Batch Details Only for a batch-level code, without verification counts', async () => {
    const { batch, verify } = await setup({}, { units: 0, batchLevel: 1 });
    const res = await verify('info', batch.batchLevel[0]!.qrId, null);
    expect(res.body.result).toBe('Batch Details Only');
    expect(res.body.batch.batchNumber).toBe(batch.batchNumber);
    expect(res.body.verification).toBeUndefined();
    expect(res.body.claim).toBeUndefined();
  });

  it('counts the verifications of a unit across both its codes, and not refused or foreign scans', async () => {
    const { batch, verify } = await setup();
    const [unit, other] = [batch.units[0]!, (await setup()).batch.units[0]!];
    await verify('info', unit.overt.qrId, null);
    await verify('info', unit.covert.qrId, null); // the covert code of the same unit
    await verify('info', other.overt.qrId, null); // another brand's code: Invalid Product, not counted here
    await verify('info', 'NoSuchCode1234567', null); // Fake
    const third = await verify('info', unit.overt.qrId, null);
    expect(third.body.verification.count).toBe(3);
    const stats = await (await getDb()).select().from(unitScanStats).where(eq(unitScanStats.unitKey, unit.overt.pairId!));
    expect(stats).toEqual([expect.objectContaining({ verifiedCount: 3 })]);
    expect(stats[0]!.firstVerifiedAt.toISOString()).toBe(third.body.verification.firstVerifiedAt);
  });

  it('answers Expired past the batch expiry date', async () => {
    const { batch, verify } = await setup({}, { expiryDate: '2024-01-31', mfgDate: '2023-01-01' });
    const res = await verify('info', batch.units[0]!.overt.qrId, null);
    expect(res.body).toMatchObject({ result: 'Expired', batch: { expiryDate: '2024-01-31' } });
  });

  it('answers Fake for an unknown id, with no product data, and records it', async () => {
    const { brand, verify } = await setup();
    const res = await verify('info', 'AAAAAAAAAAAAAAAAA', null);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'Fake', kind: 'info', layer: 1, evidence: { reference: expect.stringMatching(/^sc_/) } });
    const rows = await scansOf(brand.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: 'Fake', codeId: null, qrIdRaw: 'AAAAAAAAAAAAAAAAA' });
  });

  it('refuses an invalid Bearer token rather than treating the caller as anonymous', async () => {
    const { batch, verify } = await setup();
    const res = await verify('info', batch.units[0]!.overt.qrId, 'not-a-token');
    expect(res.status).toBe(401);
  });
});

describe('GET /api/verify/{route}/{qrId} — signed-in routes', () => {
  it('needs a signed-in customer on every route but info, and records nothing without one', async () => {
    const { brand, batch, verify } = await setup();
    for (const route of ['overt', 'covert-pre', 'covert-post', 'tert', 'quat', 'auto']) {
      const res = await verify(route, batch.units[0]!.overt.qrId, null);
      expect(res.status).toBe(401);
    }
    expect(await scansOf(brand.id)).toHaveLength(0);
  });

  it('overt: Genuine Pre Sale, or Genuine Pre Sale & Claim Warranty when the brand offers warranty', async () => {
    const off = await setup({ flags: { isWarrantyEnabled: false } });
    const a = await off.verify('overt', off.batch.units[0]!.overt.qrId);
    expect(a.body).toMatchObject({ result: 'Genuine Pre Sale', kind: 'pre sale', layer: 2, claim: null, verification: { count: 1 } });
    const on = await setup({ flags: { isWarrantyEnabled: true } });
    const b = await on.verify('overt', on.batch.units[0]!.overt.qrId);
    expect(b.body.result).toBe('Genuine Pre Sale & Claim Warranty');
  });

  it('covert-pre: Genuine Pre Sale on layer 3', async () => {
    const { batch, verify } = await setup();
    const res = await verify('covert-pre', batch.units[0]!.covert.qrId);
    expect(res.body).toMatchObject({ result: 'Genuine Pre Sale', kind: 'pre sale', layer: 3 });
  });

  it('covert-post: claims the unit; the owner sees Genuine Post Sale again, anyone else Product Cliamed', async () => {
    const { brand, batch, me, verify } = await setup({ flags: { isWarrantyEnabled: true } });
    const other = await createTestCustomer(brand.id);
    const unit = batch.units[0]!;
    const mine = await verify('covert-post', unit.covert.qrId);
    expect(mine.body).toMatchObject({ result: 'Genuine Post Sale', kind: 'post sale', layer: 3, claim: { byYou: true } });
    const again = await verify('covert-post', unit.covert.qrId);
    expect(again.body).toMatchObject({ result: 'Genuine Post Sale', claim: { byYou: true, claimedAt: mine.body.claim.claimedAt } });
    const theirs = await verify('covert-post', unit.covert.qrId, other.token);
    expect(theirs.body).toMatchObject({ result: 'Product Cliamed', claim: { byYou: false, claimedAt: mine.body.claim.claimedAt } });
    // The owner's answer names the unit of their products (what the claim earns is read by it); no one else's does.
    expect(mine.body.claim.unitId).toBe(unit.covert.pairId);
    expect(Object.keys(theirs.body.claim).sort()).toEqual(['byYou', 'claimedAt']);
    // The overt code is the same unit: pre sale shows it claimed too.
    const preOther = await verify('overt', unit.overt.qrId, other.token);
    expect(preOther.body.result).toBe('Product Cliamed');
    const preMine = await verify('overt', unit.overt.qrId);
    expect(preMine.body).toMatchObject({ result: 'Genuine Pre Sale', claim: { byYou: true } });
    const db = await getDb();
    const rows = await db.select().from(claims).where(eq(claims.unitId, unit.covert.pairId!));
    expect(rows).toEqual([expect.objectContaining({ customerId: me.customerId, clientId: brand.id })]);
  });

  it('covert-post: Scan pre sale first when the brand requires it, until this customer scans the unit pre sale', async () => {
    const { brand, batch, verify } = await setup({ verification: { requirePreSaleScan: true } });
    const unit = batch.units[0]!;
    const first = await verify('covert-post', unit.covert.qrId);
    expect(first.body.result).toBe('Scan pre sale first');
    expect(first.body.claim).toBeUndefined();
    const db = await getDb();
    expect(await db.select().from(claims).where(eq(claims.clientId, brand.id))).toHaveLength(0);
    expect((await verify('overt', unit.overt.qrId)).body.result).toBe('Genuine Pre Sale');
    expect((await verify('covert-post', unit.covert.qrId)).body.result).toBe('Genuine Post Sale');
  });

  it('tert and quat: Tracking for a case and a pallet; a unit code there is Invalid Product', async () => {
    const { batch, verify } = await setup({ flags: { isTrackingEnabled: true } }, { units: 2, caseSize: 2, palletSize: 1 });
    expect((await verify('tert', batch.cases[0]!.qrId)).body).toMatchObject({ result: 'Tracking', kind: 'tracking', code: { level: 8 } });
    expect((await verify('quat', batch.pallets[0]!.qrId)).body).toMatchObject({ result: 'Tracking', code: { level: 9 } });
    expect((await verify('tert', batch.units[0]!.overt.qrId)).body).toEqual({ result: 'Invalid Product', kind: 'tracking', layer: 2 });
    expect((await verify('quat', batch.cases[0]!.qrId)).body.result).toBe('Invalid Product');
  });

  it('tert and quat say the service is not offered when the brand has tracking off', async () => {
    const { brand, batch, verify } = await setup({ flags: { isTrackingEnabled: false } }, { units: 1, caseSize: 1 });
    const res = await verify('tert', batch.cases[0]!.qrId);
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe(`This service is not offered by ${brand.name}.`);
    expect(await scansOf(brand.id)).toHaveLength(0);
  });

  it('auto: judges each code by its level', async () => {
    const { batch, verify } = await setup({ flags: { isTrackingEnabled: true } }, { units: 1, caseSize: 1, palletSize: 1 });
    expect((await verify('auto', batch.units[0]!.overt.qrId)).body).toMatchObject({ result: 'Genuine Pre Sale', kind: 'pre sale' });
    expect((await verify('auto', batch.units[0]!.covert.qrId)).body).toMatchObject({ result: 'Genuine Post Sale', kind: 'post sale' });
    expect((await verify('auto', batch.cases[0]!.qrId)).body).toMatchObject({ result: 'Tracking', kind: 'tracking' });
    expect((await verify('auto', batch.pallets[0]!.qrId)).body).toMatchObject({ result: 'Tracking', kind: 'tracking' });
    expect((await verify('auto', 'unknownUnknown123')).body).toEqual({ result: 'Fake', kind: 'pre sale', layer: 2, evidence: { reference: expect.stringMatching(/^sc_/) } });
  });

  it('answers Batch Details Only for every unit code when the brand does not serialise', async () => {
    const { batch, verify } = await setup({ flags: { isQrSerializationEnabled: false } });
    expect((await verify('overt', batch.units[0]!.overt.qrId)).body.result).toBe('Batch Details Only');
    expect((await verify('covert-post', batch.units[0]!.covert.qrId)).body.result).toBe('Batch Details Only');
  });
});

describe('GET /api/verify — bad input and other brands', () => {
  it('a covert code on the overt route and the reverse are Invalid Product, with no product data', async () => {
    const { batch, verify } = await setup();
    const unit = batch.units[0]!;
    for (const [route, qrId] of [['overt', unit.covert.qrId], ['covert-post', unit.overt.qrId], ['covert-pre', unit.overt.qrId]] as const) {
      const res = await verify(route, qrId);
      expect(res.status).toBe(200);
      expect(res.body.result).toBe('Invalid Product');
      expect(res.body.product).toBeUndefined();
    }
  });

  it('a deleted code is Invalid Product and a blacklisted one Fake', async () => {
    const { brand, batch, verify } = await setup();
    await deleteCode({ slug: brand.slug, qrId: batch.units[0]!.overt.qrId });
    expect((await verify('overt', batch.units[0]!.overt.qrId)).body).toEqual({ result: 'Invalid Product', kind: 'pre sale', layer: 2 });
    await blacklistCode({ slug: brand.slug, qrId: batch.units[0]!.covert.qrId, undo: false });
    expect((await verify('covert-post', batch.units[0]!.covert.qrId)).body).toEqual({ result: 'Fake', kind: 'post sale', layer: 3, evidence: { reference: expect.stringMatching(/^sc_/) } });
  });

  it('a code of another brand is Invalid Product, and nothing is recorded against that brand', async () => {
    const a = await setup();
    const b = await setup();
    const foreign = b.batch.units[0]!.covert.qrId;
    const res = await a.verify('covert-post', foreign);
    expect(res.body).toEqual({ result: 'Invalid Product', kind: 'post sale', layer: 3 });
    expect(await scansOf(b.brand.id)).toHaveLength(0);
    const db = await getDb();
    expect(await db.select().from(claims).where(eq(claims.unitId, b.batch.units[0]!.covert.pairId!))).toHaveLength(0);
    const mine = await scansOf(a.brand.id);
    expect(mine).toEqual([expect.objectContaining({ result: 'Invalid Product', codeId: null, unitKey: null })]);
  });

  it('a wrong-case id is a different, unknown id: Fake', async () => {
    const { batch, verify } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    const flipped = qrId.replace(/[a-zA-Z]/, (ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()));
    expect((await verify('overt', flipped)).body.result).toBe('Fake');
  });

  it('over-long ids, other characters and percent-encoded junk answer 422 naming qrId, and are not recorded', async () => {
    const { brand, verify } = await setup();
    for (const junk of ['x'.repeat(65), 'abc-def', '%2e%2eabc', 'abc%20def', '%F0%9F%98%80', 'x'.repeat(300)]) {
      const res = await verify('overt', junk);
      expect([res.status, junk]).toEqual([422, junk]);
      expect(res.body.errorMessage).toMatch(/qrId/);
      expect(res.body.field).toBe('qrId');
    }
    // A NUL byte is refused by the request parsing of every endpoint, before the route.
    const nul = await verify('overt', '%00abc');
    expect([nul.status, nul.body.errorMessage]).toEqual([400, 'The request path contains a NUL character']);
    expect(await scansOf(brand.id)).toHaveLength(0);
  });

  it('a percent-encoded well-formed id is the same id', async () => {
    const { batch, verify } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    const encoded = qrId.split('').map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join('');
    expect((await verify('overt', encoded)).body).toMatchObject({ result: 'Genuine Pre Sale', code: { qrId } });
  });

  it('an unknown route and a bad location answer 422 and record nothing', async () => {
    const { brand, batch, verify } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    expect((await verify('nope', qrId)).status).toBe(422);
    const bad = await verify('overt', qrId, undefined, '?lat=200&lng=10');
    expect(bad.status).toBe(422);
    expect(bad.body.errorMessage).toMatch(/lat/);
    const half = await verify('overt', qrId, undefined, '?lat=20');
    expect(half.status).toBe(422);
    expect(await scansOf(brand.id)).toHaveLength(0);
  });

  it('keeps the location the customer allows only coarsely (two decimals)', async () => {
    const { brand, batch, verify } = await setup();
    await verify('overt', batch.units[0]!.overt.qrId, undefined, '?lat=19.076090&lng=72.877426');
    const [row] = await scansOf(brand.id);
    expect([row!.lat, row!.lng]).toEqual([19.08, 72.88]);
    expect(row!.ipHash).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('rate-limits a scan flood from one address with a clear message, and records only the real scans', async () => {
    // Limits count in fixed one-minute windows, so the 61 scans must fall in one. The flood goes
    // out at once; if a window ended while it did, it goes out once more, on a new brand from a
    // new address, which starts just after that window began and so cannot straddle another.
    for (let attempt = 0; attempt < 2; attempt++) {
      const { brand, batch } = await setup();
      const qrId = batch.units[0]!.overt.qrId;
      const headers = { 'x-forwarded-for': `203.0.113.${77 + attempt * 10}` };
      const minute = () => Math.floor(Date.now() / 60_000);
      const started = minute();
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) statuses.push((await call(server, brand.domain, 'GET', `/api/verify/info/${qrId}`, { headers })).status);
      const flood = await call(server, brand.domain, 'GET', `/api/verify/info/${qrId}`, { headers });
      if (attempt === 0 && minute() !== started) continue;
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect(flood.status).toBe(429);
      expect(flood.body.errorMessage).toBe('Too many scans from your network. Please wait a minute and scan again.');
      expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);
      expect(await scansOf(brand.id)).toHaveLength(60);
      // Another address is not affected.
      const other = await call(server, brand.domain, 'GET', `/api/verify/info/${qrId}`, { headers: { 'x-forwarded-for': `203.0.113.${78 + attempt * 10}` } });
      expect(other.status).toBe(200);
      return;
    }
  }, 120_000);
});

describe('GET /api/verify/batch/{batchNumber}', () => {
  it('answers the product and batch of this brand, case-insensitively, with placeholders for missing dates', async () => {
    const { brand, batch } = await setup();
    const res = await call(server, brand.domain, 'GET', `/api/verify/batch/${batch.batchNumber.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      product: expect.objectContaining({ name: 'Test Serum' }),
      batch: { batchNumber: batch.batchNumber, mfgDate: '2025-01-01', expiryDate: 'Not Applicable' },
    });
  });

  it('answers 404 for a batch number of another brand', async () => {
    const a = await setup();
    const b = await setup();
    const res = await call(server, a.brand.domain, 'GET', `/api/verify/batch/${b.batch.batchNumber}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorMessage: 'Batch not found', code: 'not_found' });
  });
});

describe('POST /api/verify/auth-code', () => {
  it('verifies the covert code by its typed authentication code, tolerating case, dashes, O and I', async () => {
    const { brand, batch, me } = await setup({ flags: { isVTCodesEnabled: true } });
    const covert = batch.units[0]!.covert;
    const typed = `${covert.authCode!.slice(0, 5)}-${covert.authCode!.slice(5)}`.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'I');
    const res = await call(server, brand.domain, 'POST', '/api/verify/auth-code', { token: me.token, body: { code: typed } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'Genuine Post Sale', code: { qrId: covert.qrId, level: 7 }, claim: { byYou: true } });
    const db = await getDb();
    expect(await db.select().from(claims).where(and(eq(claims.clientId, brand.id), eq(claims.unitId, covert.pairId!)))).toHaveLength(1);
  });

  it('answers Fake for an unknown code and 422 naming the field for one that cannot be a code', async () => {
    const { brand, me } = await setup({ flags: { isVTCodesEnabled: true } });
    const unknown = await call(server, brand.domain, 'POST', '/api/verify/auth-code', { token: me.token, body: { code: 'ZZZZZ-ZZZZZ' } });
    expect(unknown.body).toEqual({ result: 'Fake', kind: 'post sale', layer: 3, evidence: { reference: expect.stringMatching(/^sc_/) } });
    const bad = await call(server, brand.domain, 'POST', '/api/verify/auth-code', { token: me.token, body: { code: 'abc' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errorMessage).toMatch(/^code:/);
    expect(await scansOf(brand.id)).toHaveLength(1);
  });

  it('is not offered when the brand has authentication codes off', async () => {
    const { brand, batch, me } = await setup({ flags: { isVTCodesEnabled: false } });
    const res = await call(server, brand.domain, 'POST', '/api/verify/auth-code', { token: me.token, body: { code: batch.units[0]!.covert.authCode } });
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe(`This service is not offered by ${brand.name}.`);
    expect(await scansOf(brand.id)).toHaveLength(0);
  });
});

import { eq } from 'drizzle-orm';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { createTestCustomer } from '../support/customers';
import { createTestBatch } from '../support/codes';
import { getDb } from '@/lib/db/client';
import { files, reports } from '@/lib/db/schema';
import { fileStore } from '@/lib/files';
import { recordTrackingEvent } from '@/lib/operator/catalog-codes';

const server = apiServerForFile();
jest.setTimeout(30_000);

describe('GET /api/tracking/{qrId}', () => {
  it('answers the events of the unit, its case and its pallet, oldest first', async () => {
    const brand = await createTestBrand({ flags: { isTrackingEnabled: true } });
    const batch = await createTestBatch(brand, { units: 2, caseSize: 2, palletSize: 1 });
    const unit = batch.units[0]!;
    await recordTrackingEvent({ slug: brand.slug, qrId: batch.pallets[0]!.qrId, stage: 'Dispatched', place: 'Factory', at: '2025-06-01T10:00:00Z' });
    await recordTrackingEvent({ slug: brand.slug, qrId: batch.cases[0]!.qrId, stage: 'Received', place: 'Warehouse', at: '2025-06-03T10:00:00Z' });
    await recordTrackingEvent({ slug: brand.slug, qrId: unit.covert.qrId, stage: 'Sold', place: 'Store', at: '2025-06-05T10:00:00Z' });
    const res = await call(server, brand.domain, 'GET', `/api/tracking/${unit.overt.qrId}`);
    expect(res.status).toBe(200);
    expect(res.body.code).toEqual({ qrId: unit.overt.qrId, level: 6 });
    expect(res.body.events).toEqual([
      { stage: 'Dispatched', place: 'Factory', at: '2025-06-01T10:00:00.000Z', level: 9 },
      { stage: 'Received', place: 'Warehouse', at: '2025-06-03T10:00:00.000Z', level: 8 },
      { stage: 'Sold', place: 'Store', at: '2025-06-05T10:00:00.000Z', level: 7 },
    ]);
    // The pallet sees only its own events, not those of what it contains.
    const pallet = await call(server, brand.domain, 'GET', `/api/tracking/${batch.pallets[0]!.qrId}`);
    expect(pallet.body.events.map((e: { stage: string }) => e.stage)).toEqual(['Dispatched']);
  });

  it('answers 404 for a code of another brand and 403 when the brand has tracking off', async () => {
    const a = await createTestBrand({ flags: { isTrackingEnabled: true } });
    const b = await createTestBrand({ flags: { isTrackingEnabled: true } });
    const bBatch = await createTestBatch(b, { units: 1 });
    expect((await call(server, a.domain, 'GET', `/api/tracking/${bBatch.units[0]!.overt.qrId}`)).status).toBe(404);
    const off = await createTestBrand({ flags: { isTrackingEnabled: false } });
    const offBatch = await createTestBatch(off, { units: 1 });
    const res = await call(server, off.domain, 'GET', `/api/tracking/${offBatch.units[0]!.overt.qrId}`);
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe(`This service is not offered by ${off.name}.`);
  });
});

// A minimal multipart body, built by hand so the test controls every byte.
function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----testboundary' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { rawBody: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);

describe('POST /api/report', () => {
  async function setup(enabled = true) {
    const brand = await createTestBrand({ flags: { isRedFlaggingEnabled: enabled } });
    const me = await createTestCustomer(brand.id);
    const report = (body: ReturnType<typeof multipart>) => call(server, brand.domain, 'POST', '/api/report', { token: me.token, ...body });
    const stored = async () => (await getDb()).select().from(reports).where(eq(reports.clientId, brand.id));
    return { brand, me, report, stored };
  }

  it('stores a report with a photo, the code it names and a coarse location', async () => {
    const { brand, me, report, stored } = await setup();
    const batch = await createTestBatch(brand, { units: 1 });
    const res = await report(multipart({ description: 'Seal was broken', qrId: batch.units[0]!.overt.qrId, lat: '19.07609', lng: '72.877426' }, { name: 'p.png', type: 'image/png', data: PNG }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ reportId: expect.any(String), photoStored: true });
    const [row] = await stored();
    expect(row).toMatchObject({ customerId: me.customerId, codeId: batch.units[0]!.overt.id, description: 'Seal was broken', lat: 19.08, lng: 72.88, photoType: 'image/png' });
    expect(row!.photo).toBeNull();
    const [file] = await (await getDb()).select().from(files).where(eq(files.id, row!.photoFileId!));
    expect(file).toMatchObject({ clientId: brand.id, customerId: me.customerId, contentType: 'image/png', size: PNG.length, bytes: null });
    const object = await fileStore().get(file!.storageKey!);
    expect(Buffer.concat(await object!.body.toArray()).equals(PNG)).toBe(true);
  });

  it('accepts a report without a photo', async () => {
    const { report, stored } = await setup();
    const res = await report(multipart({ description: 'Looks fake' }));
    expect(res.body.photoStored).toBe(false);
    expect(await stored()).toHaveLength(1);
  });

  it('refuses a photo that is not an image (415) whatever its declared type, and stores nothing', async () => {
    const { report, stored } = await setup();
    const res = await report(multipart({ description: 'x' }, { name: 'p.png', type: 'image/png', data: Buffer.from('<html>not an image</html>') }));
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ errorMessage: 'photo: must be a PNG, JPEG or WebP image', field: 'photo' });
    expect(await stored()).toHaveLength(0);
  });

  it('refuses a photo over 5 MB (413) and stores nothing', async () => {
    const { report, stored } = await setup();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await report(multipart({ description: 'x' }, { name: 'p.png', type: 'image/png', data: big }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ errorMessage: 'photo: must be at most 5 MB', field: 'photo' });
    expect(await stored()).toHaveLength(0);
  });

  it('answers 422 naming the field for a missing description or an unknown field, and stores nothing', async () => {
    const { report, stored } = await setup();
    const missing = await report(multipart({ qrId: 'abc' }));
    expect(missing.status).toBe(422);
    expect(missing.body.errorMessage).toMatch(/description/);
    const unknown = await report(multipart({ description: 'x', price: '10' }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errorMessage).toMatch(/price/);
    expect(await stored()).toHaveLength(0);
  });

  it('needs a signed-in customer, and is not offered when red flagging is off', async () => {
    const on = await setup();
    const anon = await call(server, on.brand.domain, 'POST', '/api/report', multipart({ description: 'x' }));
    expect(anon.status).toBe(401);
    const off = await setup(false);
    const res = await off.report(multipart({ description: 'x' }));
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe(`This service is not offered by ${off.brand.name}.`);
    expect(await off.stored()).toHaveLength(0);
  });
});

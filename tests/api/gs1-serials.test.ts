import { and, eq } from 'drizzle-orm';
import { apiServerForFile } from '../support/api-server';
import { createTestBatch } from '../support/codes';
import { signedInStaff } from '../support/console';
import { createBrand } from '@/lib/operator/brands';
import { randomId } from '@/lib/ids';
import { listCodes } from '@/lib/operator/catalog-codes';
import { createBatch, createBatchArgs, listProducts } from '@/lib/operator/catalog';
import { generateCodes, generateCodesArgs } from '@/lib/operator/catalog-codes';
import { numberSerials, numberSerialsArgs, setGtin, setGtinArgs, setSerial, setSerialArgs } from '@/lib/operator/gs1';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';

// A batch's GS1 serials at once (docs/gs1.md "Serials"): numbered in the printed order, or back to
// the qrIds; checked before anything is written (422 naming prefix, width or start; 409 naming
// start for a serial another batch of the product has), confirmed, audited with before and after.
// The same use case from the console's batch page and from `npm run brand -- number-serials`.

const server = apiServerForFile();
jest.setTimeout(60_000);

async function setup(units = 3) {
  const tag = randomId('n', 10).toLowerCase().replace('_', '-');
  const brand = await createBrand({ slug: tag, name: `Brand ${tag}`, domains: [`${tag}.example.com`], config: { gs1: { enabled: true } } });
  const batch = await createTestBatch(brand, { units });
  const productId = (await listProducts({ slug: brand.slug }))[0]!.id;
  await setGtin(setGtinArgs.parse({ slug: brand.slug, product: productId, gtin: '09506000134352' }));
  const serials = async (batchNumber = batch.batchNumber) =>
    (await listCodes({ slug: brand.slug, batch: batchNumber, limit: 100 })).filter((c) => c.kind === 'overt').map((c) => c.gs1Line.split(' (21) ')[1]);
  const manager = await signedInStaff(server, { clientId: brand.id, role: 'manager' });
  const batchId = (await manager.fetch(`/api/console/brands/${brand.slug}/catalogue/batches`)).body.batches.find((b: { batchNumber: string }) => b.batchNumber === batch.batchNumber).id as string;
  const post = (who: typeof manager, body: unknown, id = batchId) => who.fetch(`/api/console/brands/${brand.slug}/catalogue/batches/${id}/serials`, { method: 'POST', body });
  /** The units' qrIds in the printed order (the CSV's): their serials while none is set. */
  const qrIds = await serials();
  return { brand, batch, batchId, productId, manager, post, serials, qrIds };
}

describe("a batch's serials at once", () => {
  it('numbers every unit in the printed order, then back to the qrIds, each audited with before and after', async () => {
    const { brand, batch, batchId, manager, post, serials, qrIds } = await setup(3);
    const res = await post(manager, { scheme: 'numbered', prefix: 'SN-', start: 98, width: 4, confirm: true });
    expect([res.status, res.body]).toEqual([200, { batchId, batchNumber: batch.batchNumber, scheme: 'numbered', units: 3, first: 'SN-0098', last: 'SN-0100' }]);
    expect(await serials()).toEqual(['SN-0098', 'SN-0099', 'SN-0100']);
    // renumbering over the batch's own serials is no conflict
    expect((await post(manager, { scheme: 'numbered', prefix: 'SN-', start: 99, width: 4, confirm: true })).body).toMatchObject({ first: 'SN-0099', last: 'SN-0101' });
    const back = await post(manager, { scheme: 'qrId', confirm: true });
    expect(back.body).toMatchObject({ scheme: 'qrId', units: 3, first: qrIds[0], last: qrIds[2] });
    expect(await serials()).toEqual(qrIds);
    const audit = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'batch.serials')));
    expect(audit).toHaveLength(3);
    const diffs = audit.map((a) => [a.before, a.after]);
    expect(diffs).toContainEqual([
      { units: 3, first: 'SN-0098', last: 'SN-0100', ownSerials: 3 },
      { units: 3, scheme: 'numbered', prefix: 'SN-', start: 99, width: 4, first: 'SN-0099', last: 'SN-0101' },
    ]);
    expect(diffs).toContainEqual([
      { units: 3, first: 'SN-0099', last: 'SN-0101', ownSerials: 3 },
      { units: 3, scheme: 'qrId', first: qrIds[0], last: qrIds[2] },
    ]);
  });

  it('refuses bad input naming the field, writing nothing: set 82, 20 characters, the last number\'s digits, no confirmation', async () => {
    const { manager, post, serials, qrIds } = await setup(3);
    const cases: Array<[unknown, number, string]> = [
      [{ scheme: 'numbered', prefix: 'S N', start: 1, width: 4, confirm: true }, 422, 'prefix'],
      [{ scheme: 'numbered', prefix: 'SERIAL-NUMBER-', start: 1, width: 7, confirm: true }, 422, 'width'],
      [{ scheme: 'numbered', prefix: 'SN', start: 98, width: 2, confirm: true }, 422, 'start'],
      [{ scheme: 'numbered', prefix: 'SN', start: -1, width: 2, confirm: true }, 422, 'start'],
      [{ scheme: 'numbered', prefix: 'SN', start: 1.5, width: 2, confirm: true }, 422, 'start'],
      [{ scheme: 'numbered', prefix: 'SN', start: 1, width: 0, confirm: true }, 422, 'width'],
      [{ scheme: 'numbered', prefix: 'SN', start: 1, width: 4 }, 422, 'confirm'],
      [{ scheme: 'numbered', prefix: 'SN', start: 1, width: 4, confirm: false }, 422, 'confirm'],
      [{ scheme: 'sequential', confirm: true }, 422, 'scheme'],
    ];
    for (const [body, status, field] of cases) {
      const res = await post(manager, body);
      expect([JSON.stringify(body), res.status, res.body.field]).toEqual([JSON.stringify(body), status, field]);
      expect(res.body.errorMessage).toMatch(new RegExp(`^${field}: `));
    }
    expect(await serials()).toEqual(qrIds);
  });

  it('refuses a serial another batch of the product has (409 naming start), and a batch of no units or of another brand', async () => {
    const { brand, manager, post, serials, productId, qrIds } = await setup(2);
    // another batch of the same product, one of whose units has SN0002
    const other = await createBatch(createBatchArgs.parse({ slug: brand.slug, product: productId, batchNumber: randomId('B', 8), mfgDate: '2025-01-01' }));
    await generateCodes(generateCodesArgs.parse({ slug: brand.slug, batch: other.batchNumber, count: 1 }));
    const [otherUnit] = await listCodes({ slug: brand.slug, batch: other.batchNumber, limit: 2 });
    await setSerial(setSerialArgs.parse({ slug: brand.slug, qrId: otherUnit!.qrId, serial: 'SN0002' }));
    const res = await post(manager, { scheme: 'numbered', prefix: 'SN', start: 1, width: 4, confirm: true });
    expect([res.status, res.body.field, res.body.errorMessage]).toEqual([409, 'start', `start: SN0002 is already the serial of a unit of batch ${other.batchNumber} of this product`]);
    expect(await serials()).toEqual(qrIds);
    expect((await post(manager, { scheme: 'numbered', prefix: 'SN', start: 3, width: 4, confirm: true })).status).toBe(200);

    const stranger = await setup(1);
    expect((await post(manager, { scheme: 'qrId', confirm: true }, stranger.batchId)).status).toBe(404);
    expect(await stranger.serials()).toEqual(stranger.qrIds);
  });

  it('is for the owner and managers only', async () => {
    const { brand, post } = await setup(1);
    for (const role of ['analyst', 'support'] as const) {
      const who = await signedInStaff(server, { clientId: brand.id, role });
      expect((await post(who, { scheme: 'qrId', confirm: true })).status).toBe(403);
    }
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    expect((await post(owner, { scheme: 'qrId', confirm: true })).status).toBe(200);
  });

  it('is the command line\'s number-serials too', async () => {
    const { brand, batch, serials, qrIds } = await setup(2);
    expect(await numberSerials(numberSerialsArgs.parse({ slug: brand.slug, batch: batch.batchNumber, prefix: 'A', start: '7', width: '3' }))).toMatchObject({ first: 'A007', last: 'A008' });
    expect(await serials()).toEqual(['A007', 'A008']);
    await numberSerials(numberSerialsArgs.parse({ slug: brand.slug, batch: batch.batchNumber, scheme: 'qrId' }));
    expect(await serials()).toEqual(qrIds);
  });
});

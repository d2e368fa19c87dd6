import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { createTestCustomer } from '../support/customers';
import { getDb } from '@/lib/db/client';
import { codes, trackingEvents } from '@/lib/db/schema';
import { runOperatorCommand } from '@/lib/operator/commands';
import { seedDemoCatalog, writeDemoCodes } from '@/lib/operator/demo-catalog';

// The operator's catalogue commands, run through the same registry as `npm run brand`.

const server = apiServerForFile();
jest.setTimeout(60_000);

const run = (command: string, args: Record<string, unknown>) => runOperatorCommand(command, args) as Promise<any>;
const tmp = mkdtempSync(path.join(tmpdir(), 'catalog-test-'));

async function brandWithBatch(extra: Record<string, unknown> = {}) {
  const brand = await createTestBrand({ flags: { isTrackingEnabled: true } });
  const product = await run('create-product', { slug: brand.slug, name: 'Serum', warrantyMonths: 12, attributes: 'Volume=30 ml;Made in=India', images: 'https://x.example/a.png' });
  const batch = await run('create-batch', { slug: brand.slug, product: product.id, batchNumber: 2024001, mfgDate: '2025-01-01', expiryDate: '2030-01-01', ...extra });
  return { brand, product, batch };
}

describe('catalogue commands', () => {
  it('generates units as overt+covert pairs with auth codes, packed in cases and pallets', async () => {
    const { brand } = await brandWithBatch();
    const out = await run('generate-codes', { slug: brand.slug, batch: '2024001', count: 5, caseSize: 2, palletSize: 2 });
    expect(out).toEqual({ batch: '2024001', units: 5, batchLevelCodes: 0, cases: 3, pallets: 2, codes: 15 });
    const rows = await (await getDb()).select().from(codes).where(eq(codes.clientId, brand.id));
    const units = rows.filter((r) => r.level <= 7);
    expect(units).toHaveLength(10);
    for (const r of units) {
      expect(r.qrId).toMatch(/^[0-9A-Za-z]{17}$/);
      expect(rows.find((o) => o.pairId === r.pairId && o.id !== r.id)?.level).toBe(r.level === 6 ? 7 : 6);
      expect(rows.find((o) => o.id === r.parentCodeId)?.level).toBe(8);
    }
    expect(units.filter((r) => r.level === 7).every((r) => /^[0-9A-HJKMNP-TV-Z]{10}$/.test(r.authCode!))).toBe(true);
    expect(rows.filter((r) => r.level === 8).every((r) => rows.find((o) => o.id === r.parentCodeId)?.level === 9)).toBe(true);
  });

  it('refuses bad arguments naming the field, and creates nothing', async () => {
    const { brand } = await brandWithBatch();
    await expect(run('generate-codes', { slug: brand.slug, batch: '2024001', count: 0 })).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['count'] })] });
    await expect(run('generate-codes', { slug: brand.slug, batch: '2024001', count: 2, palletSize: 2 })).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['palletSize'] })] });
    await expect(run('create-batch', { slug: brand.slug, product: 'nope', batchNumber: 'X1', mfgDate: '2025-02-30' })).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['mfgDate'] })] });
    await expect(run('generate-codes', { slug: brand.slug, batch: 'NOPE', count: 1 })).rejects.toMatchObject({ code: 'not_found' });
    expect(await (await getDb()).select().from(codes).where(eq(codes.clientId, brand.id))).toHaveLength(0);
  });

  it('refuses a second batch with the same number in any case', async () => {
    const { brand, product } = await brandWithBatch({ batchNumber: 'Lot-A' });
    await expect(run('create-batch', { slug: brand.slug, product: product.id, batchNumber: 'LOT-a' })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('exports CSV to stdout or a file, and a PDF sheet of QR codes', async () => {
    const { brand } = await brandWithBatch();
    await run('generate-codes', { slug: brand.slug, batch: '2024001', count: 3 });
    const csv: string = await run('export-codes', { slug: brand.slug, batch: '2024001' });
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('qrId,level,kind,state,batch,unit,authCode,parentQrId,url');
    expect(lines).toHaveLength(7);
    expect(lines.some((l) => l.includes(`http://${brand.domain}:`) && l.includes('/covert/post/verify/'))).toBe(true);
    const file = await run('export-codes', { slug: brand.slug, batch: '2024001', out: path.join(tmp, 'codes.csv') });
    expect(readFileSync(file.file, 'utf8')).toBe(csv);
    const pdf = await run('export-pdf', { slug: brand.slug, batch: '2024001', out: path.join(tmp, 'codes.pdf'), levels: '6' });
    expect(pdf).toMatchObject({ codes: 3, pages: 1 });
    expect(readFileSync(pdf.file).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints overt codes as anonymous info links by default, as signed-in overt links when the brand chooses so', async () => {
    const { brand } = await brandWithBatch();
    await run('generate-codes', { slug: brand.slug, batch: '2024001', count: 2 });
    await run('generate-codes', { slug: brand.slug, batch: '2024001', count: 1, batchLevel: true });
    const origin = (await run('list-codes', { slug: brand.slug }))[0].url.replace(/^(https?:\/\/[^/]+).*$/, '$1');
    const pathOf = (r: { level: number; qrId: string; state: string }) => `${r.level}:${r.state === 'batch-level' ? 'batch' : 'unit'}`;
    const linksOf = async () => {
      const rows: Array<{ level: number; qrId: string; state: string; url: string }> = await run('list-codes', { slug: brand.slug });
      const csv: string = await run('export-codes', { slug: brand.slug, batch: '2024001' });
      for (const r of rows) expect(csv).toContain(`,${r.url}\n`); // the CSV carries the same link
      return new Map(rows.map((r) => [pathOf(r), r.url.replace(origin, '').replace(r.qrId, '{qrId}')]));
    };
    expect(Object.fromEntries(await linksOf())).toEqual({
      '6:unit': '/info/verify/{qrId}',
      '7:unit': '/covert/post/verify/{qrId}',
      '6:batch': '/info/verify/{qrId}',
    });
    await run('set-config', { slug: brand.slug, config: { verification: { printedOvertRoute: 'overt' } } });
    expect(Object.fromEntries(await linksOf())).toEqual({
      '6:unit': '/overt/verify/{qrId}',
      '7:unit': '/covert/post/verify/{qrId}',
      '6:batch': '/info/verify/{qrId}',
    });
    await expect(run('set-config', { slug: brand.slug, config: { verification: { printedOvertRoute: 'shop' } } })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['config', 'verification', 'printedOvertRoute'] })],
    });
  });

  it('blacklists, deletes, records tracking events and lists a unit’s scans', async () => {
    const { brand } = await brandWithBatch();
    await run('generate-codes', { slug: brand.slug, batch: '2024001', count: 2 });
    const list = await run('list-codes', { slug: brand.slug });
    const [a, b] = list.filter((r: { level: number }) => r.level === 6);
    expect(await run('blacklist-code', { slug: brand.slug, qrId: a.qrId })).toEqual({ qrId: a.qrId, listStatus: 'Blacklisted' });
    expect(await run('delete-code', { slug: brand.slug, qrId: b.qrId })).toEqual({ qrId: b.qrId, status: 'DELETED' });
    const states = (await run('list-codes', { slug: brand.slug })).map((r: { qrId: string; state: string }) => [r.qrId, r.state]);
    expect(states).toEqual(expect.arrayContaining([[a.qrId, 'blacklisted'], [b.qrId, 'deleted']]));
    await run('record-tracking-event', { slug: brand.slug, qrId: a.qrId, stage: 'Shipped', place: 'Pune' });
    expect(await (await getDb()).select().from(trackingEvents).where(eq(trackingEvents.clientId, brand.id))).toHaveLength(1);
    await expect(run('record-tracking-event', { slug: brand.slug, qrId: 'unknownunknown123', stage: 'S', place: 'P' })).rejects.toMatchObject({ code: 'not_found' });

    const me = await createTestCustomer(brand.id);
    await call(server, brand.domain, 'GET', `/api/verify/overt/${a.qrId}`, { token: me.token });
    const scans = await run('list-scans', { slug: brand.slug, qrId: a.qrId });
    expect(scans).toEqual([expect.objectContaining({ qrId: a.qrId, kind: 'pre sale', result: 'Fake', customerId: me.customerId })]);
  });

  it('seeds the demo catalogue with codes in every state and writes them to demo-codes.json', async () => {
    const brand = await createTestBrand({ flags: { isTrackingEnabled: true, isWarrantyEnabled: true } });
    await seedDemoCatalog(brand.id);
    const rows: Array<{ state: string; qrId: string; level: number; url: string }> = await run('list-codes', { slug: brand.slug });
    const states = new Set(rows.map((r) => r.state));
    for (const s of ['unclaimed', 'claimed', 'expired', 'blacklisted', 'deleted', 'batch-level', 'case', 'pallet']) expect(states).toContain(s);
    const file = await writeDemoCodes(brand.slug, brand.id, tmp);
    const written = JSON.parse(readFileSync(file!, 'utf8')).codes as typeof rows;
    expect(written).toHaveLength(rows.length);
    // the demo pack's visible code opens the anonymous verdict, as a shopper scans it
    for (const r of written.filter((c) => c.level === 6)) expect(r.url).toMatch(new RegExp(`/info/verify/${r.qrId}$`));

    // The seeded states answer as their names say.
    const me = await createTestCustomer(brand.id);
    const verifyOf = async (state: string, level: number, route: string) => {
      const code = rows.find((r) => r.state === state && r.level === level)!;
      return (await call(server, brand.domain, 'GET', `/api/verify/${route}/${code.qrId}`, { token: me.token })).body.result;
    };
    expect(await verifyOf('unclaimed', 6, 'overt')).toBe('Genuine Pre Sale & Claim Warranty');
    expect(await verifyOf('claimed', 7, 'covert-post')).toBe('Product Cliamed');
    expect(await verifyOf('expired', 6, 'overt')).toBe('Expired');
    expect(await verifyOf('blacklisted', 6, 'overt')).toBe('Fake');
    expect(await verifyOf('deleted', 6, 'overt')).toBe('Invalid Product');
    expect(await verifyOf('batch-level', 6, 'info')).toBe('Batch Details Only');
    expect(await verifyOf('case', 8, 'tert')).toBe('Tracking');
    const unit = rows.find((r) => r.state === 'unclaimed' && r.level === 6)!;
    const tracking = await call(server, brand.domain, 'GET', `/api/tracking/${unit.qrId}`);
    expect(tracking.body.events.length).toBeGreaterThanOrEqual(4);
  });
});

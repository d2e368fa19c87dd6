import { and, eq } from 'drizzle-orm';
import { apiServerForFile, createTestBrand } from '../support/api-server';
import { createTestCustomer } from '../support/customers';
import { getDb } from '@/lib/db/client';
import { auditLog, codeRuns, codes, legalAcknowledgements } from '@/lib/db/schema';
import { createBatch, createProduct, getProduct, listBatches, listProducts, openProductImage, updateProduct, uploadProductImage } from '@/lib/console/catalogue';
import { batchCodesCsv, batchCodesPdf } from '@/lib/console/catalogue-exports';
import { RUN_CHUNK_ROWS, codeRunsSettled, getCodeRun, listBatchCodeRuns, listCodeRuns, startCodeRun, stopCodeRuns } from '@/lib/console/code-runs';
import { listLegalVersions, publishLegalVersion } from '@/lib/console/legal';
import type { ConsoleScope } from '@/lib/console/scope';
import { randomId } from '@/lib/ids';
import { runOperatorCommand } from '@/lib/operator/commands';
import { batchInputSchema, generateCodesInputSchema, productInputSchema, type CodeRun } from '@/lib/schemas/console-catalogue';

// The console's catalogue and legal use cases, called directly against the database (the routes
// are tested over HTTP in console-catalogue.test.ts): brand scoping, audit entries, the command
// line calling the same use cases, and the background code run's progress.

apiServerForFile();
jest.setTimeout(120_000);

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function scopeOf() {
  const brand = await createTestBrand();
  const scope: ConsoleScope = { clientId: brand.id, slug: brand.slug, actor: { kind: 'staff', staffId: randomId('st'), email: 'maria@example.com', role: 'manager' } };
  return { brand, scope };
}
const auditOf = async (clientId: string) => (await getDb()).select().from(auditLog).where(eq(auditLog.clientId, clientId));
const product = (over: Record<string, unknown> = {}) =>
  productInputSchema.parse({ name: 'Face serum', description: 'Daily', warrantyMonths: 12, attributes: [{ name: 'Volume', value: '30 ml' }], ...over });

describe('products', () => {
  it('creates and edits a product, each change audited with before and after', async () => {
    const { brand, scope } = await scopeOf();
    const created = await createProduct(scope, product());
    expect(created).toMatchObject({ name: 'Face serum', warrantyMonths: 12, attributes: [{ name: 'Volume', value: '30 ml' }], batches: 0 });
    const edited = await updateProduct(scope, created.id, product({ name: 'Night serum', warrantyMonths: 24, attributes: [] }));
    expect(edited).toMatchObject({ id: created.id, name: 'Night serum', warrantyMonths: 24, attributes: [] });
    expect((await listProducts(scope)).map((p) => p.name)).toEqual(['Night serum']);
    const audit = await auditOf(brand.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['product.create', 'product.update']);
    const update = audit.find((a) => a.action === 'product.update')!;
    expect(update).toMatchObject({ actor: 'maria@example.com', staffId: scope.actor.kind === 'staff' ? scope.actor.staffId : null, target: created.id });
    expect(update.before).toMatchObject({ name: 'Face serum', warrantyMonths: 12 });
    expect(update.after).toMatchObject({ name: 'Night serum', warrantyMonths: 24 });
  });

  it('never reads or edits another brand\'s product', async () => {
    const { scope } = await scopeOf();
    const { scope: other } = await scopeOf();
    const mine = await createProduct(scope, product());
    await expect(getProduct(other, mine.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(updateProduct(other, mine.id, product({ name: 'Taken' }))).rejects.toMatchObject({ code: 'not_found' });
    expect(await listProducts(other)).toEqual([]);
    expect((await getProduct(scope, mine.id)).name).toBe('Face serum');
  });

  it('refuses bad input with the field named', () => {
    const bad = (over: Record<string, unknown>) => productInputSchema.safeParse({ name: 'X', warrantyMonths: 0, ...over }).error?.issues[0]?.path.join('.');
    expect(bad({ name: '   ' })).toBe('name');
    expect(bad({ warrantyMonths: -1 })).toBe('warrantyMonths');
    expect(bad({ warrantyMonths: 1.5 })).toBe('warrantyMonths');
    expect(bad({ attributes: [{ name: '', value: 'x' }] })).toBe('attributes.0.name');
    expect(bad({ images: ['javascript:alert(1)'] })).toBe('images.0');
  });

  it('stores an image checked by its bytes, and refuses one that is not an image by content', async () => {
    const { brand, scope } = await scopeOf();
    const image = await uploadProductImage(scope, { name: 'serum.png', declaredType: 'image/png', bytes: PNG });
    expect(image).toMatchObject({ url: `/api/product-images/${image.id}`, contentType: 'image/png', size: PNG.length });
    const opened = await openProductImage(brand.id, image.id);
    expect(opened.contentType).toBe('image/png');
    const { scope: other, brand: otherBrand } = await scopeOf();
    await expect(openProductImage(otherBrand.id, image.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(uploadProductImage(scope, { name: 'x.png', declaredType: 'image/png', bytes: Buffer.from('<svg onload=alert(1)></svg>') })).rejects.toMatchObject({
      code: 'unsupported_media_type',
      field: 'image',
    });
    await expect(uploadProductImage(scope, { name: 'x.png', bytes: Buffer.from('just some text, not a picture') })).rejects.toMatchObject({ code: 'unsupported_media_type' });
    // A product may show this brand's uploads only.
    await expect(createProduct(other, product({ images: [image.url] }))).rejects.toMatchObject({ code: 'unprocessable', field: 'images' });
    expect((await createProduct(scope, product({ images: [image.url] }))).images).toEqual([image.url]);
  });
});

describe('batches', () => {
  it('creates a batch with dates and markets, audited; a number is unique per brand in any case', async () => {
    const { brand, scope } = await scopeOf();
    const p = await createProduct(scope, product());
    const input = batchInputSchema.parse({ productId: p.id, batchNumber: 'B-2026/01', mfgDate: '2026-01-01', expiryDate: '2028-01-01', markets: ['IN', 'DE'] });
    const batch = await createBatch(scope, input);
    expect(batch).toMatchObject({ batchNumber: 'B-2026/01', productName: 'Face serum', mfgDate: '2026-01-01', expiryDate: '2028-01-01', markets: ['IN', 'DE'], codes: 0 });
    await expect(createBatch(scope, { ...input, batchNumber: 'b-2026/01' })).rejects.toMatchObject({ code: 'conflict', field: 'batchNumber' });
    expect((await auditOf(brand.id)).filter((a) => a.action === 'batch.create')).toHaveLength(1);
    const { scope: other } = await scopeOf();
    await expect(createBatch(other, { ...input, batchNumber: 'X1' })).rejects.toMatchObject({ code: 'unprocessable', field: 'productId' });
    expect(await listBatches(other)).toEqual([]);
  });

  it('refuses bad dates: not a date, and expiry before manufacture', () => {
    const issue = (over: Record<string, unknown>) => batchInputSchema.safeParse({ productId: 'p', batchNumber: 'B1', ...over }).error?.issues[0];
    expect(issue({ mfgDate: '2026-13-45' })?.path).toEqual(['mfgDate']);
    expect(issue({ mfgDate: '2026-05-01', expiryDate: '2026-04-01' })).toMatchObject({ path: ['expiryDate'], message: 'must not be before the manufacturing date' });
    expect(issue({ markets: ['india'] })?.path).toEqual(['markets', 0]);
    expect(issue({ batchNumber: 'B 1' })?.path).toEqual(['batchNumber']);
  });
});

describe('code runs', () => {
  async function batchOf(scope: ConsoleScope) {
    const p = await createProduct(scope, product());
    return createBatch(scope, batchInputSchema.parse({ productId: p.id, batchNumber: randomId('B', 8), mfgDate: '2026-01-01' }));
  }

  it('writes a large run in chunks, its progress seen growing to done, then audited once', async () => {
    const { brand, scope } = await scopeOf();
    const batch = await batchOf(scope);
    const units = RUN_CHUNK_ROWS + 700; // two codes a unit: three chunks
    const seen: CodeRun[] = [];
    const started = await startCodeRun(scope, batch.id, generateCodesInputSchema.parse({ count: units }), {
      afterChunk: async () => void seen.push(await getCodeRun(scope, started.id)),
    });
    expect(started).toMatchObject({ status: 'queued', done: 0, total: units * 2, batchNumber: batch.batchNumber, actor: 'maria@example.com' });
    await codeRunsSettled();
    expect(seen.length).toBe(3);
    expect(seen.slice(0, -1).every((r) => r.status === 'running' && r.done > 0 && r.done < r.total)).toBe(true);
    expect(seen.map((r) => r.done)).toEqual([...seen.map((r) => r.done)].sort((a, b) => a - b));
    const finished = await getCodeRun(scope, started.id);
    expect(finished).toMatchObject({ status: 'done', done: units * 2, total: units * 2, error: null });
    expect(finished.finishedAt).not.toBeNull();
    const rows = await (await getDb()).select({ id: codes.id }).from(codes).where(and(eq(codes.clientId, brand.id), eq(codes.batchId, batch.id)));
    expect(rows).toHaveLength(units * 2);
    const audit = await auditOf(brand.id);
    expect(audit.filter((a) => a.action === 'codes.generate')).toHaveLength(1);
    expect(audit.find((a) => a.action === 'codes.generate')!.after).toMatchObject({ run: started.id, units, codes: units * 2 });
    expect((await listCodeRuns(scope, { batchId: batch.id })).map((r) => r.id)).toEqual([started.id]);
  });

  it('stops at a chunk boundary when the database closes, keeping the codes written and saying why', async () => {
    const { brand, scope } = await scopeOf();
    const batch = await batchOf(scope);
    let stopped: Promise<void> | undefined;
    const run = await startCodeRun(scope, batch.id, generateCodesInputSchema.parse({ count: RUN_CHUNK_ROWS * 2 }), {
      afterChunk: async () => {
        stopped ??= stopCodeRuns(); // as closing the database does, after the first chunk
      },
    });
    await codeRunsSettled();
    await stopped;
    const after = await getCodeRun(scope, run.id);
    expect(after).toMatchObject({ status: 'failed', done: RUN_CHUNK_ROWS, error: 'The server stopped before the run finished; the codes written so far are kept' });
    const rows = await (await getDb()).select({ id: codes.id }).from(codes).where(and(eq(codes.clientId, brand.id), eq(codes.batchId, batch.id)));
    expect(rows).toHaveLength(RUN_CHUNK_ROWS);
    expect((await auditOf(brand.id)).filter((a) => a.action === 'codes.generate')).toHaveLength(0);
  });

  it('packs units in cases and pallets; another brand never sees the run', async () => {
    const { scope } = await scopeOf();
    const batch = await batchOf(scope);
    const run = await startCodeRun(scope, batch.id, generateCodesInputSchema.parse({ count: 5, caseSize: 2, palletSize: 2 }));
    await codeRunsSettled();
    expect(await getCodeRun(scope, run.id)).toMatchObject({ status: 'done', total: 15, done: 15 });
    const { scope: other } = await scopeOf();
    await expect(getCodeRun(other, run.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(startCodeRun(other, batch.id, generateCodesInputSchema.parse({ count: 1 }))).rejects.toMatchObject({ code: 'not_found' });
    expect(await listCodeRuns(other)).toEqual([]);
  });

  it("lists a batch's runs with its code count, or without when not asked (nothing counted); another brand's batch is not found either way", async () => {
    const { scope } = await scopeOf();
    const batch = await batchOf(scope);
    const run = await startCodeRun(scope, batch.id, generateCodesInputSchema.parse({ count: 4 }));
    await codeRunsSettled();
    const withCount = await listBatchCodeRuns(scope, batch.id, { batchCodes: true });
    expect(withCount.runs.map((r) => [r.id, r.status])).toEqual([[run.id, 'done']]);
    expect(withCount.batchCodes).toBe(8);
    expect(withCount.runs).toEqual(await listCodeRuns(scope, { batchId: batch.id }));
    const without = await listBatchCodeRuns(scope, batch.id, { batchCodes: false });
    expect(without).toEqual({ runs: withCount.runs });
    expect(Object.keys(without)).toEqual(['runs']);
    const { scope: other } = await scopeOf();
    for (const batchCodes of [true, false]) {
      await expect(listBatchCodeRuns(other, batch.id, { batchCodes })).rejects.toMatchObject({ code: 'not_found' });
      await expect(listBatchCodeRuns(scope, 'bt_nothing', { batchCodes })).rejects.toMatchObject({ code: 'not_found' });
    }
  });

  it('exports the batch as CSV (one row per code) and as a PDF', async () => {
    const { scope } = await scopeOf();
    const batch = await batchOf(scope);
    await startCodeRun(scope, batch.id, generateCodesInputSchema.parse({ count: 3 }));
    await codeRunsSettled();
    const { csv, fileName } = await batchCodesCsv(scope, batch.id);
    expect(fileName).toBe(`codes-${batch.batchNumber}.csv`);
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('qrId,level,kind,state,batch,unit,authCode,parentQrId,url');
    expect(lines).toHaveLength(1 + 6);
    const { pdf } = await batchCodesPdf(scope, batch.id);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { scope: other } = await scopeOf();
    await expect(batchCodesCsv(other, batch.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses counts out of range and cases for batch-level codes', () => {
    const path = (v: Record<string, unknown>) => generateCodesInputSchema.safeParse(v).error?.issues[0]?.path.join('.');
    expect(path({ count: 0 })).toBe('count');
    expect(path({ count: 100_001 })).toBe('count');
    expect(generateCodesInputSchema.safeParse({ count: 100_000 }).success).toBe(true);
    expect(path({ count: 10, palletSize: 2 })).toBe('palletSize');
    expect(path({ count: 10, batchLevel: true, caseSize: 2 })).toBe('caseSize');
  });
});

describe('the command line calls the same use cases', () => {
  it('create-product, create-batch and generate-codes write audit entries as the command line', async () => {
    const { brand } = await scopeOf();
    const p = (await runOperatorCommand('create-product', { slug: brand.slug, name: 'Kettle', attributes: 'Colour=Red' })) as { id: string };
    await runOperatorCommand('create-batch', { slug: brand.slug, product: p.id, batchNumber: 'K1', mfgDate: '2026-01-01' });
    expect(await runOperatorCommand('generate-codes', { slug: brand.slug, batch: 'K1', count: 2 })).toEqual({ batch: 'K1', units: 2, batchLevelCodes: 0, cases: 0, pallets: 0, codes: 4 });
    const audit = await auditOf(brand.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['batch.create', 'codes.generate', 'product.create']);
    expect(audit.every((a) => a.actor === 'command line' && a.staffId === null)).toBe(true);
    // The run is the CLI's: no background row.
    expect(await (await getDb()).select().from(codeRuns).where(eq(codeRuns.clientId, brand.id))).toEqual([]);
  });
});

describe('legal documents', () => {
  it('publishes versions, audited, and counts acknowledgements per version', async () => {
    const { brand, scope } = await scopeOf();
    const v1 = await publishLegalVersion(scope, { documentType: 'Terms & Conditions', fileName: 'terms.md', bytes: Buffer.from('# Terms\n\nBe kind.') });
    const v2 = await publishLegalVersion(scope, { documentType: 'Terms & Conditions', fileName: 'terms.pdf', bytes: Buffer.from('%PDF-1.4\n%fake but starts right\n') });
    expect([v1.version, v2.version, v2.format]).toEqual([1, 2, 'pdf']);
    const alice = await createTestCustomer(brand.id);
    const bob = await createTestCustomer(brand.id);
    const db = await getDb();
    const ack = (customerId: string) =>
      db.insert(legalAcknowledgements).values({ id: randomId('ack'), clientId: brand.id, customerId, userIdType: 'customer', documentId: v1.documentId, documentType: 'Terms & Conditions', version: 1 });
    await ack(alice.customerId);
    await ack(alice.customerId);
    await ack(bob.customerId);
    const overview = await listLegalVersions(scope);
    const terms = overview.types.find((t) => t.documentType === 'Terms & Conditions')!;
    expect(terms.versions.map((v) => [v.version, v.acknowledgements, v.current])).toEqual([
      [2, 0, true],
      [1, 2, false],
    ]);
    expect(overview.types.find((t) => t.documentType === 'Privacy Policy')!.versions).toEqual([]);
    // Each publication audited once (rows compared as a set: the query has no order, and the audit log's indexes decide the plan's).
    expect((await auditOf(brand.id)).filter((a) => a.action === 'legal.publish').map((a) => a.target).sort()).toEqual(['Terms & Conditions v1', 'Terms & Conditions v2']);
    const { scope: other } = await scopeOf();
    expect((await listLegalVersions(other)).types.every((t) => t.versions.length === 0)).toBe(true);
  });

  it('refuses a PDF that is not one, and empty Markdown', async () => {
    const { scope } = await scopeOf();
    await expect(publishLegalVersion(scope, { documentType: 'Privacy Policy', fileName: 'p.pdf', bytes: Buffer.from('hello') })).rejects.toMatchObject({ code: 'unprocessable', field: 'file' });
    await expect(publishLegalVersion(scope, { documentType: 'Privacy Policy', fileName: 'p.md', bytes: Buffer.from('   \n') })).rejects.toMatchObject({ code: 'unprocessable' });
  });
});

import { and, eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { fixtures, multipart, type Part } from '../support/aftersales';
import { CONSOLE_ORIGIN, signedInStaff, type SignedInStaff } from '../support/console';
import { CONSOLE_CSRF_HEADER, consoleHost } from '@/lib/edge/console-host';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import { codeRunsSettled } from '@/lib/console/code-runs';
import { printableCodes } from '@/lib/operator/catalog-export';
import type { StaffRole } from '@/lib/domain/staff-roles';

// The console's catalogue and legal endpoints over HTTP on the console host: products, images,
// batches, code runs with their progress, downloads, legal versions; bad input, roles and brands.

const server = apiServerForFile();
jest.setTimeout(120_000);

const P = (slug: string) => `/api/console/brands/${slug}/catalogue`;
const L = (slug: string) => `/api/console/brands/${slug}/legal`;

async function staffOf(role: StaffRole) {
  const brand = await createTestBrand();
  return { brand, staff: await signedInStaff(server, { clientId: brand.id, role }) };
}
/** A multipart form as a browser sends it from the console (session cookie, CSRF proof, Origin). */
const upload = (who: SignedInStaff, path: string, parts: Part[]) => {
  const { rawBody, headers } = multipart(parts);
  return call(server, consoleHost(), 'POST', path, { rawBody, cookie: who.cookie, headers: { ...headers, origin: CONSOLE_ORIGIN(), [CONSOLE_CSRF_HEADER]: who.csrf } });
};
const newProduct = (who: SignedInStaff, slug: string, over: Record<string, unknown> = {}) =>
  who.fetch(`${P(slug)}/products`, { method: 'POST', body: { name: 'Face serum', description: 'Daily', warrantyMonths: 12, attributes: [{ name: 'Volume', value: '30 ml' }], ...over } });
async function productAndBatch(who: SignedInStaff, slug: string) {
  const product = (await newProduct(who, slug)).body;
  const batch = await who.fetch(`${P(slug)}/batches`, { method: 'POST', body: { productId: product.id, batchNumber: 'B-1', mfgDate: '2026-01-01', expiryDate: '2028-01-01', markets: ['IN'] } });
  expect(batch.status).toBe(201);
  return { product, batch: batch.body };
}

describe('products', () => {
  it('creates, lists, reads and edits a product, audited', async () => {
    const { brand, staff } = await staffOf('manager');
    const created = await newProduct(staff, brand.slug);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Face serum', warrantyMonths: 12, attributes: [{ name: 'Volume', value: '30 ml' }], images: [], batches: 0 });
    const edit = await staff.fetch(`${P(brand.slug)}/products/${created.body.id}`, {
      method: 'PUT',
      body: { name: 'Night serum', description: '', warrantyMonths: 6, attributes: [{ name: 'Volume', value: '50 ml' }], images: [] },
    });
    expect(edit.status).toBe(200);
    expect((await staff.fetch(`${P(brand.slug)}/products/${created.body.id}`)).body).toMatchObject({ name: 'Night serum', warrantyMonths: 6 });
    expect((await staff.fetch(`${P(brand.slug)}/products`)).body.products.map((p: { name: string }) => p.name)).toEqual(['Night serum']);
    const audit = await (await getDb()).select().from(auditLog).where(eq(auditLog.clientId, brand.id));
    expect(audit.map((a) => [a.action, a.actor]).sort()).toEqual([
      ['product.create', staff.email],
      ['product.update', staff.email],
    ]);
  });

  it('refuses an empty name, a bad warranty and unknown fields with the field named', async () => {
    const { brand, staff } = await staffOf('owner');
    for (const [over, field] of [
      [{ name: '  ' }, 'name'],
      [{ warrantyMonths: -3 }, 'warrantyMonths'],
      [{ warrantyMonths: 'twelve' }, 'warrantyMonths'],
      [{ attributes: [{ name: '', value: 'x' }] }, 'attributes.0.name'],
      [{ colour: 'red' }, 'colour'],
    ] as const) {
      const res = await newProduct(staff, brand.slug, over);
      expect([res.status, res.body.field]).toEqual([422, field]);
      expect(res.body.errorMessage).toEqual(expect.any(String));
    }
    expect((await staff.fetch(`${P(brand.slug)}/products/pr_nothing`)).status).toBe(404);
  });

  it('lets the analyst and support read but not write; another brand\'s staff get 404', async () => {
    const { brand, staff: manager } = await staffOf('manager');
    const product = (await newProduct(manager, brand.slug)).body;
    for (const role of ['analyst', 'support'] as const) {
      const reader = await signedInStaff(server, { clientId: brand.id, role });
      expect((await reader.fetch(`${P(brand.slug)}/products`)).status).toBe(200);
      expect((await newProduct(reader, brand.slug)).status).toBe(403);
      expect((await reader.fetch(`${P(brand.slug)}/products/${product.id}`, { method: 'PUT', body: { name: 'X', warrantyMonths: 1 } })).status).toBe(403);
      expect((await upload(reader, `${P(brand.slug)}/images`, [{ name: 'image', filename: 'a.png', type: 'image/png', bytes: fixtures.png() }])).status).toBe(403);
    }
    const finance = await signedInStaff(server, { clientId: brand.id, role: 'finance' });
    expect((await finance.fetch(`${P(brand.slug)}/products`)).status).toBe(403);
    const { staff: stranger } = await staffOf('owner');
    expect((await stranger.fetch(`${P(brand.slug)}/products`)).status).toBe(404);
    expect((await stranger.fetch(`${P(brand.slug)}/products/${product.id}`)).status).toBe(404);
    expect((await newProduct(stranger, brand.slug)).status).toBe(404);
    // Nor through the stranger's own brand.
    const own = (await createTestBrand()).slug;
    expect((await stranger.fetch(`${P(own)}/products/${product.id}`)).status).toBe(404);
  });
});

describe('images', () => {
  it('stores an image checked by content, shows it in the console and on the brand\'s host', async () => {
    const { brand, staff } = await staffOf('manager');
    const png = fixtures.png(600);
    const res = await upload(staff, `${P(brand.slug)}/images`, [{ name: 'image', filename: 'serum.png', type: 'image/png', bytes: png }]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contentType: 'image/png', size: 600, url: `/api/product-images/${res.body.id}` });
    const shown = await staff.fetch(`${P(brand.slug)}/images/${res.body.id}`);
    expect([shown.status, shown.headers['content-type'], shown.headers['content-length']]).toEqual([200, 'image/png', '600']);
    const product = await newProduct(staff, brand.slug, { images: [res.body.url] });
    expect(product.body.images).toEqual([res.body.url]);
    const publicImage = await call(server, brand.domain, 'GET', res.body.url);
    expect([publicImage.status, publicImage.headers['content-type'], publicImage.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
    const other = await createTestBrand();
    expect((await call(server, other.domain, 'GET', res.body.url)).status).toBe(404);
  });

  it('refuses a file that is not an image by its content (415), an empty form (422), and JSON (415)', async () => {
    const { brand, staff } = await staffOf('owner');
    const svg = await upload(staff, `${P(brand.slug)}/images`, [{ name: 'image', filename: 'logo.png', type: 'image/png', bytes: fixtures.svg() }]);
    expect([svg.status, svg.body.field]).toEqual([415, 'image']);
    const text = await upload(staff, `${P(brand.slug)}/images`, [{ name: 'image', filename: 'photo.jpg', type: 'image/jpeg', bytes: fixtures.text() }]);
    expect(text.status).toBe(415);
    const pdf = await upload(staff, `${P(brand.slug)}/images`, [{ name: 'image', filename: 'doc.pdf', type: 'application/pdf', bytes: fixtures.pdf() }]);
    expect(pdf.status).toBe(415);
    const none = await upload(staff, `${P(brand.slug)}/images`, [{ name: 'caption', value: 'x' }]);
    expect([none.status, none.body.field]).toEqual([422, 'caption']);
    const empty = await upload(staff, `${P(brand.slug)}/images`, []);
    expect([empty.status, empty.body.field]).toEqual([422, 'image']);
    expect((await staff.fetch(`${P(brand.slug)}/images`, { method: 'POST', body: { image: 'x' } })).status).toBe(415);
    // An image of another brand cannot be named by a product.
    const { brand: b2, staff: s2 } = await staffOf('owner');
    const theirs = (await upload(s2, `${P(b2.slug)}/images`, [{ name: 'image', filename: 'a.png', type: 'image/png', bytes: fixtures.png() }])).body;
    const steal = await newProduct(staff, brand.slug, { images: [theirs.url] });
    expect([steal.status, steal.body.field]).toEqual([422, 'images']);
    expect((await staff.fetch(`${P(brand.slug)}/images/${theirs.id}`)).status).toBe(404);
  });
});

describe('batches', () => {
  it('creates a batch and lists it with its product; a duplicate number is 409', async () => {
    const { brand, staff } = await staffOf('manager');
    const { product, batch } = await productAndBatch(staff, brand.slug);
    expect(batch).toMatchObject({ batchNumber: 'B-1', productId: product.id, productName: 'Face serum', mfgDate: '2026-01-01', expiryDate: '2028-01-01', markets: ['IN'], codes: 0 });
    const list = await staff.fetch(`${P(brand.slug)}/batches?productId=${product.id}`);
    expect(list.body.batches.map((b: { id: string }) => b.id)).toEqual([batch.id]);
    const again = await staff.fetch(`${P(brand.slug)}/batches`, { method: 'POST', body: { productId: product.id, batchNumber: 'b-1' } });
    expect([again.status, again.body.field]).toEqual([409, 'batchNumber']);
  });

  it('refuses bad dates, bad markets and another brand\'s product', async () => {
    const { brand, staff } = await staffOf('owner');
    const product = (await newProduct(staff, brand.slug)).body;
    const post = (body: Record<string, unknown>) => staff.fetch(`${P(brand.slug)}/batches`, { method: 'POST', body: { productId: product.id, batchNumber: 'B2', ...body } });
    for (const [body, field] of [
      [{ mfgDate: '2026-02-30' }, 'mfgDate'],
      [{ expiryDate: 'tomorrow' }, 'expiryDate'],
      [{ mfgDate: '2026-05-01', expiryDate: '2026-04-30' }, 'expiryDate'],
      [{ markets: ['India'] }, 'markets.0'],
      [{ batchNumber: '' }, 'batchNumber'],
    ] as const) {
      const res = await post(body);
      expect([res.status, res.body.field]).toEqual([422, field]);
    }
    const { brand: other, staff: otherStaff } = await staffOf('owner');
    const foreign = await otherStaff.fetch(`${P(other.slug)}/batches`, { method: 'POST', body: { productId: product.id, batchNumber: 'B3' } });
    expect([foreign.status, foreign.body.field]).toEqual([422, 'productId']);
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    expect((await analyst.fetch(`${P(brand.slug)}/batches`, { method: 'POST', body: { productId: product.id, batchNumber: 'B4' } })).status).toBe(403);
  });
});

describe("a batch's page", () => {
  it('answers one batch with its code count, the codes of each level and its serials, to every reader; another brand 404', async () => {
    const { brand, staff } = await staffOf('manager');
    const { product, batch } = await productAndBatch(staff, brand.slug);
    const empty = await staff.fetch(`${P(brand.slug)}/batches/${batch.id}`);
    expect([empty.status, empty.body.levels, empty.body.serials]).toEqual([200, [], { units: 0, first: '', last: '', ownSerials: 0 }]);
    expect(empty.body.batch).toMatchObject({ id: batch.id, batchNumber: 'B-1', productId: product.id, productName: 'Face serum', codes: 0, markets: ['IN'] });
    const started = await staff.fetch(`${P(brand.slug)}/batches/${batch.id}/code-runs`, { method: 'POST', body: { count: 3 } });
    expect(started.status).toBe(201);
    await codeRunsSettled();
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    const full = await analyst.fetch(`${P(brand.slug)}/batches/${batch.id}`);
    expect([full.status, full.body.batch.codes, full.body.levels]).toEqual([200, 6, [{ level: 6, codes: 3 }, { level: 7, codes: 3 }]]);
    expect(full.body.serials).toMatchObject({ units: 3, ownSerials: 0 });
    expect((await staff.fetch(`${P(brand.slug)}/batches/bat_nothing`)).status).toBe(404);
    const { staff: stranger, brand: theirs } = await staffOf('owner');
    expect((await stranger.fetch(`${P(brand.slug)}/batches/${batch.id}`)).status).toBe(404);
    // Nor by its id through the stranger's own brand: the same 404 as an id that does not exist.
    const byId = await stranger.fetch(`${P(theirs.slug)}/batches/${batch.id}`);
    expect([byId.status, byId.body]).toEqual([404, (await stranger.fetch(`${P(theirs.slug)}/batches/bt_nothing`)).body]);
  });
});

describe('code runs and downloads', () => {
  it('starts a run in the background and reports its progress until done; the CSV has a row per code', async () => {
    const { brand, staff } = await staffOf('manager');
    const { batch } = await productAndBatch(staff, brand.slug);
    const units = 2500; // 5,000 codes: several chunks, each a progress step
    const started = await staff.fetch(`${P(brand.slug)}/batches/${batch.id}/code-runs`, { method: 'POST', body: { count: units } });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ status: 'queued', done: 0, total: units * 2, count: units, batchNumber: 'B-1', actor: staff.email });
    // Poll as the page does, recording every state seen, until the run is over.
    const seen: Array<{ status: string; done: number }> = [];
    for (;;) {
      const r = await staff.fetch(`${P(brand.slug)}/code-runs/${started.body.id}`);
      expect(r.status).toBe(200);
      seen.push({ status: r.body.status, done: r.body.done });
      if (r.body.status === 'done' || r.body.status === 'failed') break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await codeRunsSettled();
    expect(seen.at(-1)).toEqual({ status: 'done', done: units * 2 });
    // Progress never goes back.
    expect(seen.map((s) => s.done)).toEqual([...seen.map((s) => s.done)].sort((a, b) => a - b));
    const runs = await staff.fetch(`${P(brand.slug)}/batches/${batch.id}/code-runs`);
    expect(runs.body.runs.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([[started.body.id, 'done']]);
    // The runs come with the batch's code count, which the batch page shows as a run ends.
    expect(runs.body.batchCodes).toBe(units * 2);
    const csv = await staff.fetch(`${P(brand.slug)}/batches/${batch.id}/codes.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('attachment; filename="codes-B-1.csv"');
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('qrId,level,kind,state,batch,unit,authCode,parentQrId,url');
    expect(lines).toHaveLength(1 + units * 2);
    expect((await staff.fetch(`${P(brand.slug)}/batches`)).body.batches[0].codes).toBe(units * 2);
    const audit = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'codes.generate')));
    expect(audit).toHaveLength(1);
  });

  it("answers a batch's runs with its code count or, asked so, without it, to every reader of the catalogue; other roles 403, another brand's staff 404", async () => {
    const { brand, staff } = await staffOf('manager');
    const { batch } = await productAndBatch(staff, brand.slug);
    const started = await staff.fetch(`${P(brand.slug)}/batches/${batch.id}/code-runs`, { method: 'POST', body: { count: 3 } });
    expect(started.status).toBe(201);
    await codeRunsSettled();
    const path = `${P(brand.slug)}/batches/${batch.id}/code-runs`;
    for (const role of ['owner', 'manager', 'support', 'analyst'] as const) {
      const who = role === 'manager' ? staff : await signedInStaff(server, { clientId: brand.id, role });
      const withCount = await who.fetch(path);
      expect([role, withCount.status, withCount.body.runs.map((r: { id: string; status: string }) => [r.id, r.status]), withCount.body.batchCodes]).toEqual([role, 200, [[started.body.id, 'done']], 6]);
      expect((await who.fetch(`${path}?batchCodes=with`)).body).toEqual(withCount.body);
      const without = await who.fetch(`${path}?batchCodes=without`);
      expect([role, without.status, without.body]).toEqual([role, 200, { runs: withCount.body.runs }]);
    }
    for (const [q, field] of [['batchCodes=yes', 'batchCodes'], ['batchCodes=', 'batchCodes'], ['page=2', 'page']] as const) {
      const res = await staff.fetch(`${path}?${q}`);
      expect([q, res.status, res.body.field]).toEqual([q, 422, field]);
    }
    const finance = await signedInStaff(server, { clientId: brand.id, role: 'finance' });
    expect((await finance.fetch(`${path}?batchCodes=without`)).status).toBe(403);
    expect((await call(server, consoleHost(), 'GET', `${path}?batchCodes=without`)).status).toBe(401);
    expect((await staff.fetch(`${P(brand.slug)}/batches/bt_nothing/code-runs?batchCodes=without`)).status).toBe(404);
    // Another brand's staff: 404 at this brand, and by the batch's id through their own brand the
    // same 404 as a batch that does not exist, with the count or without.
    const { staff: stranger, brand: theirs } = await staffOf('owner');
    for (const q of ['', '?batchCodes=without']) {
      expect([q, (await stranger.fetch(`${path}${q}`)).status]).toEqual([q, 404]);
      const byId = await stranger.fetch(`${P(theirs.slug)}/batches/${batch.id}/code-runs${q}`);
      expect([q, byId.status, byId.body]).toEqual([q, 404, (await stranger.fetch(`${P(theirs.slug)}/batches/bt_nothing/code-runs${q}`)).body]);
    }
  });

  it('downloads the print-ready PDF; refuses bad counts and bad levels; other roles and brands are refused', async () => {
    const { brand, staff } = await staffOf('owner');
    const { batch } = await productAndBatch(staff, brand.slug);
    await staff.fetch(`${P(brand.slug)}/batches/${batch.id}/code-runs`, { method: 'POST', body: { count: 3, caseSize: 2 } });
    await codeRunsSettled();
    const pdf = await staff.fetch(`${P(brand.slug)}/batches/${batch.id}/codes.pdf?levels=6`);
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    expect((await staff.fetch(`${P(brand.slug)}/batches/${batch.id}/codes.pdf?levels=5`)).status).toBe(422);
    for (const [body, field] of [
      [{ count: 0 }, 'count'],
      [{ count: 100_001 }, 'count'],
      [{ count: 10, palletSize: 2 }, 'palletSize'],
      [{ count: 10, batchLevel: true, caseSize: 5 }, 'caseSize'],
    ] as const) {
      const res = await staff.fetch(`${P(brand.slug)}/batches/${batch.id}/code-runs`, { method: 'POST', body });
      expect([res.status, res.body.field]).toEqual([422, field]);
    }
    expect((await staff.fetch(`${P(brand.slug)}/batches/ba_missing/code-runs`, { method: 'POST', body: { count: 1 } })).status).toBe(404);
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    expect((await analyst.fetch(`${P(brand.slug)}/batches/${batch.id}/code-runs`, { method: 'POST', body: { count: 1 } })).status).toBe(403);
    expect((await analyst.fetch(`${P(brand.slug)}/batches/${batch.id}/codes.csv`)).status).toBe(403); // the downloads carry the codes' secrets: the roles that print only
    const { staff: stranger } = await staffOf('owner');
    expect((await stranger.fetch(`${P(brand.slug)}/batches/${batch.id}/codes.csv`)).status).toBe(404);
    const own = (await createTestBrand()).slug;
    const strangerOwn = await signedInStaff(server, { brandSlug: own, role: 'owner' });
    expect((await strangerOwn.fetch(`${P(own)}/batches/${batch.id}/codes.csv`)).status).toBe(404);
    expect((await strangerOwn.fetch(`${P(own)}/batches/${batch.id}/code-runs`, { method: 'POST', body: { count: 1 } })).status).toBe(404);
  });

  it('prints the units of a batch larger than one PDF: the limit counts the chosen levels, not the whole batch', async () => {
    const { brand, staff } = await staffOf('manager');
    const { batch } = await productAndBatch(staff, brand.slug);
    // 5,000 units (overt and covert), 250 cases of 20, 25 pallets of 10 cases: 10,275 codes.
    const run = await staff.fetch(`${P(brand.slug)}/batches/${batch.id}/code-runs`, { method: 'POST', body: { count: 5000, caseSize: 20, palletSize: 10 } });
    expect(run.status).toBe(201);
    await codeRunsSettled();
    expect((await staff.fetch(`${P(brand.slug)}/batches`)).body.batches[0].codes).toBe(10_275);
    const all = await staff.fetch(`${P(brand.slug)}/batches/${batch.id}/codes.pdf`);
    expect([all.status, all.body.field]).toEqual([422, undefined]);
    expect(all.body.errorMessage).toMatch(/at most 10000 codes/);
    const packs = await staff.fetch(`${P(brand.slug)}/batches/${batch.id}/codes.pdf?levels=8,9`);
    expect([packs.status, packs.headers['content-type']]).toEqual([200, 'application/pdf']);
    // 275 codes at 20 a page: 14 pages.
    expect(packs.text.match(/\/Type \/Page\b/g)).toHaveLength(14);
    // The overt codes alone (the levels=6) are chosen within the limit; rendering 5,000 QR codes is left out for the suite's time.
    expect(await printableCodes(brand.slug, 'B-1', [6])).toHaveLength(5000);
  });
});

describe('legal documents', () => {
  it('publishes Markdown and PDF versions and lists them with acknowledgement counts', async () => {
    const { brand, staff } = await staffOf('manager');
    const md = await upload(staff, `${L(brand.slug)}/documents`, [
      { name: 'documentType', value: 'Terms & Conditions' },
      { name: 'markdown', value: '# Terms\n\nBe kind.' },
    ]);
    expect(md.status).toBe(201);
    expect(md.body).toMatchObject({ documentType: 'Terms & Conditions', version: 1, format: 'markdown' });
    const pdf = await upload(staff, `${L(brand.slug)}/documents`, [
      { name: 'documentType', value: 'Terms & Conditions' },
      { name: 'file', filename: 'terms.pdf', type: 'application/pdf', bytes: fixtures.pdf() },
    ]);
    expect(pdf.body).toMatchObject({ version: 2, format: 'pdf' });
    const list = await staff.fetch(`${L(brand.slug)}/documents`);
    const terms = list.body.types.find((t: { documentType: string }) => t.documentType === 'Terms & Conditions');
    expect(terms.versions.map((v: { version: number; acknowledgements: number; current: boolean }) => [v.version, v.acknowledgements, v.current])).toEqual([
      [2, 0, true],
      [1, 0, false],
    ]);
    const shown = await staff.fetch(`${L(brand.slug)}/documents/${md.body.documentId}`);
    expect([shown.status, shown.text]).toEqual([200, '# Terms\n\nBe kind.']);
    const shownPdf = await staff.fetch(`${L(brand.slug)}/documents/${pdf.body.documentId}`);
    expect(shownPdf.headers['content-type']).toBe('application/pdf');
    const audit = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'legal.publish')));
    expect(audit).toHaveLength(2);
  });

  it('refuses a bad type, empty text, a fake PDF and both at once; analysts read only; other brands 404', async () => {
    const { brand, staff } = await staffOf('owner');
    const post = (parts: Part[]) => upload(staff, `${L(brand.slug)}/documents`, parts);
    const cases: Array<[Part[], number, string]> = [
      [[{ name: 'documentType', value: 'Shipping Policy' }, { name: 'markdown', value: '# x' }], 422, 'documentType'],
      [[{ name: 'documentType', value: 'Privacy Policy' }, { name: 'markdown', value: '   ' }], 422, 'markdown'],
      [[{ name: 'documentType', value: 'Privacy Policy' }, { name: 'file', filename: 'p.pdf', type: 'application/pdf', bytes: fixtures.text() }], 422, 'file'],
      [[{ name: 'documentType', value: 'Privacy Policy' }, { name: 'markdown', value: '# x' }, { name: 'file', filename: 'p.pdf', type: 'application/pdf', bytes: fixtures.pdf() }], 422, 'file'],
    ];
    for (const [parts, status, field] of cases) {
      const res = await post(parts);
      expect([res.status, res.body.field]).toEqual([status, field]);
    }
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    expect((await analyst.fetch(`${L(brand.slug)}/documents`)).status).toBe(200);
    expect((await upload(analyst, `${L(brand.slug)}/documents`, [{ name: 'documentType', value: 'Privacy Policy' }, { name: 'markdown', value: '# x' }])).status).toBe(403);
    const { staff: stranger } = await staffOf('owner');
    expect((await stranger.fetch(`${L(brand.slug)}/documents`)).status).toBe(404);
    expect((await staff.fetch(`${L(brand.slug)}/documents/doc_nothing`)).status).toBe(404);
  });
  it("answers a version's facts and its Markdown text as JSON when JSON is asked first (the version's console page reads that), the file otherwise", async () => {
    const { brand, staff } = await staffOf('owner');
    const md = await upload(staff, `${L(brand.slug)}/documents`, [
      { name: 'documentType', value: 'Privacy Policy' },
      { name: 'markdown', value: '# Privacy\n\nNothing sold.' },
    ]);
    const pdf = await upload(staff, `${L(brand.slug)}/documents`, [
      { name: 'documentType', value: 'Cookie Policy' },
      { name: 'file', filename: 'cookies.pdf', type: 'application/pdf', bytes: fixtures.pdf() },
    ]);
    const json = { accept: 'application/json' };
    const shown = await staff.fetch(`${L(brand.slug)}/documents/${md.body.documentId}`, { headers: json });
    expect([shown.status, shown.body]).toEqual([
      200,
      { documentId: md.body.documentId, documentType: 'Privacy Policy', version: 1, format: 'markdown', publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), content: '# Privacy\n\nNothing sold.' },
    ]);
    const shownPdf = await staff.fetch(`${L(brand.slug)}/documents/${pdf.body.documentId}`, { headers: json });
    expect([shownPdf.status, shownPdf.body.format, shownPdf.body.content]).toEqual([200, 'pdf', null]);
    // JSON only when asked first: a browser's list of types still gets the file.
    const file = await staff.fetch(`${L(brand.slug)}/documents/${md.body.documentId}`, { headers: { accept: 'text/html,application/json;q=0.9' } });
    expect([file.status, file.text]).toEqual([200, '# Privacy\n\nNothing sold.']);
    const { staff: stranger } = await staffOf('owner');
    expect((await stranger.fetch(`${L(brand.slug)}/documents/${md.body.documentId}`, { headers: json })).status).toBe(404);
  });
});

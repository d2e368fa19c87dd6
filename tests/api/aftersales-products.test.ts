import { createTestBrand, apiServerForFile } from '../support/api-server';
import { as, claimedUnit, countRows, createProductWithUnit, fixtures, postForm, signedInCustomer, type Part, type TestCustomer } from '../support/aftersales';
import { files, feedback, warranties } from '@/lib/db/schema';

// My products, warranty registration with an invoice, file downloads and feedback, over HTTP.

const server = apiServerForFile();

const FLAGS = { isWarrantyEnabled: true, isTrackingEnabled: true };

const register = (host: string, who: TestCustomer, unitId: string, purchaseDate: string, invoice?: { filename: string; type: string; bytes: Buffer }) => {
  const parts: Part[] = [
    { name: 'unitId', value: unitId },
    { name: 'purchaseDate', value: purchaseDate },
  ];
  if (invoice) parts.push({ name: 'invoice', ...invoice });
  return postForm(server, host, who, '/api/customer/warranties', parts);
};
const pdfInvoice = () => ({ filename: 'invoice.pdf', type: 'application/pdf', bytes: fixtures.pdf() });

describe('my products', () => {
  it('lists claimed units with product, batch and expiry, and shows one with tracking and journey', async () => {
    const brand = await createTestBrand({ flags: FLAGS });
    const alice = await signedInCustomer(brand.id);
    const fresh = await claimedUnit(brand.id, alice.customerId, { name: 'Kettle', expiryDate: '2099-01-01' });
    const old = await claimedUnit(brand.id, alice.customerId, { name: 'Serum', expiryDate: '2020-01-01', mfgDate: null });
    await createProductWithUnit(brand.id); // not claimed: not listed
    const api = as(server, brand.domain, alice);
    const list = await api('GET', '/api/customer/my-products');
    expect(list.status).toBe(200);
    expect(list.body.products.map((p: { unitId: string }) => p.unitId).sort()).toEqual([fresh.unitId, old.unitId].sort());
    const serum = list.body.products.find((p: { unitId: string }) => p.unitId === old.unitId);
    expect(serum).toMatchObject({ product: { name: 'Serum' }, batch: { mfgDate: 'Not Available', expiryDate: '2020-01-01' }, expiry: { isExpired: true }, warranty: null });
    expect(serum.expiry.daysLeft).toBeLessThan(0);
    const one = await api('GET', `/api/customer/my-products/${fresh.unitId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ unitId: fresh.unitId, expiry: { isExpired: false }, tracking: { enabled: true, events: [] }, journey: { available: false, completed: false } });
  });

  it('answers 404 for an unclaimed unit, another customer\'s and another brand\'s', async () => {
    const brand = await createTestBrand({ flags: FLAGS });
    const alice = await signedInCustomer(brand.id);
    const bob = await signedInCustomer(brand.id);
    const unit = await claimedUnit(brand.id, alice.customerId);
    const loose = await createProductWithUnit(brand.id);
    const other = await createTestBrand({ flags: FLAGS });
    const eve = await signedInCustomer(other.id);
    expect((await as(server, brand.domain, alice)('GET', `/api/customer/my-products/${loose.unitId}`)).status).toBe(404);
    expect((await as(server, brand.domain, bob)('GET', `/api/customer/my-products/${unit.unitId}`)).status).toBe(404);
    expect((await as(server, other.domain, eve)('GET', `/api/customer/my-products/${unit.unitId}`)).status).toBe(404);
    expect((await as(server, brand.domain, bob)('GET', '/api/customer/my-products')).body.products).toEqual([]);
  });

  it('needs a signed-in customer', async () => {
    const brand = await createTestBrand({ flags: FLAGS });
    expect((await as(server, brand.domain, { token: '' })('GET', '/api/customer/my-products')).status).toBe(401);
  });
});

describe('warranty', () => {
  it('registers a warranty with an invoice, computing the period from the product, and serves the invoice safely', async () => {
    const brand = await createTestBrand({ flags: FLAGS });
    const alice = await signedInCustomer(brand.id);
    const unit = await claimedUnit(brand.id, alice.customerId, { warrantyMonths: 12 });
    const res = await register(brand.domain, alice, unit.unitId, '2025-01-31', pdfInvoice());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ unitId: unit.unitId, warrantyMonths: 12, purchaseDate: '2025-01-31', startsOn: '2025-01-31', endsOn: '2026-01-30', invoice: { name: 'invoice.pdf', mediaType: 'pdf' } });
    expect(['ACTIVE', 'EXPIRED']).toContain(res.body.status);
    const api = as(server, brand.domain, alice);
    expect((await api('GET', `/api/customer/warranties/${unit.unitId}`)).body.warrantyId).toBe(res.body.warrantyId);
    expect((await api('GET', '/api/customer/warranties')).body.warranties).toHaveLength(1);
    expect((await api('GET', `/api/customer/my-products/${unit.unitId}`)).body.warranty).toEqual({ status: res.body.status, endsOn: '2026-01-30' });

    const file = await api('GET', res.body.invoice.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`);
    expect(file.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(file.text.startsWith('%PDF-')).toBe(true);
    const inline = await api('GET', `${res.body.invoice.url}?disposition=inline`);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);

    const twice = await register(brand.domain, alice, unit.unitId, '2025-01-31', pdfInvoice());
    expect(twice.status).toBe(409);
    expect(await countRows(warranties, brand.id)).toBe(1);
    expect(await countRows(files, brand.id)).toBe(1);
  });

  it('refuses a warranty on an unclaimed unit or another customer\'s, storing nothing', async () => {
    const brand = await createTestBrand({ flags: FLAGS });
    const alice = await signedInCustomer(brand.id);
    const bob = await signedInCustomer(brand.id);
    const unit = await claimedUnit(brand.id, alice.customerId);
    const loose = await createProductWithUnit(brand.id);
    expect((await register(brand.domain, alice, loose.unitId, '2025-01-31', pdfInvoice())).status).toBe(404);
    expect((await register(brand.domain, bob, unit.unitId, '2025-01-31', pdfInvoice())).status).toBe(404);
    const other = await createTestBrand({ flags: FLAGS });
    expect((await register(other.domain, await signedInCustomer(other.id), unit.unitId, '2025-01-31', pdfInvoice())).status).toBe(404);
    expect(await countRows(warranties, brand.id)).toBe(0);
    expect(await countRows(files, brand.id)).toBe(0);
  });

  it.each([
    ['2025-02-30', 'purchaseDate', 422],
    ['31/01/2025', 'purchaseDate', 422],
    ['2999-01-01', 'purchaseDate: must not be in the future', 422],
    ['2023-06-01', 'purchaseDate: must not be before the manufacturing date', 422],
  ])('refuses the purchase date %s, naming the field, and stores nothing', async (date, message, status) => {
    const brand = await createTestBrand({ flags: FLAGS });
    const alice = await signedInCustomer(brand.id);
    const unit = await claimedUnit(brand.id, alice.customerId, { mfgDate: '2024-01-01' });
    const res = await register(brand.domain, alice, unit.unitId, date, pdfInvoice());
    expect(res.status).toBe(status);
    expect(res.body.errorMessage).toContain(message);
    expect(res.body.field).toBe('purchaseDate');
    expect(await countRows(warranties, brand.id)).toBe(0);
    expect(await countRows(files, brand.id)).toBe(0);
  });

  it.each([
    ['no invoice', undefined, 422, /^invoice: attach/],
    ['an SVG', { filename: 'invoice.svg', type: 'image/svg+xml', bytes: fixtures.svg() }, 415, /^invoice: SVG files are not accepted/],
    ['an HTML file', { filename: 'invoice.html', type: 'text/html', bytes: fixtures.html() }, 415, /^invoice: HTML files are not accepted/],
    ['an empty file', { filename: 'invoice.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) }, 422, /^invoice: the file is empty/],
    ['text named .pdf', { filename: 'invoice.pdf', type: 'application/pdf', bytes: fixtures.text() }, 415, /^invoice: the file's content is not an image/],
    ['PNG bytes named .pdf', { filename: 'invoice.pdf', type: 'application/pdf', bytes: fixtures.png() }, 415, /does not match its type/],
    ['a video', { filename: 'clip.mp4', type: 'video/mp4', bytes: fixtures.mp4() }, 415, /^invoice: the file's content is not/],
    ['a path-like name', { filename: '../../etc/passwd', type: 'application/pdf', bytes: fixtures.pdf() }, 422, /^invoice: the file name must not contain a folder path/],
    ['an oversized PDF', { filename: 'invoice.pdf', type: 'application/pdf', bytes: fixtures.pdf(10 * 1024 * 1024 + 1) }, 413, /^invoice: pdf files must be at most 10 MB/],
  ])('refuses %s as the invoice with a clear 4xx, storing nothing', async (_what, invoice, status, message) => {
    const brand = await createTestBrand({ flags: FLAGS });
    const alice = await signedInCustomer(brand.id);
    const unit = await claimedUnit(brand.id, alice.customerId);
    const res = await register(brand.domain, alice, unit.unitId, '2025-01-31', invoice);
    expect(res.status).toBe(status);
    expect(res.body.errorMessage).toMatch(message);
    expect(res.body.field).toBe('invoice');
    expect(await countRows(warranties, brand.id)).toBe(0);
    expect(await countRows(files, brand.id)).toBe(0);
  });

  it('refuses everything when the brand has warranty off', async () => {
    const brand = await createTestBrand({ flags: { isWarrantyEnabled: false } });
    const alice = await signedInCustomer(brand.id);
    const unit = await claimedUnit(brand.id, alice.customerId);
    const res = await register(brand.domain, alice, unit.unitId, '2025-01-31', pdfInvoice());
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe(`This service is not offered by Brand ${brand.slug}.`);
    expect((await as(server, brand.domain, alice)('GET', '/api/customer/warranties')).status).toBe(403);
    expect(await countRows(files, brand.id)).toBe(0);
  });

  it('hides a warranty and its invoice from another customer and another brand', async () => {
    const brand = await createTestBrand({ flags: FLAGS });
    const alice = await signedInCustomer(brand.id);
    const unit = await claimedUnit(brand.id, alice.customerId);
    const w = (await register(brand.domain, alice, unit.unitId, '2025-01-31', pdfInvoice())).body;
    const other = await createTestBrand({ flags: FLAGS });
    for (const [host, who] of [
      [brand.domain, await signedInCustomer(brand.id)],
      [other.domain, await signedInCustomer(other.id)],
    ] as const) {
      const api = as(server, host, who);
      expect((await api('GET', `/api/customer/warranties/${unit.unitId}`)).status).toBe(404);
      expect((await api('GET', w.invoice.url)).status).toBe(404);
      expect((await api('GET', '/api/customer/warranties')).body.warranties).toEqual([]);
    }
  });
});

describe('POST /api/customer/feedback', () => {
  it('records a rating and a comment', async () => {
    const brand = await createTestBrand();
    const alice = await signedInCustomer(brand.id);
    const res = await as(server, brand.domain, alice)('POST', '/api/customer/feedback', { body: { rating: 5, comment: 'Great' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rating: 5, comment: 'Great', unitId: null });
  });

  it.each([
    ['a rating of 6', { rating: 6 }, 'rating'],
    ['a rating of 0', { rating: 0 }, 'rating'],
    ['a rating of 4.5', { rating: 4.5 }, 'rating'],
    ['a comment over 1000 characters', { rating: 3, comment: 'x'.repeat(1001) }, 'comment'],
    ['an unknown field', { rating: 3, extra: 1 }, 'extra'],
  ])('refuses %s naming the field, and records nothing', async (_what, body, field) => {
    const brand = await createTestBrand();
    const alice = await signedInCustomer(brand.id);
    const res = await as(server, brand.domain, alice)('POST', '/api/customer/feedback', { body });
    expect(res.status).toBe(422);
    expect(res.body.errorMessage).toContain(field);
    expect(await countRows(feedback, brand.id)).toBe(0);
  });

  it('answers 404 for feedback on another customer\'s unit, recording nothing', async () => {
    const brand = await createTestBrand();
    const alice = await signedInCustomer(brand.id);
    const unit = await claimedUnit(brand.id, alice.customerId);
    const bob = await signedInCustomer(brand.id);
    expect((await as(server, brand.domain, bob)('POST', '/api/customer/feedback', { body: { rating: 1, unitId: unit.unitId } })).status).toBe(404);
    expect(await countRows(feedback, brand.id)).toBe(0);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import digitalLink from 'digital-link.js';
import { call, apiServerForFile } from '../support/api-server';
import { createTestBatch } from '../support/codes';
import { createBrand } from '@/lib/operator/brands';
import { randomId } from '@/lib/ids';
import { listCodes } from '@/lib/operator/catalog-codes';
import { codesCsv, exportPdf } from '@/lib/operator/catalog-export';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { createProduct, createProductArgs } from '@/lib/operator/catalog';
import { setGtin, setGtinArgs, setLot, setLotArgs, setSerial, setSerialArgs } from '@/lib/operator/gs1';
import { gs1Answer, type Gs1Request } from '@/lib/edge/gs1-answer';
import type { ClientConfigPatch } from '@/lib/schemas/client-config';
import { signedInStaff } from '../support/console';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';

// The GS1 resolver (docs/gs1.md): the Brand API's data endpoints, and the resolver's HTTP answers
// built from them at the edge (lib/edge/gs1-answer.ts, asking this test's server over HTTP as
// middleware asks its own). The checks of GS1's resolver conformance suite run again over the
// production build in tests/e2e/gs1-resolver.spec.ts.

const server = apiServerForFile();
jest.setTimeout(30_000);

const GTIN = '09506000134352';
const GTIN13 = '9506000134352';
const linksetSchema = JSON.parse(readFileSync(path.join(__dirname, '../fixtures/gs1-linkset-schema.json'), 'utf8'));
const validLinkset = new Ajv({ allErrors: true }).compile(linksetSchema);
const { DigitalLink } = digitalLink;


/** A brand on a public-looking domain (https links), with GS1 as asked, a product with the GTIN and a batch of units. */
async function setup(gs1: ClientConfigPatch['gs1'] = { enabled: true }, flags: ClientConfigPatch['flags'] = {}) {
  const tag = randomId('g', 10).toLowerCase().replace('_', '-');
  const domain = `${tag}.example.com`;
  const brand = { ...(await createBrand({ slug: tag, name: `Brand ${tag}`, domains: [domain], config: { gs1, flags } })), domain };
  const batch = await createTestBatch(brand, { units: 2 });
  const codes = await listCodes({ slug: brand.slug, batch: batch.batchNumber, limit: 10 });
  const productId = (await import('@/lib/operator/catalog').then((m) => m.listProducts({ slug: brand.slug })))[0]!.id;
  await setGtin(setGtinArgs.parse({ slug: brand.slug, product: productId, gtin: GTIN13 }));
  const origin = `https://${domain}`;
  const resolve = (pathname: string, init: { method?: string; query?: string; accept?: string } = {}) => {
    const req: Gs1Request = {
      method: init.method ?? 'GET',
      origin,
      pathname,
      searchParams: new URLSearchParams(init.query ?? ''),
      accept: init.accept ?? 'text/html',
    };
    return gs1Answer(req, domain, `http://127.0.0.1:${server.port}`);
  };
  return { brand, batch, codes, productId, origin, resolve };
}

const unitPath = (batchNumber: string, serial: string) => `/01/${GTIN}/10/${batchNumber}/21/${serial}`;

describe('GS1 keys on the catalogue', () => {
  it('stores a GTIN of 8, 12, 13 or 14 digits as 14, and refuses a bad one naming gtin (422) or a taken one (409)', async () => {
    const { brand, productId } = await setup();
    const other = await createProduct(createProductArgs.parse({ slug: brand.slug, name: 'Other' }));
    await expect(setGtin(setGtinArgs.parse({ slug: brand.slug, product: other.id, gtin: '95060001343' }))).rejects.toMatchObject({ code: 'unprocessable', field: 'gtin' });
    await expect(setGtin(setGtinArgs.parse({ slug: brand.slug, product: other.id, gtin: '09506000134353' }))).rejects.toMatchObject({ code: 'unprocessable', field: 'gtin', message: 'gtin: has a wrong check digit' });
    await expect(setGtin(setGtinArgs.parse({ slug: brand.slug, product: other.id, gtin: GTIN }))).rejects.toMatchObject({ code: 'conflict', field: 'gtin' });
    expect(await setGtin(setGtinArgs.parse({ slug: brand.slug, product: other.id, gtin: '96385074' }))).toEqual({ productId: other.id, gtin: '00000096385074' });
    expect(await setGtin(setGtinArgs.parse({ slug: brand.slug, product: productId, gtin: GTIN }))).toEqual({ productId, gtin: GTIN });
    // create-product checks the GTIN before making anything
    await expect(createProduct(createProductArgs.parse({ slug: brand.slug, name: 'Bad', gtin: '123' }))).rejects.toMatchObject({ field: 'gtin' });
    await expect(createProduct(createProductArgs.parse({ slug: brand.slug, name: 'Taken', gtin: GTIN }))).rejects.toMatchObject({ code: 'conflict', field: 'gtin' });
    const names = (await import('@/lib/operator/catalog').then((m) => m.listProducts({ slug: brand.slug }))).map((p) => p.name);
    expect(names).not.toContain('Bad');
    expect(names).not.toContain('Taken');
  });

  it('refuses a lot or serial outside GS1 character set 82 naming the field, and a serial another unit has', async () => {
    const { brand, batch } = await setup();
    await expect(setLot(setLotArgs.parse({ slug: brand.slug, batch: batch.batchNumber, lot: 'lot with space' }))).rejects.toMatchObject({ code: 'unprocessable', field: 'lot' });
    await expect(setLot(setLotArgs.parse({ slug: brand.slug, batch: batch.batchNumber, lot: 'L'.repeat(21) }))).rejects.toMatchObject({ field: 'lot' });
    await expect(setSerial(setSerialArgs.parse({ slug: brand.slug, qrId: batch.units[0]!.overt.qrId, serial: 'é1' }))).rejects.toMatchObject({ code: 'unprocessable', field: 'serial' });
    await setSerial(setSerialArgs.parse({ slug: brand.slug, qrId: batch.units[0]!.overt.qrId, serial: 'SN-0001' }));
    await expect(setSerial(setSerialArgs.parse({ slug: brand.slug, qrId: batch.units[1]!.covert.qrId, serial: 'SN-0001' }))).rejects.toMatchObject({ code: 'conflict', field: 'serial' });
  });
});

describe('GS1 keys from the console', () => {
  it('sets a GTIN, a lot and a serial over HTTP (422 naming the field, 409 when taken, readers refused), audited', async () => {
    const { brand, batch, productId, origin, resolve } = await setup();
    const manager = await signedInStaff(server, { clientId: brand.id, role: 'manager' });
    const base = `/api/console/brands/${brand.slug}/catalogue`;
    const put = (who: typeof manager, path: string, body: unknown) => who.fetch(`${base}${path}`, { method: 'PUT', body });
    const bad = await put(manager, `/products/${productId}/gtin`, { gtin: '09506000134353' });
    expect([bad.status, bad.body.field, bad.body.errorMessage]).toEqual([422, 'gtin', 'gtin: has a wrong check digit']);
    const other = await createProduct(createProductArgs.parse({ slug: brand.slug, name: 'Other', gtin: '96385074' }));
    expect((await put(manager, `/products/${other.id}/gtin`, { gtin: GTIN })).body).toMatchObject({ field: 'gtin', code: 'conflict' });
    expect((await put(manager, `/products/${productId}/gtin`, { gtin: GTIN13 })).body).toEqual({ productId, gtin: GTIN });
    expect((await manager.fetch(`${base}/products/${productId}`)).body.gtin).toBe(GTIN);

    const batchId = (await manager.fetch(`${base}/batches`)).body.batches.find((b: { batchNumber: string }) => b.batchNumber === batch.batchNumber).id;
    expect((await put(manager, `/batches/${batchId}/lot`, { lot: 'a b' })).body).toMatchObject({ field: 'lot' });
    expect((await put(manager, `/batches/${batchId}/lot`, { lot: 'LOT-9' })).body).toEqual({ batchId, lot: 'LOT-9' });
    expect((await manager.fetch(`${base}/batches`)).body.batches.find((b: { id: string }) => b.id === batchId).lot).toBe('LOT-9');
    const unit = batch.units[0]!;
    expect((await put(manager, `/units/${unit.covert.qrId}/serial`, { serial: 'x'.repeat(21) })).body).toMatchObject({ field: 'serial' });
    expect((await put(manager, `/units/${unit.covert.qrId}/serial`, { serial: 'SN1' })).body).toEqual({ qrId: unit.overt.qrId, serial: 'SN1' });
    expect((await resolve(`/01/${GTIN}/10/LOT-9/21/SN1`))!.headers.get('location')).toBe(`${origin}/info/verify/${unit.overt.qrId}`);

    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    expect((await put(analyst, `/products/${productId}/gtin`, { gtin: null })).status).toBe(403);
    const audit = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.clientId, brand.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['product.gtin', 'batch.lot', 'code.serial']));
  });
  it("answers a unit's GS1 serial with its code's page (the visible code's qrId until one is set), for either of its codes", async () => {
    const { brand, batch } = await setup();
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    const code = (qrId: string) => analyst.fetch(`/api/console/brands/${brand.slug}/codes/${qrId}`);
    const unit = batch.units[0]!;
    const before = await code(unit.covert.qrId);
    expect([before.status, before.body.unitSerial]).toEqual([200, { qrId: unit.overt.qrId, serial: null, effective: unit.overt.qrId }]);
    await setSerial(setSerialArgs.parse({ slug: brand.slug, qrId: unit.overt.qrId, serial: 'SN-42' }));
    expect((await code(unit.overt.qrId)).body.unitSerial).toEqual({ qrId: unit.overt.qrId, serial: 'SN-42', effective: 'SN-42' });
    expect((await code(batch.units[1]!.overt.qrId)).body.unitSerial).toEqual({ qrId: batch.units[1]!.overt.qrId, serial: null, effective: batch.units[1]!.overt.qrId });
  });
});

describe('the GS1 resolver', () => {
  it('leaves /01/… to the app (Page not Found!) for a brand with GS1 off, and its description file too', async () => {
    const { batch, codes, resolve } = await setup({ enabled: false });
    expect(await resolve(unitPath(batch.batchNumber, batch.units[0]!.overt.qrId))).toBeUndefined();
    expect(await resolve('/.well-known/gs1resolver')).toBeUndefined();
    expect(codes.every((c) => c.gs1Url === '')).toBe(true);
  });

  it('serves the resolver description file with CORS', async () => {
    const { origin, resolve } = await setup();
    const res = (await resolve('/.well-known/gs1resolver'))!;
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toMatchObject({ resolverRoot: origin, supportedPrimaryKeys: ['01'], supportedLinkType: [{ prefix: 'gs1:' }] });
  });

  it("sends a unit's URI to its verify page by a 307 nobody caches, with CORS, the Link to its linkset and the query passed on", async () => {
    const { batch, origin, resolve } = await setup();
    const unit = batch.units[0]!.overt;
    const p = unitPath(batch.batchNumber, unit.qrId);
    const res = (await resolve(p, { query: 'foo=bar' }))!;
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`${origin}/info/verify/${unit.qrId}?foo=bar`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('link')).toBe(`<${origin}${p}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`);
    // a trailing slash answers the same
    const slash = (await resolve(`${p}/`))!;
    expect([slash.status, slash.headers.get('location')]).toEqual([307, `${origin}/info/verify/${unit.qrId}`]);
    // HEAD: the same answer without a body; OPTIONS: the methods and the Link header
    const head = (await resolve(p, { method: 'HEAD' }))!;
    expect([head.status, head.headers.get('location'), await head.text()]).toEqual([307, `${origin}/info/verify/${unit.qrId}`, '']);
    const options = (await resolve(p, { method: 'OPTIONS' }))!;
    expect(options.status).toBe(204);
    expect(options.headers.get('access-control-allow-methods')).toContain('OPTIONS');
    expect(options.headers.get('link')).toContain('rel="linkset"');
  });

  it('follows the brand\'s printed overt route and an edited serial and lot', async () => {
    const { brand, batch, origin, resolve } = await setup();
    const { setBrandConfig } = await import('@/lib/operator/brands');
    await setBrandConfig({ slug: brand.slug, config: { verification: { printedOvertRoute: 'overt' } } });
    const unit = batch.units[1]!.overt;
    await setSerial(setSerialArgs.parse({ slug: brand.slug, qrId: unit.qrId, serial: 'SN/7' }));
    await setLot(setLotArgs.parse({ slug: brand.slug, batch: batch.batchNumber, lot: 'L2025-01' }));
    const res = (await resolve(`/01/${GTIN}/10/L2025-01/21/SN%2F7`))!;
    expect(res.headers.get('location')).toBe(`${origin}/overt/verify/${unit.qrId}`);
    // the old lot no longer names the batch: the serial with it is no unit of ours
    expect((await resolve(unitPath(batch.batchNumber, 'SN%2F7')))!.headers.get('location')).toMatch(/\/info\/verify\/[0-9a-f]{64}$/);
  });

  it('redirects each offered link type, 404 for a type the item has none of', async () => {
    const { batch, origin, resolve } = await setup({ enabled: true, recallStatusUrl: 'https://recalls.example.com/notice' }, { isWarrantyEnabled: true });
    const unit = batch.units[0]!.overt;
    const p = unitPath(batch.batchNumber, unit.qrId);
    const target = async (linkType: string) => {
      const res = (await resolve(p, { query: `linkType=${encodeURIComponent(linkType)}` }))!;
      return [res.status, res.headers.get('location')];
    };
    expect(await target('gs1:verificationService')).toEqual([307, `${origin}/info/verify/${unit.qrId}`]);
    expect(await target('https://gs1.org/voc/pip')).toEqual([307, `${origin}/product-details?qrId=${unit.qrId}`]);
    expect(await target('gs1:registerProduct')).toEqual([307, `${origin}/warranty`]);
    expect(await target('gs1:recallStatus')).toEqual([307, 'https://recalls.example.com/notice']);
    expect(await target('gs1:customerSupport')).toEqual([404, null]); // complaints are off for this brand
    const none = (await resolve(p, { query: 'linkType=gs1:nosuchlt' }))!;
    expect(none.status).toBe(404);
    expect(none.headers.get('link')).toContain('rel="linkset"');
  });

  it('answers the linkset (by linkType=linkset, the deprecated all, or Accept) without redirecting, valid against GS1\'s schema', async () => {
    const { batch, origin, resolve } = await setup({ enabled: true }, { isComplaintManagementEnabled: true });
    const unit = batch.units[0]!.overt;
    const p = unitPath(batch.batchNumber, unit.qrId);
    for (const init of [{ query: 'linkType=linkset' }, { query: 'linkType=all' }, { accept: 'application/linkset+json' }]) {
      const res = (await resolve(p, init))!;
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/linkset+json');
      expect(res.headers.get('link')).toContain('rel="http://www.w3.org/ns/json-ld#context"');
      const body = await res.json();
      expect(validLinkset(body)).toBe(true);
      // the unit, its lot and its product, most granular first, each with one default link
      expect(body.linkset.map((item: { anchor: string }) => item.anchor)).toEqual([`${origin}${p}`, `${origin}/01/${GTIN}/10/${batch.batchNumber}`, `${origin}/01/${GTIN}`]);
      for (const item of body.linkset) expect(item['https://ref.gs1.org/voc/defaultLink']).toHaveLength(1);
      expect(body.linkset[0]['https://ref.gs1.org/voc/verificationService'][0]).toEqual({
        href: `${origin}/info/verify/${unit.qrId}`,
        title: 'Verify this product',
        type: 'text/html',
        hreflang: ['en'],
      });
      expect(body.linkset[0]['https://ref.gs1.org/voc/customerSupport'][0].href).toBe(`${origin}/raise-complaint`);
    }
  });

  it('still reads a compressed URI: the same answer, naming its uncompressed URI (owl:sameAs); anything else that looks compressed is no page', async () => {
    const { batch, origin, resolve } = await setup();
    const unit = batch.units[0]!.overt;
    const full = `${origin}${unitPath(batch.batchNumber, unit.qrId)}`;
    const compressed = new URL(digitalLink.Utils.compressWebUri(full)).pathname;
    expect(compressed).toMatch(/^\/[A-Za-z0-9_-]+$/);
    const res = (await resolve(compressed))!;
    expect([res.status, res.headers.get('location')]).toEqual([307, `${origin}/info/verify/${unit.qrId}`]);
    expect(res.headers.get('link')).toContain(`<${full}>; rel="owl:sameAs"`);
    const linkset = await (await resolve(compressed, { query: 'linkType=linkset' }))!.json();
    expect(linkset.linkset[0].anchor).toBe(full);
    expect(await resolve('/NotACompressedLink')).toBeUndefined();
  });

  it('answers 400 for a malformed URI or a wrong check digit, never 200', async () => {
    const { batch, resolve } = await setup();
    const good = unitPath(batch.batchNumber, batch.units[0]!.overt.qrId);
    for (const bad of [`${good}/foo`, `/01/09506000134353`, `/01/abc`, `/01/${GTIN}/21/x/10/y`, `/01/${GTIN}/22/x`, `/01/${GTIN}/10/a%20b`, '/01']) {
      const res = (await resolve(bad))!;
      expect([bad, res.status]).toEqual([bad, 400]);
      expect((await res.json()).errorMessage).toEqual(expect.any(String));
    }
  });

  it('walks an unknown lot up to the product, and sends an unknown serial to a verify page whose verdict is Fake', async () => {
    const { brand, batch, origin, resolve } = await setup();
    const lotless = (await resolve(`/01/${GTIN}/10/NO-SUCH-LOT`))!;
    expect([lotless.status, lotless.headers.get('location')]).toEqual([307, `${origin}/info`]);
    const lot = (await resolve(`/01/${GTIN}/10/${batch.batchNumber}`))!;
    expect(lot.headers.get('location')).toBe(`${origin}/verify-by-batchnumber?batchNumber=${batch.batchNumber}`);
    // a GTIN of 13 digits reads as its 14-digit form
    expect((await resolve(`/01/${GTIN13}`))!.status).toBe(307);

    const fake = (await resolve(unitPath(batch.batchNumber, 'NOSUCHSERIAL')))!;
    const location = new URL(fake.headers.get('location')!);
    expect(location.pathname).toMatch(/^\/info\/verify\/[0-9a-f]{64}$/);
    const verdict = await call(server, brand.domain, 'GET', `/api/verify/info/${location.pathname.split('/').pop()}`);
    expect(verdict.body.result).toBe('Fake');
    // …and nothing that looks like a genuine product's page
    expect((await resolve(unitPath(batch.batchNumber, 'NOSUCHSERIAL'), { query: 'linkType=gs1:pip' }))!.status).toBe(404);
    const linkset = await (await resolve(unitPath(batch.batchNumber, 'NOSUCHSERIAL'), { query: 'linkType=linkset' }))!.json();
    expect(JSON.stringify(linkset)).not.toContain('Test Serum');
  });

  it('is the same unit as the qrId link: a check through the GS1 URI counts on the unit once, with the same verdict', async () => {
    const { brand, batch, resolve } = await setup();
    const unit = batch.units[0]!.overt;
    const viaGs1 = new URL((await resolve(unitPath(batch.batchNumber, unit.qrId)))!.headers.get('location')!);
    const first = await call(server, brand.domain, 'GET', `/api/verify/info/${viaGs1.pathname.split('/').pop()}`);
    const second = await call(server, brand.domain, 'GET', `/api/verify/info/${unit.qrId}`);
    expect(first.body.result).toBe(second.body.result);
    expect([first.body.verification.count, second.body.verification.count]).toEqual([1, 2]);
  });
});

describe('printed GS1 links', () => {
  it("lists and exports each unit's GS1 URI beside its qrId link, every one a valid Digital Link", async () => {
    const { brand, batch, origin } = await setup();
    const codes = await listCodes({ slug: brand.slug, batch: batch.batchNumber, limit: 10 });
    const overt = codes.filter((c) => c.kind === 'overt');
    expect(overt).toHaveLength(2);
    for (const c of overt) {
      expect(c.gs1Url).toBe(`${origin}/01/${GTIN}/10/${batch.batchNumber}/21/${c.qrId}`);
      expect(c.gs1Line).toBe(`(01) ${GTIN} (10) ${batch.batchNumber} (21) ${c.qrId}`);
      expect(DigitalLink(c.gs1Url).isValid()).toBe(true);
    }
    expect(codes.filter((c) => c.kind !== 'overt').every((c) => c.gs1Url === '')).toBe(true);
    const csv = await codesCsv(brand.slug, batch.batchNumber);
    expect(csv.split('\n')[0]).toBe('qrId,level,kind,state,batch,unit,authCode,parentQrId,url,gs1Url,gs1Line');
    expect(csv).toContain(overt[0]!.gs1Url);
    // a serial and lot with characters a path must escape stay valid
    await setSerial(setSerialArgs.parse({ slug: brand.slug, qrId: overt[0]!.qrId, serial: "A/B%C'1" }));
    const edited = (await listCodes({ slug: brand.slug, batch: batch.batchNumber, limit: 10 })).find((c) => c.qrId === overt[0]!.qrId)!;
    expect(edited.gs1Url).toBe(`${origin}/01/${GTIN}/10/${batch.batchNumber}/21/A%2FB%25C%271`);
    expect(DigitalLink(edited.gs1Url).isValid()).toBe(true);
  });

  it('prints the GS1 URI in the PDF when the brand chooses so, with one key a line under each code', async () => {
    const { brand, batch } = await setup({ enabled: true, printedLinks: 'gs1' });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gs1-pdf-'));
    const out = path.join(dir, 'codes.pdf');
    expect(await exportPdf({ slug: brand.slug, batch: batch.batchNumber, out, levels: [6, 7] })).toMatchObject({ codes: 4 });
    const lines = execFileSync('/usr/bin/pdftotext', ['-raw', out, '-'], { encoding: 'utf8' }).split('\n').map((l) => l.trim());
    expect(lines.filter((l) => l === `(01) ${GTIN}`)).toHaveLength(2); // the visible codes only
    expect(lines.filter((l) => l === `(10) ${batch.batchNumber}`)).toHaveLength(2);
    for (const u of batch.units) expect(lines).toContain(`(21) ${u.overt.qrId}`);
  });
});

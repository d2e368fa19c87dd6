import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { createPublicKey, verify } from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import digitalLink from 'digital-link.js';
import { decodePrintedCodes } from '../support/printed-codes';
import { createBrand, operator, PORT, tag, type Brand } from './support';

// The checks of GS1's resolver conformance test suite (gs1/GS1DL-resolver-testsuite, for the
// GS1-Conformant Resolver standard 1.2), made again against the production build: the description
// file, CORS and the three methods, the Link header to the linkset even when redirecting, 400 (and
// never 200) for a malformed URI, a trailing slash tolerated, an unknown qualifier walked up, the
// linkset by linkType=linkset, by Accept and by the deprecated linkType=all, valid and with one
// default link per item, the default link and each link type redirected to, the query string
// passed on, 404 for a link type there is none of. Then the printed PDF, decoded by zbar, opens
// the unit's verdict. docs/gs1.md.

const GTIN = '09506000134352';
const VOC = 'https://ref.gs1.org/voc/';
type Raw = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** A request with the brand's Host header (fetch cannot set it), redirects not followed. */
function raw(brand: Brand, method: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, method, path: pathAndQuery, agent: false, headers: { host: `${brand.domain}:${PORT}`, accept: 'text/html', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

type Listed = { qrId: string; level: number; url: string; gs1Url: string; gs1Line: string; batch: string };

async function gs1Brand(config: Record<string, unknown> = { gs1: { enabled: true } }) {
  const brand = await createBrand({ flags: { isWarrantyEnabled: true, isComplaintManagementEnabled: true, isQrSerializationEnabled: true }, ...config });
  const product = await operator('create-product', { slug: brand.slug, name: 'GS1 Serum', warrantyMonths: 12, gtin: GTIN });
  const batchNumber = `L-${tag().toUpperCase()}`;
  await operator('create-batch', { slug: brand.slug, product: product.id, batchNumber, mfgDate: '2025-01-15' });
  await operator('generate-codes', { slug: brand.slug, batch: batchNumber, count: 2 });
  const codes = (await operator('list-codes', { slug: brand.slug })) as Listed[];
  const units = codes.filter((c) => c.level === 6);
  return { brand, batchNumber, units };
}

test('the brand domain is a GS1-conformant resolver (the conformance suite\'s checks)', async () => {
  const { brand, batchNumber, units } = await gs1Brand();
  const unit = units[0]!;
  const dl = new URL(unit.gs1Url).pathname;
  expect(dl).toBe(`/01/${GTIN}/10/${batchNumber}/21/${unit.qrId}`);

  // SHALL provide a resolver description file at /.well-known/gs1resolver
  const description = await raw(brand, 'GET', '/.well-known/gs1resolver', { accept: 'application/json' });
  expect(description.status).toBe(200);
  expect(JSON.parse(description.text)).toMatchObject({ resolverRoot: brand.origin, supportedPrimaryKeys: ['01'] });

  // SHALL support GET, HEAD and OPTIONS, and CORS; SHOULD expose the linkset's Link header, even when redirecting
  const get = await raw(brand, 'GET', dl);
  expect(get.status).toBe(307);
  expect(get.headers['cache-control']).toBe('no-store');
  expect(get.headers['access-control-allow-origin']).toBe('*');
  for (const m of ['GET', 'HEAD', 'OPTIONS']) expect(get.headers['access-control-allow-methods']).toContain(m);
  expect(get.headers.link).toContain('rel="linkset"');
  expect(get.headers.link).not.toContain('rel="gs1:');
  const head = await raw(brand, 'HEAD', dl);
  expect([head.status, head.headers.location]).toEqual([307, get.headers.location]);
  const options = await raw(brand, 'OPTIONS', dl);
  expect(options.status).toBe(204);
  expect(options.headers['access-control-allow-methods']).toContain('OPTIONS');
  expect(options.headers.link).toContain('rel="linkset"');

  // SHALL report a syntactically wrong URI with 400, never 200
  const malformed = await raw(brand, 'GET', `${dl}/foo`);
  expect(malformed.status).toBe(400);
  expect((await raw(brand, 'GET', '/01/09506000134353')).status).toBe(400);

  // SHOULD tolerate a trailing slash: the same answer
  const slash = await raw(brand, 'GET', `${dl}/`);
  expect([slash.status, slash.headers.location]).toEqual([get.status, get.headers.location]);

  // SHALL support the key qualifiers: an unknown lot walks up (not 404)
  expect((await raw(brand, 'GET', `/01/${GTIN}/10/UNKNOWNLOT`)).status).not.toBe(404);

  // The linkset: by linkType=linkset, by Accept, by the deprecated linkType=all; no redirect
  const byQuery = await raw(brand, 'GET', `${dl}?linkType=linkset`);
  const byAccept = await raw(brand, 'GET', dl, { accept: 'application/linkset+json' });
  const byAll = await raw(brand, 'GET', `${dl}?linkType=all`);
  for (const res of [byQuery, byAccept, byAll]) {
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/linkset\+json/);
    expect(res.headers.link).toContain('rel="http://www.w3.org/ns/json-ld#context"');
    expect(res.text).toBe(byQuery.text);
  }
  const linkset = JSON.parse(byQuery.text) as { linkset: Array<Record<string, unknown> & { anchor: string }> };
  const item = linkset.linkset.find((i) => i.anchor === `${brand.origin}${dl}`)!;
  expect(item).toBeDefined();
  expect(item.itemDescription).toBe(`GS1 Serum, serial ${unit.qrId}`);

  // Exactly one default link; the plain request redirects to it, with the query passed on
  const defaults = item[`${VOC}defaultLink`] as Array<{ href: string; title: string }>;
  expect(defaults).toHaveLength(1);
  expect(Object.keys(defaults[0]!).sort()).toEqual(['href', 'title']);
  expect(get.headers.location).toBe(defaults[0]!.href);
  expect((await raw(brand, 'GET', `${dl}?foo=bar`)).headers.location).toBe(`${defaults[0]!.href}?foo=bar`);

  // Every link type at the most granular level it appears redirects to its href
  const seen = new Set<string>();
  for (const level of linkset.linkset) {
    for (const [rel, links] of Object.entries(level)) {
      if (!rel.startsWith(VOC) || rel === `${VOC}defaultLink` || seen.has(rel)) continue;
      seen.add(rel);
      const target = (links as Array<{ href: string; title: string }>)[0]!;
      expect(target.title).toEqual(expect.any(String));
      const res = await raw(brand, 'GET', `${dl}?linkType=${encodeURIComponent(`gs1:${rel.slice(VOC.length)}`)}`);
      expect([rel, res.status, res.headers.location]).toEqual([rel, 307, target.href]);
    }
  }
  expect([...seen].sort()).toEqual([`${VOC}customerSupport`, `${VOC}pip`, `${VOC}registerProduct`, `${VOC}verificationService`]);

  // SHALL answer 404 for a link type it has no link of
  expect((await raw(brand, 'GET', `${dl}?linkType=gs1:nosuchlt`)).status).toBe(404);

  // SHALL decompress a compressed URI, and expose the uncompressed one as owl:sameAs
  const compressed = new URL(digitalLink.Utils.compressWebUri(`https://${brand.domain}${dl}`)).pathname;
  const viaCompressed = await raw(brand, 'GET', compressed);
  expect([viaCompressed.status, viaCompressed.headers.location]).toEqual([307, get.headers.location]);
  expect(viaCompressed.headers.link).toContain(`<${brand.origin}${dl}>; rel="owl:sameAs"`);
});

test("a brand without GS1 keeps /01/… and the description file as 'Page not Found!'", async () => {
  const { brand, units } = await gs1Brand({ gs1: { enabled: false } });
  expect(units[0]!.gs1Url).toBe('');
  for (const p of [`/01/${GTIN}`, '/.well-known/gs1resolver']) {
    const res = await raw(brand, 'GET', p);
    expect(res.status).toBe(404);
    expect(res.text).toContain('Page not Found!');
  }
});

test('the printed PDF, decoded by zbar, holds each unit\'s GS1 URI, its line under it, and opens the unit\'s verdict', async ({ page }) => {
  test.slow();
  const { brand, batchNumber, units } = await gs1Brand({ gs1: { enabled: true, printedLinks: 'gs1' } });
  const dir = test.info().outputPath('print');
  const pdf = path.join(dir, 'codes.pdf');
  expect(await operator('export-pdf', { slug: brand.slug, batch: batchNumber, out: pdf, levels: '6' })).toMatchObject({ codes: 2 });
  const decoded = decodePrintedCodes(pdf, 2, dir);
  expect(decoded.sort()).toEqual(units.map((u) => u.gs1Url).sort());
  // the human-readable line under each code, one key a line
  const lines = execFileSync('/usr/bin/pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' }).split('\n').map((l) => l.trim());
  expect(lines.filter((l) => l === `(01) ${GTIN}`)).toHaveLength(2);
  expect(lines.filter((l) => l === `(10) ${batchNumber}`)).toHaveLength(2);
  for (const u of units) expect(lines).toContain(`(21) ${u.qrId}`);

  // opened as a phone would: the resolver's redirect lands on the unit's anonymous verdict
  const unit = units.find((u) => u.gs1Url === decoded[0])!;
  await page.goto(decoded[0]!);
  expect(new URL(page.url()).pathname).toBe(`/info/verify/${unit.qrId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Info', exact: true })).toBeVisible();
  await expect(page.getByTestId('verification-count')).toContainText('Verified 1 time since');
});

test('a brand that signs its URIs (AI 8030): the signed label opens the unit, a look-alike without the signature is Fake', async ({ page }) => {
  const { brand, batchNumber, units } = await gs1Brand({ gs1: { enabled: true, signUris: true } });
  const unit = units[0]!;
  const printed = new URL(unit.gs1Url);
  const signature = printed.searchParams.get('8030')!;
  expect(printed.pathname).toBe(`/01/${GTIN}/10/${batchNumber}/21/${unit.qrId}`);
  expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
  // the key part is a valid Digital Link (digital-link.js's grammar predates AI 8030)
  expect(digitalLink.DigitalLink(`${printed.origin}${printed.pathname}`).isValid()).toBe(true);

  // the published key verifies the printed signature
  const key = await raw(brand, 'GET', '/.well-known/gs1-signing-key', { accept: 'application/json' });
  expect([key.status, key.headers['content-type'], key.headers['access-control-allow-origin']]).toEqual([200, 'application/jwk+json', '*']);
  const publicKey = createPublicKey({ key: JSON.parse(key.text), format: 'jwk' });
  expect(verify(null, Buffer.from(printed.pathname), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);

  const signed = await raw(brand, 'GET', `${printed.pathname}${printed.search}`);
  expect([signed.status, signed.headers.location]).toEqual([307, `${brand.origin}/info/verify/${unit.qrId}`]);
  const tampered = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
  for (const lookAlike of [printed.pathname, `${printed.pathname}?8030=${tampered}`]) {
    const refused = await raw(brand, 'GET', lookAlike);
    expect(refused.status).toBe(307);
    expect(new URL(refused.headers.location!).pathname).toMatch(/^\/info\/verify\/[0-9a-f]{64}$/);
  }
  // opened as a phone would
  await page.goto(`${brand.origin}${printed.pathname}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fake', exact: true })).toBeVisible();
  await page.goto(unit.gs1Url);
  expect(new URL(page.url()).pathname).toBe(`/info/verify/${unit.qrId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Info', exact: true })).toBeVisible();
});

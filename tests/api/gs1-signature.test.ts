import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicKey } from 'node:crypto';
import digitalLink from 'digital-link.js';
import { call, apiServerForFile } from '../support/api-server';
import { createTestBatch } from '../support/codes';
import { decodePrintedCodes } from '../support/printed-codes';
import { createBrand, setBrandConfig } from '@/lib/operator/brands';
import { randomId } from '@/lib/ids';
import { listCodes } from '@/lib/operator/catalog-codes';
import { codesCsv, exportPdf } from '@/lib/operator/catalog-export';
import { listProducts } from '@/lib/operator/catalog';
import { setGtin, setGtinArgs } from '@/lib/operator/gs1';
import { gs1Answer, type Gs1Request } from '@/lib/edge/gs1-answer';
import { ensureGs1SigningKey, signGs1Key, verifyGs1Signature } from '@/lib/console/gs1-signature';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { gs1SigningKeys } from '@/lib/db/schema';
import { isGs1SignatureValue, type DigitalLinkKey } from '@/lib/domain/gs1';
import type { ClientConfigPatch } from '@/lib/schemas/client-config';

// Signed GS1 URIs (AI 8030, docs/gs1.md "Signed URIs"): a brand with gs1.signUris prints each
// unit's URI with its Ed25519 signature (`?8030=`), publishes the public key, and its resolver takes
// a unit URI only with its good signature; a missing or wrong one is refused as a look-alike:
// the verify service of no code, whose verdict is Fake.

const server = apiServerForFile();
jest.setTimeout(60_000);

const GTIN = '09506000134352';

async function setup(gs1: ClientConfigPatch['gs1'] = { enabled: true, signUris: true }) {
  const tag = randomId('s', 10).toLowerCase().replace('_', '-');
  const domain = `${tag}.example.com`;
  const brand = { ...(await createBrand({ slug: tag, name: `Brand ${tag}`, domains: [domain], config: { gs1 } })), domain };
  const batch = await createTestBatch(brand, { units: 2 });
  const productId = (await listProducts({ slug: brand.slug }))[0]!.id;
  await setGtin(setGtinArgs.parse({ slug: brand.slug, product: productId, gtin: GTIN }));
  const origin = `https://${domain}`;
  const resolve = (pathname: string, query = '', init: { method?: string; accept?: string } = {}) => {
    const req: Gs1Request = { method: init.method ?? 'GET', origin, pathname, searchParams: new URLSearchParams(query), accept: init.accept ?? 'text/html' };
    return gs1Answer(req, domain, `http://127.0.0.1:${server.port}`) as Promise<Response>;
  };
  const printed = async () => (await listCodes({ slug: brand.slug, batch: batch.batchNumber, limit: 10 })).filter((c) => c.kind === 'overt');
  const verdictOf = async (location: string) => (await call(server, domain, 'GET', `/api/verify/info/${new URL(location).pathname.split('/').pop()}`)).body.result;
  return { brand, batch, origin, resolve, printed, verdictOf };
}

/** The published key, as anyone reads it from the brand's domain. */
async function publishedKey(resolve: Awaited<ReturnType<typeof setup>>['resolve']) {
  const res = await resolve('/.well-known/gs1-signing-key');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/jwk+json');
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  const jwk = await res.json();
  expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
  return createPublicKey({ key: jwk, format: 'jwk' });
}

const split = (uri: string) => {
  const url = new URL(uri);
  return { pathname: url.pathname, signature: url.searchParams.get('8030') ?? '' };
};

describe('a brand that signs its GS1 URIs', () => {
  it('prints each unit URI signed (?8030=, 86 characters), which its published key verifies and digital-link.js reads', async () => {
    const { brand, batch, origin, resolve, printed } = await setup();
    const publicKey = await publishedKey(resolve);
    // one key pair per brand, its private key stored sealed, never in clear
    const [row] = await (await getDb()).select().from(gs1SigningKeys).where(eq(gs1SigningKeys.clientId, brand.id));
    expect(row!.privateKeySealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row!.publicKey).toBe(publicKey.export({ format: 'jwk' }).x);
    expect((await ensureGs1SigningKey(brand.id)).publicKey).toBe(row!.publicKey);
    const units = await printed();
    expect(units).toHaveLength(2);
    for (const u of units) {
      const { pathname, signature } = split(u.gs1Url);
      expect(pathname).toBe(`/01/${GTIN}/10/${batch.batchNumber}/21/${u.qrId}`);
      expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
      expect(isGs1SignatureValue(signature)).toBe(true);
      const key: DigitalLinkKey = { gtin: GTIN, lot: batch.batchNumber, serial: u.qrId };
      expect(verifyGs1Signature(publicKey, key, signature)).toBe(true);
      // the key part is a valid Digital Link (digital-link.js's grammar predates AI 8030)
      expect(digitalLink.DigitalLink(`${origin}${pathname}`).isValid()).toBe(true);
    }
  });

  it('resolves a unit URI with its good signature to the unit, and refuses it unsigned or wrongly signed as Fake (never a 500)', async () => {
    const { brand, batch, origin, resolve, printed, verdictOf } = await setup();
    const unit = (await printed())[0]!;
    const { pathname, signature } = split(unit.gs1Url);

    const good = await resolve(pathname, `8030=${signature}&foo=bar`);
    expect(good.status).toBe(307);
    // the signature is the resolver's own: not passed on to the verify page
    expect(good.headers.get('location')).toBe(`${origin}/info/verify/${unit.qrId}?foo=bar`);
    expect(good.headers.get('link')).toBe(`<${origin}${pathname}?8030=${signature}&linkType=linkset>; rel="linkset"; type="application/linkset+json"`);
    expect(await verdictOf(good.headers.get('location')!)).not.toBe('Fake');
    const linkset = await (await resolve(pathname, `8030=${signature}&linkType=linkset`)).json();
    expect(JSON.stringify(linkset)).toContain('Test Serum');

    const otherBrand = await setup();
    const foreign = signGs1Key((await import('node:crypto')).generateKeyPairSync('ed25519').privateKey, { gtin: GTIN, lot: batch.batchNumber, serial: unit.qrId });
    const otherUnitsSignature = split((await printed())[1]!.gs1Url).signature;
    const otherBrandsSignature = split((await otherBrand.printed())[0]!.gs1Url).signature;
    const tampered = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    for (const query of ['', `8030=${tampered}`, `8030=${foreign}`, `8030=${otherUnitsSignature}`, `8030=${otherBrandsSignature}`, '8030=', '8030=not%20base64', `8030=${'A'.repeat(300)}`]) {
      const refused = await resolve(pathname, query);
      expect([query, refused.status]).toEqual([query, 307]);
      const location = refused.headers.get('location')!;
      expect(new URL(location).pathname).toMatch(/^\/info\/verify\/[0-9a-f]{64}$/);
      expect(await verdictOf(location)).toBe('Fake');
      // nothing that looks like the genuine product
      expect((await resolve(pathname, `${query}&linkType=gs1:pip`)).status).toBe(404);
      expect(JSON.stringify(await (await resolve(pathname, `${query}&linkType=linkset`)).json())).not.toContain('Test Serum');
    }
    // the API itself says why
    const api = await call(server, brand.domain, 'GET', `/api/gs1/resolution?domain=${brand.domain}&path=${encodeURIComponent(pathname)}`);
    expect([api.status, api.body.matched]).toEqual([200, 'bad-signature']);
    // the qrId link keeps working, signature or not
    expect((await call(server, brand.domain, 'GET', `/api/verify/info/${unit.qrId}`)).body.result).not.toBe('Fake');
    // product and lot URIs name no unit: not signed, still answered
    expect((await resolve(`/01/${GTIN}`)).headers.get('location')).toBe(`${origin}/info`);
    expect((await resolve(`/01/${GTIN}/10/${batch.batchNumber}`)).headers.get('location')).toBe(`${origin}/verify-by-batchnumber?batchNumber=${batch.batchNumber}`);
  });

  it('with signing off prints no signature, ignores one, and publishes no key', async () => {
    const { brand, origin, resolve, printed } = await setup({ enabled: true });
    const unit = (await printed())[0]!;
    expect(unit.gs1Url).not.toContain('8030');
    const { pathname } = split(unit.gs1Url);
    for (const query of ['', `8030=${'A'.repeat(86)}`]) expect((await resolve(pathname, query)).headers.get('location')).toBe(`${origin}/info/verify/${unit.qrId}`);
    expect(await gs1Answer({ method: 'GET', origin, pathname: '/.well-known/gs1-signing-key', searchParams: new URLSearchParams(), accept: null }, brand.domain, `http://127.0.0.1:${server.port}`)).toBeUndefined();
    // switched on later (a patch of one GS1 setting keeps the others): the codes already printed
    // unsigned are refused from then on (docs/gs1.md)
    await setBrandConfig({ slug: brand.slug, config: { gs1: { signUris: true } } });
    expect((await import('@/lib/brands/brand-config')).brandConfigOf(await (await import('@/lib/operator/brands')).requireBrand(brand.slug)).gs1).toMatchObject({ enabled: true, signUris: true });
    const refused = await resolve(pathname);
    expect(new URL(refused.headers.get('location')!).pathname).toMatch(/^\/info\/verify\/[0-9a-f]{64}$/);
    const signed = (await printed())[0]!;
    expect((await resolve(pathname, `8030=${split(signed.gs1Url).signature}`)).headers.get('location')).toBe(`${origin}/info/verify/${unit.qrId}`);
  });

  it('prints the signed URI in the CSV and in the PDF, where zbar decodes it and it verifies', async () => {
    const { brand, batch, resolve, printed } = await setup({ enabled: true, signUris: true, printedLinks: 'gs1' });
    const publicKey = await publishedKey(resolve);
    const units = await printed();
    const csv = await codesCsv(brand.slug, batch.batchNumber);
    for (const u of units) expect(csv).toContain(u.gs1Url);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'gs1-signed-pdf-'));
    const out = path.join(dir, 'codes.pdf');
    await exportPdf({ slug: brand.slug, batch: batch.batchNumber, out, levels: [6] });
    const decoded = decodePrintedCodes(out, units.length, dir, 300);
    expect(decoded.sort()).toEqual(units.map((u) => u.gs1Url).sort());
    for (const uri of decoded) {
      const { pathname, signature } = split(uri);
      const serial = decodeURIComponent(pathname.split('/').pop()!);
      expect(verifyGs1Signature(publicKey, { gtin: GTIN, lot: batch.batchNumber, serial }, signature)).toBe(true);
      expect((await resolve(pathname, `8030=${signature}`)).headers.get('location')).toContain(`/info/verify/${serial}`);
    }
  });
});

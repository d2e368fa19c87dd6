import { eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { signedInStaff, type SignedInStaff } from '../support/console';
import { consoleHost } from '@/lib/edge/console-host';
import { getDb } from '@/lib/db/client';
import { clientDomains } from '@/lib/db/schema';
import { codeRunsSettled } from '@/lib/console/code-runs';
import { approveBrandDomain, createBrand } from '@/lib/operator/brands';
import { listCodes } from '@/lib/operator/catalog-codes';

// A brand's domains from the console (docs/console.md "Domains", issue 28 finding 3): never the
// console host, another brand's domain in any spelling, a name under either, an IP literal or a
// malformed name (422 naming `domain`, nothing written); a domain added in the console is pending
// and serves nothing until the operator approves it; printed links use serving domains only.

jest.setTimeout(90_000);
const server = apiServerForFile();
const base = (slug: string) => `/api/console/brands/${slug}/settings`;

async function ownerOf() {
  const brand = await createTestBrand();
  return { brand, staff: await signedInStaff(server, { clientId: brand.id, role: 'manager' }) };
}
const addDomain = (staff: SignedInStaff, slug: string, domain: unknown) => staff.fetch(`${base(slug)}/domains`, { method: 'POST', body: { domain } });
const domainsOf = async (clientId: string) => (await (await getDb()).select().from(clientDomains).where(eq(clientDomains.clientId, clientId))).map((d) => d.domain).sort();

describe('domains added in the console', () => {
  it('refuses the console host, another brand\'s domain in any spelling, IP literals and malformed names, naming the field', async () => {
    const { brand, staff } = await ownerOf();
    const other = await createTestBrand();
    const tag = other.slug;
    // A brand with an internationalised name, stored in its punycode form.
    const idn = await createBrand({ slug: `${tag}-idn`, name: 'IDN', domains: [`bücher-${tag}.example`] });
    expect(idn.domains[0]).toMatch(/^xn--bcher-.*\.example$/);
    const consoleName = consoleHost();
    const refused = [
      consoleName,
      consoleName.toUpperCase(),
      `${consoleName}.`,
      `${consoleName}:80`,
      `www2.${console}`,
      other.domain,
      other.domain.toUpperCase(),
      `${other.domain}.`,
      `${other.domain}:443`,
      `shop.${other.domain}`,
      `bücher-${tag}.example`,
      `BÜCHER-${tag}.EXAMPLE.`,
      idn.domains[0]!,
      '127.0.0.2',
      '0x7f.1',
      '10.1',
      '[::1]',
      '::1',
      '2001:db8::1',
      'https://shop.example.com/',
      'shop.example.com/path',
      'user@shop.example.com',
      'shop..example.com',
      '-shop.example.com',
      'shop_1.example.com',
      'www.shop.example.com',
      ' ',
      '',
      'x'.repeat(254),
      42,
    ];
    for (const domain of refused) {
      const res = await addDomain(staff, brand.slug, domain);
      expect([String(domain), res.status, res.body.field]).toEqual([String(domain), 422, 'domain']);
      expect(res.body.errorMessage).toMatch(/^domain: /);
    }
    expect(await domainsOf(brand.id)).toEqual([brand.domain]);
    expect(await domainsOf(other.id)).toEqual([other.domain]);
  });

  it('keeps a new domain pending, serving nothing, until the operator approves it', async () => {
    const { brand, staff } = await ownerOf();
    const extra = `${brand.slug}-shop.localhost`;
    const added = await addDomain(staff, brand.slug, `${extra.toUpperCase()}.`);
    expect(added.status).toBe(201);
    expect([added.body.domains, added.body.pendingDomains]).toEqual([[brand.domain], [extra]]);
    // Nothing answers for the brand there: no brand API, no page.
    expect((await call(server, extra, 'GET', '/api/client/clone-info')).status).toBe(404);
    // Another brand cannot take the pending name either.
    const other = await ownerOf();
    expect((await addDomain(other.staff, other.brand.slug, extra)).status).toBe(422);
    // The operator approves it: it serves from now on.
    expect(await approveBrandDomain({ slug: brand.slug, domain: extra })).toEqual({ slug: brand.slug, domain: extra, status: 'serving' });
    const info = await call(server, extra, 'GET', '/api/client/clone-info');
    expect(info.status).toBe(200);
    const settings = await staff.fetch(base(brand.slug));
    expect([settings.body.domains, settings.body.pendingDomains]).toEqual([[brand.domain, extra].sort(), []]);
  });

  it('prints links on serving domains only', async () => {
    const { brand, staff } = await ownerOf();
    const cat = `/api/console/brands/${brand.slug}/catalogue`;
    const product = (await staff.fetch(`${cat}/products`, { method: 'POST', body: { name: 'Serum', description: 'Daily', warrantyMonths: 12 } })).body;
    const batch = (await staff.fetch(`${cat}/batches`, { method: 'POST', body: { productId: product.id, batchNumber: 'D-1', mfgDate: '2026-01-01', expiryDate: '2028-01-01', markets: ['IN'] } })).body;
    await staff.fetch(`${cat}/batches/${batch.id}/code-runs`, { method: 'POST', body: { count: 2 } });
    await codeRunsSettled();
    // A pending domain that sorts first would be the printed one, were it serving.
    const pending = `a-${brand.slug}.localhost`;
    expect((await addDomain(staff, brand.slug, pending)).status).toBe(201);
    const csv = await staff.fetch(`${cat}/batches/${batch.id}/codes.csv`);
    expect(csv.status).toBe(200);
    const urls = csv.text.trim().split('\n').slice(1).map((l) => l.split(',').at(-1)!);
    expect(urls).toHaveLength(4);
    for (const url of urls) expect(new URL(url).hostname).toBe(brand.domain);
    expect((await listCodes({ slug: brand.slug, batch: 'D-1', limit: 10 })).every((c) => new URL(c.url).hostname === brand.domain)).toBe(true);
    await approveBrandDomain({ slug: brand.slug, domain: pending });
    expect((await listCodes({ slug: brand.slug, batch: 'D-1', limit: 10 })).every((c) => new URL(c.url).hostname === pending)).toBe(true);
  });
});

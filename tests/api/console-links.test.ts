import { eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { signedInStaff } from '../support/console';
import { getDb } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { forgetCachedClients } from '@/lib/brands/find-client';

// Stored links (issue 28, "smaller" findings): the footer's links, the banners' images and links,
// the favicon and the logo are https URLs (http only for localhost names). Anything else is
// refused naming the field and changes nothing; a value stored before the rule reads as none, so
// the customer app never renders it.

jest.setTimeout(60_000);
const server = apiServerForFile();

describe('links a brand stores', () => {
  it('refuses javascript:, data:, plain http and relative links at each field, changing nothing', async () => {
    const brand = await createTestBrand();
    const manager = await signedInStaff(server, { clientId: brand.id, role: 'manager' });
    const path = `/api/console/brands/${brand.slug}/settings`;
    const before = (await manager.fetch(path)).body.config;
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'http://example.com/x.png', '/uploads/logo.png', 'JaVaScRiPt:alert(1)']) {
      for (const [body, field] of [
        [{ ui: { clientLogo: bad } }, 'ui.clientLogo'],
        [{ ui: { clientFavIcon: bad } }, 'ui.clientFavIcon'],
        [{ banners: [{ image: bad }] }, 'banners.0.image'],
        [{ banners: [{ image: 'https://cdn.example.com/b.png', link: bad }] }, 'banners.0.link'],
        [{ footer: { links: [{ label: 'Help', href: bad }] } }, 'footer.links.0.href'],
        [{ footer: { officialSite: bad } }, 'footer.officialSite'],
      ] as const) {
        const res = await manager.fetch(path, { method: 'PATCH', body });
        expect([bad, field, res.status, res.body.field]).toEqual([bad, field, 422, field]);
      }
    }
    expect((await manager.fetch(path)).body.config).toEqual(before);
    const good = await manager.fetch(path, {
      method: 'PATCH',
      body: { ui: { clientLogo: 'https://cdn.example.com/logo.png', clientFavIcon: 'http://shop.localhost/favicon.ico' }, banners: [{ image: 'https://cdn.example.com/b.png', link: 'https://shop.example.com/sale' }], footer: { links: [{ label: 'Help', href: 'https://shop.example.com/help' }] } },
    });
    expect(good.status).toBe(200);
  });

  it('reads a link stored before the rule as none: the customer app never renders it', async () => {
    const brand = await createTestBrand();
    const db = await getDb();
    const [row] = await db.select().from(clients).where(eq(clients.id, brand.id));
    const config = row!.config as unknown as Record<string, Record<string, unknown>>;
    await db
      .update(clients)
      .set({
        config: {
          ...config,
          ui: { ...config.ui, clientLogo: 'javascript:alert(1)', clientFavIcon: 'data:image/svg+xml,<svg onload=alert(1)>' },
          banners: [{ image: 'javascript:alert(2)' }, { image: 'https://cdn.example.com/ok.png', link: 'javascript:alert(3)' }],
          footer: { text: '', links: [{ label: 'Bad', href: 'javascript:alert(4)' }, { label: 'Good', href: 'https://shop.example.com/' }], officialSite: null },
        } as never,
      })
      .where(eq(clients.id, brand.id));
    forgetCachedClients();
    const info = await call(server, brand.domain, 'GET', '/api/client/clone-info');
    expect(info.status).toBe(200);
    expect(JSON.stringify(info.body)).not.toMatch(/javascript:|data:image/);
    expect(JSON.stringify(info.body)).toContain('https://cdn.example.com/ok.png');
  });
});

import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { setBrandStatus } from '@/lib/operator/brands';

const server = apiServerForFile();

describe('GET /api/client/clone-info', () => {
  it('answers the configuration of the brand that serves the host, with defaults and derived colours', async () => {
    const brand = await createTestBrand({ ui: { primaryColor: '#ffff00', secondaryColor: '#0000ff' } });
    const res = await call(server, `${brand.domain}:3000`, 'GET', '/api/client/clone-info');
    expect(res.status).toBe(200);
    expect(res.body.masterClientId).toBe(brand.id);
    expect(res.body.organizationName).toBe(brand.name);
    expect(res.body.banners).toBeNull();
    expect(res.body.uiDesignCriteria.gradientAngle).toBe(90);
    expect(res.body.uiDesignCriteria.isfooterIncluded).toBe(true);
    expect(res.body.uiDesignCriteria.themeColor.color).toBe('#000000'); // yellow is bright
    expect(res.body.uiDesignCriteria.themeColor.gradientBgColor).toBe('#666666');
    expect(res.body.otpServices.is_UserName_Intake_Enabled).toBe(true);
    expect(res.body.otpServices.isUserNameEnabled).toBe(true);
    expect(res.body.servicesEnabled).toContain('anti_counterfeiting');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('strips www. and the port from the host', async () => {
    const brand = await createTestBrand();
    const res = await call(server, `WWW.${brand.domain.toUpperCase()}:8080`, 'GET', '/api/client/clone-info');
    expect(res.status).toBe(200);
    expect(res.body.masterClientId).toBe(brand.id);
  });

  it('answers 404 with errorMessage for a host no brand serves', async () => {
    const res = await call(server, 'unknown-brand.localhost', 'GET', '/api/client/clone-info');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorMessage: 'No App data found.', code: 'not_found' });
  });

  it('still answers clone-info for a blacklisted brand, but refuses every other call', async () => {
    const brand = await createTestBrand();
    await setBrandStatus({ slug: brand.slug, status: 'Blacklisted' });
    const info = await call(server, brand.domain, 'GET', '/api/client/clone-info');
    expect(info.status).toBe(200);
    expect(info.body.serviceStatus).toBe('Blacklisted');
    const other = await call(server, brand.domain, 'GET', `/api/client/embedding-url?domain=${brand.domain}`);
    expect(other.status).toBe(403);
  });
});

describe('GET /api/client//embedding-url', () => {
  it('answers a list whose first item has the embeddingURL of the domain', async () => {
    const brand = await createTestBrand({ ui: { isEmbeddingRequired: true, embeddingURL: 'https://shop.example.com/app' } });
    for (const path of ['/api/client//embedding-url', '/api/client/embedding-url', `/api/client/${brand.id}/embedding-url`]) {
      const res = await call(server, brand.domain, 'GET', `${path}?domain=${brand.domain}`);
      expect(res.status).toBe(200);
      expect(res.body[0].embeddingURL).toBe('https://shop.example.com/app');
    }
  });

  it('answers by the domain asked for, from any host, since the embedding origin is public', async () => {
    const a = await createTestBrand();
    const b = await createTestBrand({ ui: { isEmbeddingRequired: true, embeddingURL: 'https://b.example.com' } });
    for (const host of [a.domain, 'not-a-brand.localhost']) {
      const res = await call(server, host, 'GET', `/api/client/embedding-url?domain=${b.domain}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([{ clientId: b.id, embeddingURL: 'https://b.example.com', isEmbeddingRequired: true }]);
    }
    const unknown = await call(server, a.domain, 'GET', '/api/client/embedding-url?domain=nobody.localhost');
    expect(unknown.body).toEqual([]);
  });

  it('answers /api/client/{id}/embedding-url only for the requesting brand', async () => {
    const a = await createTestBrand();
    const b = await createTestBrand({ ui: { isEmbeddingRequired: true, embeddingURL: 'https://b.example.com' } });
    const byId = await call(server, a.domain, 'GET', `/api/client/${b.id}/embedding-url?domain=${b.domain}`);
    expect(byId.status).toBe(404);
    const own = await call(server, a.domain, 'GET', `/api/client/${a.id}/embedding-url?domain=${b.domain}`);
    expect(own.body).toEqual([]);
  });

  it('answers 422 naming the field when domain is missing', async () => {
    const brand = await createTestBrand();
    const res = await call(server, brand.domain, 'GET', '/api/client/embedding-url');
    expect(res.status).toBe(422);
    expect(res.body.errorMessage).toMatch(/domain/);
  });
});

describe('GET /api/openapi.json', () => {
  it('publishes the contract', async () => {
    const res = await call(server, 'anything.localhost', 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toContain('/api/client/clone-info');
  });
});

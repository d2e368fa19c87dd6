import { call, createTestBrand, apiServerForFile } from '../support/api-server';

const server = apiServerForFile();

describe('API error answers', () => {
  it('answers a body that is not JSON with 400 and a clear message, not a 500', async () => {
    const brand = await createTestBrand();
    const res = await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', {
      rawBody: '{"channel": "email", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe('Malformed JSON body');
  });

  it('says a field has the wrong type rather than that it is missing', async () => {
    const brand = await createTestBrand();
    const res = await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', {
      body: { channel: 'email', contact: 'a@example.com', password: 42 },
    });
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('password');
    expect(res.body.errorMessage).not.toMatch(/required/);
    expect(res.body.errorMessage).toMatch(/expected string/);
  });

  it('says a missing field is required', async () => {
    const brand = await createTestBrand();
    const res = await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', {
      body: { channel: 'email', contact: 'a@example.com' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errorMessage).toBe('password is required');
  });

  it('answers an unknown endpoint with 404 in the error shape', async () => {
    const brand = await createTestBrand();
    const res = await call(server, brand.domain, 'GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorMessage: 'No such API endpoint', code: 'not_found' });
  });
});

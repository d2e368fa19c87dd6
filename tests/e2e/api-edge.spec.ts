import http from 'node:http';
import { expect, test } from '@playwright/test';
import { PORT } from './support';

// The request edge through the real Next.js server (scripts/start.mjs), which parses a path
// before the Brand API sees it: malformed percent-encoding and NUL bytes answer 400 JSON naming
// the problem; every page answer, router prefetches included, carries the CSP with
// frame-ancestors; API answers forbid framing.

/** A raw GET on loopback (a browser or fetch would normalise these paths). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, method: 'GET', path, agent: false, headers: { host: `localhost:${PORT}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

for (const [path, message] of [
  ['/api/tracking/%ff%fe', /percent-encoding/],
  ['/api/verify/auto/%', /percent-encoding/],
  ['/api/client/%C0%AE%C0%AE/embedding-url', /percent-encoding/],
  ['/api/%ED%A0%80', /percent-encoding/],
  ['/api/legal/documents/%00', /NUL/],
  ['/api/verify/batch/a%00b', /NUL/],
] as const) {
  test(`GET ${path} answers 400 JSON through the Next server`, async () => {
    const res = await rawGet(path);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.text).errorMessage).toMatch(message);
  });
}

test('a JSON body with a NUL in a string answers 400 through the Next server', async ({ request }) => {
  const res = await request.post('/api/customer/feedback', {
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    data: '{"rating":5,"unitId":"\\u0000"}',
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).errorMessage).toBe('unitId: contains a NUL character');
});

test('a JSON body over 64 kB answers 413 through the Next server', async ({ request }) => {
  const res = await request.post('/api/auth/customer/web/login', {
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    data: JSON.stringify({ channel: 'email', contact: 'a@example.com', password: 'x'.repeat(70 * 1024) }),
  });
  expect(res.status()).toBe(413);
  expect((await res.json()).errorMessage).toMatch(/too large/);
});

test('a malformed page path answers 400, not a plain 500', async () => {
  const res = await rawGet('/info/verify/%ff');
  expect(res.status).toBe(400);
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
});

for (const [path, headers] of [
  ['/login', { 'next-router-prefetch': '1', rsc: '1' }],
  ['/info', { purpose: 'prefetch' }],
  ['/terms-of-use', { 'sec-purpose': 'prefetch', 'next-router-prefetch': '1' }],
  ['/info/verify/abc.json', {}],
  ['/login', {}],
] as const) {
  test(`the page answer of ${path} ${Object.keys(headers).join(', ') || '(plain)'} carries the CSP with frame-ancestors`, async () => {
    const res = await rawGet(path, headers);
    expect(res.status).toBeLessThan(500);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors [^;]+/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
}

test('API answers carry a CSP that forbids framing', async () => {
  for (const path of ['/api/openapi.json', '/api/client/clone-info', '/api/no/such']) {
    const res = await rawGet(path);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  }
});

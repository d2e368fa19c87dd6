import http from 'node:http';
import { call, apiServerForFile } from '../support/api-server';
import { as, claimedUnit, countRows, fixtures, postForm, signedInCustomer } from '../support/aftersales';
import { feedback } from '@/lib/db/schema';
import { attackBrand } from '../attack/world';
import { JSON_BODY_MAX_BYTES, MULTIPART_BODY_MAX_BYTES } from '@/lib/api/request-guards';

// The request parsing every endpoint goes through (lib/api/request-guards.ts): NUL bytes, lone
// surrogates and malformed percent-encoding are 400 JSON naming the problem; bodies over their
// limit are 413 before they are read; API answers carry a CSP that forbids framing.

const server = apiServerForFile();

const json = (res: { status: number; headers: http.IncomingHttpHeaders; body: any }) => ({
  status: res.status,
  type: String(res.headers['content-type']).split(';')[0],
  message: res.body?.errorMessage,
});

describe('bad bytes in ids and bodies (issue 15)', () => {
  it.each([
    ['/api/legal/documents/%00', /NUL/],
    ['/api/verify/batch/a%00b', /NUL/],
    ['/api/tracking/%ff%fe', /percent-encoding/],
    ['/api/verify/auto/%', /percent-encoding/],
    ['/api/client/%C0%AE%C0%AE/embedding-url', /percent-encoding/],
    ['/api/customer/complaints/%ED%A0%80', /percent-encoding/],
    ['/api/verify/info/abc?lat=%00&lng=1', /query parameter "lat" contains a NUL/],
    ['/api/verify/info/abc?lat=%ff', /query parameter "lat" is not valid percent-encoding/],
  ])('GET %s answers 400 JSON naming the problem', async (path, message) => {
    const brand = await attackBrand();
    const res = await call(server, brand.domain, 'GET', path);
    expect(json(res)).toEqual({ status: 400, type: 'application/json', message: expect.stringMatching(message) });
  });

  it.each([
    ['{"unitId":"\\u0000","rating":5}', 'unitId', /NUL/],
    ['{"rating":5,"comment":"ok \\ud800"}', 'comment', /lone surrogate/],
    ['{"rating":5,"comment":"\\udfff"}', 'comment', /lone surrogate/],
    ['{"rating":5,"a\\u0000":1}', undefined, /field name that contains a NUL/],
    ['{"rating":' + '['.repeat(40) + ']'.repeat(40) + '}', 'rating.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0', /nested too deeply/],
  ])('POST /api/customer/feedback %s answers 400 naming %s, and writes nothing', async (body, field, message) => {
    const brand = await attackBrand();
    const alice = await signedInCustomer(brand.id);
    const res = await as(server, brand.domain, alice)('POST', '/api/customer/feedback', { rawBody: body, headers: { 'content-type': 'application/json' } });
    expect(json(res)).toEqual({ status: 400, type: 'application/json', message: expect.stringMatching(message) });
    expect(res.body.field).toBe(field);
    expect(await countRows(feedback, brand.id)).toBe(0);
  });

  it('refuses a NUL in a multipart text field or file name', async () => {
    const brand = await attackBrand();
    const alice = await signedInCustomer(brand.id);
    const report = await postForm(server, brand.domain, alice, '/api/report', [{ name: 'description', value: 'Broken \u0000 seal' }]);
    expect(json(report)).toEqual({ status: 400, type: 'application/json', message: 'description: contains a NUL character' });
    const complaint = await postForm(server, brand.domain, alice, '/api/customer/complaints', [
      { name: 'category', value: 'Damaged product' },
      { name: 'priority', value: 'Urgent' },
      { name: 'description', value: 'The seal was broken when I opened it.' },
      { name: 'attachments', filename: 'a\u0000.png', type: 'image/png', bytes: fixtures.png() },
    ]);
    expect(json(complaint)).toMatchObject({ status: 400, message: expect.stringMatching(/NUL/) });
  });

  it('keeps well-formed text: emoji, accents and encoded slashes pass', async () => {
    const brand = await attackBrand();
    const alice = await signedInCustomer(brand.id);
    const res = await as(server, brand.domain, alice)('POST', '/api/customer/feedback', { body: { rating: 5, comment: 'Très bien 😀' } });
    expect(res.status).toBe(201);
    expect(res.body.comment).toBe('Très bien 😀');
    expect((await call(server, brand.domain, 'GET', '/api/verify/batch/a%2Fb%20c')).status).toBe(404);
  });
});

/** A POST sent in chunks without Content-Length. */
function chunkedPost(host: string, path: string, type: string, chunks: Buffer[]): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method: 'POST', path, agent: false, headers: { host, 'content-type': type, 'x-requested-with': 'fetch', 'transfer-encoding': 'chunked' } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString() || 'null') }));
    });
    req.on('error', (err) => (String(err).includes('EPIPE') || String(err).includes('ECONNRESET') ? undefined : reject(err)));
    let i = 0;
    const pump = () => {
      while (i < chunks.length) if (!req.write(chunks[i++]!)) return void req.once('drain', pump);
      req.end();
    };
    pump();
  });
}

/** Headers declaring a body of `length` bytes, and none of it sent: the answer must come first. */
function declaredOnly(host: string, path: string, token: string, length: number, type = 'multipart/form-data; boundary=x'): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method: 'POST', path, agent: false, headers: { host, authorization: `Bearer ${token}`, 'content-type': type, 'x-requested-with': 'fetch', 'content-length': String(length) } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c) => parts.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString() || 'null') });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('body limits (issue 9, item 6)', () => {
  it('answers 413 to a JSON body over 64 kB by its Content-Length, before signing in is tried', async () => {
    const brand = await attackBrand();
    const body = JSON.stringify({ contact: 'a@example.com', password: 'x'.repeat(JSON_BODY_MAX_BYTES) });
    const res = await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', { rawBody: body, headers: { 'content-type': 'application/json' } });
    expect(json(res)).toEqual({ status: 413, type: 'application/json', message: 'The request body is too large (at most 64 kB)' });
  });

  it('counts the bytes of a chunked body without Content-Length and stops at the limit', async () => {
    const brand = await attackBrand();
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    const res = await chunkedPost(brand.domain, '/api/auth/customer/web/login', 'application/json', [Buffer.from('{"contact":"'), ...Array.from({ length: 64 }, () => chunk), Buffer.from('"}')]);
    expect(res).toEqual({ status: 413, body: { errorMessage: 'The request body is too large (at most 64 kB)', code: 'payload_too_large' } });
  });

  it('reads a small chunked JSON body as usual', async () => {
    const brand = await attackBrand();
    const res = await chunkedPost(brand.domain, '/api/auth/customer/web/login', 'application/json', [Buffer.from('{"channel":"email","contact":"a@example.com",'), Buffer.from('"password":"wrong-password-1"}')]);
    expect(res.status).toBe(400); // wrong credentials, read and checked
    expect(res.body.errorMessage).not.toMatch(/JSON|large/);
  });

  it('lets multipart uploads past the JSON limit, under their own outer ceiling', async () => {
    const brand = await attackBrand();
    const alice = await signedInCustomer(brand.id);
    const unit = await claimedUnit(brand.id, alice.customerId);
    const res = await postForm(server, brand.domain, alice, '/api/customer/warranties', [
      { name: 'unitId', value: unit.unitId },
      { name: 'purchaseDate', value: '2025-02-01' },
      { name: 'invoice', filename: 'bill.pdf', type: 'application/pdf', bytes: fixtures.pdf(300 * 1024) },
    ]);
    expect(res.status).toBe(201);
    const huge = await declaredOnly(brand.domain, '/api/customer/complaints', alice.token, MULTIPART_BODY_MAX_BYTES + 1);
    expect(huge).toEqual({ status: 413, body: { errorMessage: expect.stringMatching(/^The request body is too large \(at most \d+ MB\)$/), code: 'payload_too_large' } });
    expect(await declaredOnly(brand.domain, '/api/customer/feedback', alice.token, JSON_BODY_MAX_BYTES + 1, 'application/json')).toMatchObject({ status: 413 });
  });
});

describe('API answers carry a CSP that forbids framing (issue 9, item 12)', () => {
  it('on success and on error', async () => {
    const brand = await attackBrand();
    for (const path of ['/api/client/clone-info', '/api/openapi.json', '/api/no/such', '/api/customer/customer-profile']) {
      const res = await call(server, brand.domain, 'GET', path);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});

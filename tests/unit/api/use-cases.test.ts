process.env.SESSION_SECRET = 'unit-secret-unit-secret-unit-secret-0123456789';

import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { resetEnvCache } from '@/lib/edge/env';
import { ApiError, toErrorResponse } from '@/lib/errors';
import { storedClientConfigSchema } from '@/lib/schemas/client-config';
import type { ClientRow } from '@/lib/brands/find-client';
import type { AppEnv } from '@/lib/api/context';
import type { BrandContext } from '@/lib/api/route-context';
import { defineRoute, FileAnswer, mountRoutes } from '@/lib/api/define-route';
import { requireFlag } from '@/lib/api/feature-flags';
import { logout } from '@/lib/api/auth/logout';
import { generateAccessToken } from '@/lib/api/auth/generate-access-token';
import { ownEmbedding } from '@/lib/api/client/embedding-lookup';

// Use cases of the Brand API take a plain context (lib/api/route-context.ts), so they run here
// without HTTP; defineRoute is checked on a small app of its own.

beforeAll(() => resetEnvCache());

const client = { id: 'cl_acme', organizationName: 'Acme', organizationType: 'Manufacturer', serviceStatus: 'Whitelisted', config: {} } as unknown as ClientRow;

function brandContext(cookies: Record<string, string> = {}): BrandContext & { sent: string[] } {
  const sent: string[] = [];
  return {
    address: '203.0.113.9',
    host: 'acme.example',
    https: true,
    header: () => undefined,
    cookies: { get: (name) => cookies[name], set: (cookie) => void sent.push(cookie) },
    clientId: client.id,
    client,
    config: storedClientConfigSchema.parse({}),
    sent,
  };
}

describe('use cases called without HTTP', () => {
  it('logout without a session still succeeds and clears the session cookie', async () => {
    const ctx = brandContext();
    await expect(logout(ctx)).resolves.toEqual({ success: true });
    expect(ctx.sent).toHaveLength(1);
    expect(ctx.sent[0]).toMatch(/Max-Age=0/);
  });

  it('generateAccessToken refuses a request without a session cookie with 401 Unauthorized', async () => {
    const err = await generateAccessToken(brandContext()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(toErrorResponse(err)).toMatchObject({ status: 401, body: { errorMessage: 'Unauthorized', code: 'unauthorized' } });
  });

  it('ownEmbedding answers 404 for another brand’s id before looking anything up', async () => {
    await expect(ownEmbedding(client, 'cl_other', 'acme.example')).rejects.toMatchObject({ code: 'not_found', message: 'Client not found' });
  });

  it('requireFlag refuses a module the brand has switched off, naming the brand', () => {
    const ctx = brandContext();
    expect(() => requireFlag(ctx, 'isWarrantyEnabled')).toThrow('This service is not offered by Acme.');
    expect(() => requireFlag({ ...ctx, config: storedClientConfigSchema.parse({ flags: { isWarrantyEnabled: true } }) }, 'isWarrantyEnabled')).not.toThrow();
  });
});

describe('defineRoute', () => {
  function app() {
    const a = new OpenAPIHono<AppEnv>({
      defaultHook: (result) => {
        if (!result.success) throw result.error;
      },
    });
    a.onError((err, c) => {
      const { status, body } = toErrorResponse(err);
      return c.json(body, status as 400);
    });
    a.use('*', async (c, next) => {
      c.set('client', { ...client, config: { flags: { isTrackingEnabled: c.req.header('x-tracking') === 'on' } } } as unknown as ClientRow);
      await next();
    });
    const seen: unknown[] = [];
    const routes = [
      defineRoute({
        method: 'get',
        path: '/things/{id}',
        tag: 'test',
        access: 'brand',
        flag: 'isTrackingEnabled',
        params: z.object({ id: z.string().max(5) }),
        query: z.object({ n: z.coerce.number().int().optional() }),
        response: { description: 'A thing', schema: z.object({ id: z.string(), n: z.number().nullable() }) },
        handle: ({ params, query }, ctx) => {
          seen.push({ clientId: ctx.clientId, address: typeof ctx.address });
          // A field the schema does not name never leaves.
          return Object.assign({ id: params.id, n: query.n ?? null }, { secret: 'kept in' });
        },
      }),
      defineRoute({
        method: 'get',
        path: '/file',
        tag: 'test',
        access: 'public',
        hidden: true,
        response: { description: 'A file', files: { 'text/plain': { schema: { type: 'string' } } } },
        handle: () => new FileAnswer('hello', { 'content-type': 'text/plain' }),
      }),
    ];
    mountRoutes(a, routes, 'open');
    mountRoutes(a, routes, 'brand');
    a.doc31('/doc', { openapi: '3.1.0', info: { title: 't', version: '1' } });
    return { a, seen };
  }

  it('parses the request, checks the flag, hands the use case a typed context and parses the answer', async () => {
    const { a, seen } = app();
    const ok = await a.request('/things/ab?n=3', { headers: { 'x-tracking': 'on' } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ id: 'ab', n: 3 });
    expect(seen).toEqual([{ clientId: 'cl_acme', address: 'string' }]);

    const off = await a.request('/things/ab');
    expect(off.status).toBe(403);
    expect(await off.json()).toEqual({ errorMessage: 'This service is not offered by Acme.', code: 'forbidden' });

    const bad = await a.request('/things/toolong', { headers: { 'x-tracking': 'on' } });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ code: 'unprocessable', field: 'id' });
    expect(seen).toHaveLength(1);
  });

  it('sends a file answer as it is, and lists only the routes not hidden in the document', async () => {
    const { a } = app();
    const file = await a.request('/file');
    expect([file.status, file.headers.get('content-type'), await file.text()]).toEqual([200, 'text/plain', 'hello']);
    const doc = (await (await a.request('/doc')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(['/things/{id}']);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { brandApi } from '@/lib/api/app';
import { closeDb, getDb } from '@/lib/db/client';
import { closeFileStore } from '@/lib/files';
import { createBrand } from '@/lib/operator/brands';
import { randomId } from '@/lib/ids';
import type { ClientConfigPatch } from '@/lib/schemas/client-config';

// The Brand API served over real HTTP for one test file, on a random loopback port.

export type TestServer = { port: number; close: () => Promise<void> };

export async function startApiServer(): Promise<TestServer> {
  await getDb();
  const app = brandApi();
  const server = await new Promise<http.Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as http.Server)) as http.Server;
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await closeDb();
      closeFileStore();
    },
  };
}

/** A fresh brand with its own random domain, so no test sees another test's data. */
export async function createTestBrand(config?: ClientConfigPatch) {
  const tag = randomId('t', 10).toLowerCase().replace('_', '-');
  const domain = `${tag}.localhost`;
  const brand = await createBrand({ slug: tag, name: `Brand ${tag}`, domains: [domain], config });
  return { ...brand, domain };
}

export type Res = { status: number; headers: http.IncomingHttpHeaders; body: any; text: string };

/**
 * An HTTP call with a chosen Host header (fetch cannot set Host). JSON bodies by default;
 * state-changing calls carry the CSRF header unless `headers` says otherwise.
 */
export function call(
  server: TestServer,
  host: string,
  method: string,
  path: string,
  opts: { body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string>; cookie?: string; token?: string } = {},
): Promise<Res> {
  const headers: Record<string, string> = { host };
  if (method !== 'GET') headers['x-requested-with'] = 'fetch';
  let payload: string | Buffer | undefined;
  if (opts.body !== undefined) {
    payload = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  } else if (opts.rawBody !== undefined) payload = opts.rawBody;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  Object.assign(headers, opts.headers);
  for (const k of Object.keys(headers)) if (headers[k] === '') delete headers[k];
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = undefined;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** The `name=value` pair of a Set-Cookie answer, for sending back. */
export function cookieFrom(res: Res, name: string): string | undefined {
  const set = res.headers['set-cookie'] ?? [];
  const line = set.find((c) => c.startsWith(`${name}=`));
  return line?.split(';')[0];
}

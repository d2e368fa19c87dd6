import { and, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { getDb } from '@/lib/db/client';
import { batches, claims, codes, customers, products } from '@/lib/db/schema';
import { createSession } from '@/lib/api/auth/sessions';
import { signAccessToken } from '@/lib/auth/access-token';
import { randomId } from '@/lib/ids';
import { runOperatorCommand } from '@/lib/operator/commands';
import { call, type Res, type TestServer } from './api-server';

// Helpers of the after-sales API tests: signed-in customers, claimed units, multipart bodies,
// file fixtures and row counts. Customers and claims are written straight to the database, so
// these tests do not depend on the sign-in or scan flows (tested on their own).

export async function signedInCustomer(clientId: string, opts: { vpa?: string | null; userName?: string } = {}) {
  const db = await getDb();
  const customerId = randomId('cus');
  await db.insert(customers).values({
    id: customerId,
    clientId,
    userName: opts.userName ?? 'Asha',
    email: `${customerId.toLowerCase()}@example.com`,
    vpa: opts.vpa === undefined ? 'asha@okbank' : opts.vpa,
    contactVerifiedAt: new Date(),
  });
  const session = await createSession(clientId, customerId, 'jest');
  const token = await signAccessToken({ customerId, clientId, sessionId: session.id });
  return { customerId, token };
}
export type TestCustomer = Awaited<ReturnType<typeof signedInCustomer>>;

export async function createProductWithUnit(
  clientId: string,
  opts: { warrantyMonths?: number; mfgDate?: string | null; expiryDate?: string | null; name?: string } = {},
) {
  const db = await getDb();
  const productId = randomId('pr', 16);
  const batchId = randomId('ba', 16);
  await db.insert(products).values({ id: productId, clientId, name: opts.name ?? 'Water Purifier', warrantyMonths: opts.warrantyMonths ?? 12 });
  await db.insert(batches).values({
    id: batchId,
    clientId,
    productId,
    batchNumber: randomId('B', 10),
    mfgDate: opts.mfgDate === undefined ? '2024-01-01' : opts.mfgDate,
    expiryDate: opts.expiryDate === undefined ? '2099-12-31' : opts.expiryDate,
  });
  const unitId = await addUnit(clientId, productId, batchId);
  return { productId, batchId, unitId };
}

/** A unit: an overt and a covert code sharing a pair id (the unit id). */
export async function addUnit(clientId: string, productId: string, batchId: string) {
  const db = await getDb();
  const unitId = randomId('un', 16);
  for (const level of [6, 7]) {
    await db.insert(codes).values({ id: randomId('cd', 16), clientId, qrId: randomId('q', 20).replace('_', ''), level, productId, batchId, pairId: unitId });
  }
  return unitId;
}

/** What a post-sale scan does: the claim row. */
export async function claimUnit(clientId: string, customerId: string, unitId: string) {
  const db = await getDb();
  await db.insert(claims).values({ unitId, clientId, customerId });
}

export async function claimedUnit(clientId: string, customerId: string, opts: Parameters<typeof createProductWithUnit>[1] = {}) {
  const u = await createProductWithUnit(clientId, opts);
  await claimUnit(clientId, customerId, u.unitId);
  return u;
}

/** Rows of a table at a brand. */
export async function countRows(table: PgTable & { clientId: unknown }, clientId: string): Promise<number> {
  const db = await getDb();
  const t = table as unknown as { clientId: Parameters<typeof eq>[0] };
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(and(eq(t.clientId, clientId)));
  return Number(row?.n ?? 0);
}

export const op = (command: string, args: Record<string, unknown>) => runOperatorCommand(command, args);

// File fixtures: a few real magic numbers and enough bytes after them.
const pad = (head: number[] | string, size = 256) => {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  return Buffer.concat([start, Buffer.alloc(Math.max(0, size - start.length), 7)]);
};
export const fixtures = {
  png: (size = 256) => pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size),
  jpeg: () => pad([0xff, 0xd8, 0xff, 0xe0]),
  pdf: (size = 256) => pad('%PDF-1.7\n', size),
  mp4: () => pad('\x00\x00\x00\x18ftypisom'),
  svg: () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
  html: () => Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
  text: () => Buffer.from('just some text, not an image at all'),
};

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

/** A multipart/form-data body. */
export function multipart(parts: Part[]) {
  const boundary = `----jest${randomId('b', 16)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`),
        p.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { rawBody: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A signed-in call as this customer. */
export function as(server: TestServer, host: string, who: { token: string }) {
  return (method: string, path: string, opts: Parameters<typeof call>[4] = {}): Promise<Res> => call(server, host, method, path, { ...opts, token: who.token });
}

/** A signed-in multipart POST. */
export function postForm(server: TestServer, host: string, who: { token: string }, path: string, parts: Part[]) {
  const { rawBody, headers } = multipart(parts);
  return call(server, host, 'POST', path, { rawBody, headers, token: who.token });
}

/** A complaint (category Other, priority Low) with one PDF attachment of `size` bytes: the upload quota tests' upload. */
export const complaintWithPdf = (server: TestServer, host: string, who: { token: string }, size: number) =>
  postForm(server, host, who, '/api/customer/complaints', [
    ...Object.entries({ category: 'Other', priority: 'Low', description: 'Something is not right with it.' }).map(([name, value]): Part => ({ name, value })),
    { name: 'attachments', filename: 'scan.pdf', type: 'application/pdf', bytes: fixtures.pdf(size) },
  ]);

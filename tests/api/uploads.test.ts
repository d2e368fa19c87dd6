import http from 'node:http';
import { readdirSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { createTestBrand, type Res, apiServerForFile } from '../support/api-server';
import { as, claimedUnit, countRows, fixtures, multipart, postForm, signedInCustomer, type Part, type TestCustomer } from '../support/aftersales';
import { getDb } from '@/lib/db/client';
import { complaints, files } from '@/lib/db/schema';
import { diskStoreRoot, fileStore } from '@/lib/files';
import { randomId } from '@/lib/ids';

// Uploads stream into the file store: a file over its type's cap is refused while it arrives
// (before the body has been sent in full), a refused form leaves no object behind, and files are
// streamed back with their headers, only to their owner at their brand.

jest.setTimeout(60_000);

const server = apiServerForFile();

const FLAGS = { isComplaintManagementEnabled: true, isWarrantyEnabled: true };

async function setup() {
  const brand = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: ['Low'] } });
  const alice = await signedInCustomer(brand.id);
  return { brand, alice };
}

const fields = (over: Record<string, string> = {}): Part[] =>
  Object.entries({ category: 'Damaged product', priority: 'Low', description: 'The seal was broken when I opened it.', ...over }).map(([name, value]) => ({ name, value }));

const raise = (host: string, who: TestCustomer, parts: Part[]) => postForm(server, host, who, '/api/customer/complaints', parts);

/** Every object in the disk store of this test run. */
function storeObjects(): string[] {
  const root = diskStoreRoot()!;
  try {
    return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]).filter((d) => d.isFile()).map((d) => `${d.parentPath}/${d.name}`).sort();
  } catch {
    return [];
  }
}

/**
 * Sends the start of a multipart body that declares `declared` bytes, and waits for the answer
 * without ever sending the rest: only a server that reads and checks the file as it arrives can
 * answer at all.
 */
function sendStartOnly(host: string, token: string, path: string, start: Buffer, contentType: string, declared: number): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method: 'POST', path, headers: { host, authorization: `Bearer ${token}`, 'x-requested-with': 'fetch', 'content-type': contentType, 'content-length': String(declared) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined, text });
          req.destroy();
        });
      },
    );
    req.on('error', (err) => {
      // The server may close the connection after answering, while this side still writes.
      if (!req.destroyed || !('code' in err)) reject(err);
    });
    req.write(start);
  });
}

describe('streaming uploads in', () => {
  it('refuses an image over 5 MB while it arrives, before the rest of the body is sent, and stores nothing', async () => {
    const { brand, alice } = await setup();
    const before = storeObjects();
    const { rawBody, headers } = multipart([...fields(), { name: 'attachments', filename: 'big.png', type: 'image/png', bytes: fixtures.png(5 * 1024 * 1024 + 256 * 1024) }]);
    // Declares 20 MB more than it sends: the form limit (75 MB) allows it, the image cap does not.
    const res = await sendStartOnly(brand.domain, alice.token, '/api/customer/complaints', rawBody.subarray(0, rawBody.length - 64), headers['content-type'], rawBody.length + 20 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errorMessage: 'attachments: image files must be at most 5 MB', code: 'payload_too_large', field: 'attachments' });
    expect(await countRows(files, brand.id)).toBe(0);
    expect(await countRows(complaints, brand.id)).toBe(0);
    expect(storeObjects()).toEqual(before);
  });

  it('refuses a PDF invoice over 10 MB while it arrives', async () => {
    const { brand, alice } = await setup();
    const unit = await claimedUnit(brand.id, alice.customerId);
    const { rawBody, headers } = multipart([
      { name: 'unitId', value: unit.unitId },
      { name: 'purchaseDate', value: '2025-01-31' },
      { name: 'invoice', filename: 'invoice.pdf', type: 'application/pdf', bytes: fixtures.pdf(10 * 1024 * 1024 + 20 * 1024) },
    ]);
    // The warranty form may be 10 MB + 64 kB: declare exactly that, send only the start.
    const res = await sendStartOnly(brand.domain, alice.token, '/api/customer/warranties', rawBody.subarray(0, rawBody.length - 64), headers['content-type'], 10 * 1024 * 1024 + 64 * 1024);
    expect(res.status).toBe(413);
    expect(res.body.errorMessage).toBe('invoice: pdf files must be at most 10 MB');
    expect(await countRows(files, brand.id)).toBe(0);
  });

  it('leaves no file, whole or partial, when the client goes away in the middle of one', async () => {
    const { brand, alice } = await setup();
    const before = storeObjects();
    const { rawBody, headers } = multipart([...fields(), { name: 'attachments', filename: 'clip.mp4', type: 'video/mp4', bytes: Buffer.concat([fixtures.mp4(), Buffer.alloc(3 * 1024 * 1024, 1)]) }]);
    const req = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/api/customer/complaints',
      headers: { host: brand.domain, authorization: `Bearer ${alice.token}`, 'x-requested-with': 'fetch', 'content-type': headers['content-type'], 'content-length': String(rawBody.length) },
    });
    req.on('error', () => undefined);
    await new Promise<void>((resolve) => req.write(rawBody.subarray(0, 2 * 1024 * 1024), () => resolve()));
    // Wait until the server has started storing the file, then hang up.
    const tmp = `${diskStoreRoot()}/tmp`;
    let seen = false;
    for (let i = 0; i < 400 && !(seen = storeObjects().some((f) => f.startsWith(tmp))); i++) await new Promise((r) => setTimeout(r, 50));
    req.destroy();
    // Otherwise the test would prove nothing: the hang-up must come while a partial file exists.
    expect(seen).toBe(true);
    // The server notices the hang-up and removes the partial file (bounded wait, no fixed sleep).
    for (let i = 0; i < 400 && storeObjects().join() !== before.join(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(storeObjects()).toEqual(before);
    expect(await countRows(files, brand.id)).toBe(0);
  });

  it('removes the stored files of a form refused after they were read (an unknown unit)', async () => {
    const { brand, alice } = await setup();
    const before = storeObjects();
    const res = await raise(brand.domain, alice, [
      { name: 'attachments', filename: 'a.png', type: 'image/png', bytes: fixtures.png(200_000) },
      { name: 'attachments', filename: 'b.pdf', type: 'application/pdf', bytes: fixtures.pdf(300_000) },
      ...fields({ unitId: 'un_not_mine_at_all' }),
    ]);
    expect(res.status).toBe(404);
    expect(await countRows(files, brand.id)).toBe(0);
    expect(storeObjects()).toEqual(before);
  });

  it('keeps the bytes in the store, not in the database, with their size and hash', async () => {
    const { brand, alice } = await setup();
    const pdf = fixtures.pdf(2 * 1024 * 1024);
    const res = await raise(brand.domain, alice, [...fields(), { name: 'attachments', filename: 'report.pdf', type: 'application/pdf', bytes: pdf }]);
    expect(res.status).toBe(201);
    const [row] = await (await getDb()).select().from(files).where(eq(files.clientId, brand.id));
    expect(row).toMatchObject({ customerId: alice.customerId, size: pdf.length, bytes: null, storageKey: expect.stringMatching(/^[0-9a-f]{2}\/[0-9a-f]{32}$/) });
    const object = await fileStore().get(row!.storageKey!);
    expect(Buffer.concat(await object!.body.toArray()).equals(pdf)).toBe(true);
  });
});

describe('streaming files out', () => {
  async function uploaded() {
    const { brand, alice } = await setup();
    const pdf = fixtures.pdf(1024 * 1024 + 3);
    const res = await raise(brand.domain, alice, [...fields(), { name: 'attachments', filename: 'Rechnung März.pdf', type: 'application/pdf', bytes: pdf }]);
    expect(res.status).toBe(201);
    return { brand, alice, pdf, fileId: res.body.attachments[0].fileId as string };
  }

  it('streams the file with its type, length, name and nosniff', async () => {
    const { brand, alice, pdf, fileId } = await uploaded();
    const res = await as(server, brand.domain, alice)('GET', `/api/customer/files/${fileId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(pdf.length));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Rechnung M_rz.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(Buffer.from(res.text, 'latin1').length).toBeGreaterThan(0);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: server.port, path: `/api/customer/files/${fileId}?disposition=inline`, headers: { host: brand.domain, authorization: `Bearer ${alice.token}` } }, (r) => {
          expect(r.headers['content-disposition']).toMatch(/^inline; /);
          const chunks: Buffer[] = [];
          r.on('data', (c) => chunks.push(c));
          r.on('end', () => resolve(Buffer.concat(chunks)));
        })
        .on('error', reject);
    });
    expect(raw.equals(pdf)).toBe(true);
  });

  it("answers 404 for another customer's file and for another brand's", async () => {
    const { brand, fileId } = await uploaded();
    const bob = await signedInCustomer(brand.id);
    expect((await as(server, brand.domain, bob)('GET', `/api/customer/files/${fileId}`)).status).toBe(404);
    const other = await createTestBrand({ flags: FLAGS });
    const carol = await signedInCustomer(other.id);
    const res = await as(server, other.domain, carol)('GET', `/api/customer/files/${fileId}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorMessage: 'File not found', code: 'not_found' });
  });

  it('still serves a file stored in the database before the file store (migration 0007)', async () => {
    const { brand, alice } = await setup();
    const png = fixtures.png(4096);
    const id = randomId('fl', 24);
    await (await getDb()).insert(files).values({ id, clientId: brand.id, customerId: alice.customerId, mediaType: 'image', contentType: 'image/png', size: png.length, originalName: 'old.png', sha256: 'x', bytes: png });
    const res = await new Promise<{ status: number; type?: string; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: server.port, path: `/api/customer/files/${id}`, headers: { host: brand.domain, authorization: `Bearer ${alice.token}` } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c) => chunks.push(c));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, type: r.headers['content-type'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(res).toMatchObject({ status: 200, type: 'image/png' });
    expect(res.body.equals(png)).toBe(true);
    const [row] = await (await getDb()).select({ n: files.id }).from(files).where(and(eq(files.id, id), eq(files.clientId, brand.id)));
    expect(row).toBeDefined();
  });
});

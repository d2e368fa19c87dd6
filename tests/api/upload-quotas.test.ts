import { readdirSync } from 'node:fs';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { complaintWithPdf, countRows, signedInCustomer, type TestCustomer } from '../support/aftersales';
import { files, uploadReservations } from '@/lib/db/schema';
import { diskStoreRoot } from '@/lib/files';
import { getDb } from '@/lib/db/client';
import { randomId } from '@/lib/ids';
import { releaseReservation, reserveQuota, settleReservation } from '@/lib/api/aftersales/upload-quota';

// Upload quotas: all files of one customer at a brand (UPLOAD_QUOTA_CUSTOMER_MB) and all files of
// a brand (UPLOAD_QUOTA_BRAND_MB), small here so the test sends little. Read once per test file.
process.env.UPLOAD_QUOTA_CUSTOMER_MB = '0.5';
process.env.UPLOAD_QUOTA_BRAND_MB = '0.75';

jest.setTimeout(60_000);

const server = apiServerForFile();

const FLAGS = { isComplaintManagementEnabled: true };
const KB = 1024;

const complaint = (host: string, who: TestCustomer, size: number) => complaintWithPdf(server, host, who, size);

function storeObjects(): number {
  try {
    return (readdirSync(diskStoreRoot()!, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]).filter((d) => d.isFile()).length;
  } catch {
    return 0;
  }
}

it("refuses a customer's upload past their quota with 413 naming it, storing nothing", async () => {
  const brand = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: ['Low'] } });
  const alice = await signedInCustomer(brand.id);
  expect((await complaint(brand.domain, alice, 300 * KB)).status).toBe(201);
  const objects = storeObjects();
  const res = await complaint(brand.domain, alice, 300 * KB);
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ errorMessage: 'Upload quota reached: your files may take at most 0.5 MB in all at this brand (0.3 MB used).', code: 'payload_too_large' });
  expect(await countRows(files, brand.id)).toBe(1);
  expect(storeObjects()).toBe(objects);
  // Another customer of the brand has their own quota.
  const bob = await signedInCustomer(brand.id);
  expect((await complaint(brand.domain, bob, 300 * KB)).status).toBe(201);
});

it("refuses an upload past the brand's quota, and leaves other brands alone", async () => {
  const brand = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: ['Low'] } });
  const [alice, bob, carol] = [await signedInCustomer(brand.id), await signedInCustomer(brand.id), await signedInCustomer(brand.id)];
  expect((await complaint(brand.domain, alice, 300 * KB)).status).toBe(201);
  expect((await complaint(brand.domain, bob, 300 * KB)).status).toBe(201);
  const res = await complaint(brand.domain, carol!, 200 * KB);
  expect(res.status).toBe(413);
  expect(res.body.errorMessage).toBe("Upload quota reached: this brand's files may take at most 0.8 MB in all. Please contact the brand.");
  expect(await countRows(files, brand.id)).toBe(2);
  const other = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: ['Low'] } });
  expect((await complaint(other.domain, await signedInCustomer(other.id), 300 * KB)).status).toBe(201);
});

it('counts erased files no more: a deleted account frees its share of the brand quota', async () => {
  const brand = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: ['Low'] } });
  const alice = await signedInCustomer(brand.id);
  const bob = await signedInCustomer(brand.id);
  expect((await complaint(brand.domain, alice, 400 * KB)).status).toBe(201);
  expect((await complaint(brand.domain, bob, 400 * KB)).status).toBe(413);
  const deleted = await call(server, brand.domain, 'POST', '/api/customer/delete-account', { token: alice.token, body: { confirm: 'DELETE' } });
  expect(deleted.status).toBe(200);
  expect((await complaint(brand.domain, bob, 400 * KB)).status).toBe(201);
});

it('lets exactly as many concurrent uploads through as the quota holds, and keeps no reservation after', async () => {
  // 0.5 MB allows three forms of 150 kB (their bodies a little more), not four.
  const brand = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: ['Low'] } });
  const alice = await signedInCustomer(brand.id);
  const results = await Promise.all(Array.from({ length: 6 }, () => complaint(brand.domain, alice, 150 * KB)));
  const statuses = results.map((r) => r.status).sort();
  expect(statuses).toEqual([201, 201, 201, 413, 413, 413]);
  for (const r of results.filter((x) => x.status === 413)) expect(r.body.errorMessage).toMatch(/^Upload quota reached: your files may take at most 0.5 MB in all at this brand/);
  expect(await countRows(files, brand.id)).toBe(3);
  expect(await countRows(uploadReservations, brand.id)).toBe(0);
});

it("holds the brand's quota against concurrent uploads of many customers, and warns the operator past 90%", async () => {
  // 0.75 MB allows four forms of 150 kB... and a fifth (4 x 151.5 kB + 150 kB < 768 kB), not a sixth.
  const brand = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: ['Low'] } });
  const people = await Promise.all(Array.from({ length: 7 }, () => signedInCustomer(brand.id)));
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const results = await Promise.all(people.map((p) => complaint(brand.domain, p, 150 * KB)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 413).map((r) => r.body.errorMessage)).toEqual([
      "Upload quota reached: this brand's files may take at most 0.8 MB in all. Please contact the brand.",
      "Upload quota reached: this brand's files may take at most 0.8 MB in all. Please contact the brand.",
    ]);
    expect(await countRows(files, brand.id)).toBe(5);
    expect(await countRows(uploadReservations, brand.id)).toBe(0);
    const warnings = warn.mock.calls.map(([m]) => String(m)).filter((m) => m.includes(`uploads of brand ${brand.id} take`));
    expect(warnings).toHaveLength(1); // once, not at every upload
    expect(warnings[0]).toMatch(/of its 0.8 MB quota \(9\d%\); past it every customer's upload is refused: raise UPLOAD_QUOTA_BRAND_MB or free space$/);
  } finally {
    warn.mockRestore();
  }
});

it("counts a file once while its upload's reservation is still held after its row went in", async () => {
  // Between the files row's insert and the reservation's release both exist: the reservation
  // names the stored object, so the row is not counted beside it.
  const brand = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: ['Low'] } });
  const alice = await signedInCustomer(brand.id);
  const first = await reserveQuota(brand.id, alice.customerId, 300 * KB);
  expect(first.left).toBe(300 * KB);
  const key = randomId('key');
  await settleReservation(first.id, 300 * KB, [key]);
  const db = await getDb();
  await db.insert(files).values({ id: randomId('fl'), clientId: brand.id, customerId: alice.customerId, mediaType: 'pdf', contentType: 'application/pdf', size: 300 * KB, originalName: 'a.pdf', sha256: '0'.repeat(64), storageKey: key });
  const second = await reserveQuota(brand.id, alice.customerId, 300 * KB);
  expect(second.left).toBe(512 * KB - 300 * KB);
  await releaseReservation(first.id);
  await releaseReservation(second.id);
  // Released: the row alone counts.
  const third = await reserveQuota(brand.id, alice.customerId, 300 * KB);
  expect(third.left).toBe(512 * KB - 300 * KB);
  await releaseReservation(third.id);
  expect(await countRows(uploadReservations, brand.id)).toBe(0);
});

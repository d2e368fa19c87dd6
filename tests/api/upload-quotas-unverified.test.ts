import { eq } from 'drizzle-orm';
import { createTestBrand, apiServerForFile } from '../support/api-server';
import { complaintWithPdf, countRows, signedInCustomer, type TestCustomer } from '../support/aftersales';
import { getDb } from '@/lib/db/client';
import { customers, files, uploadReservations } from '@/lib/db/schema';

// Accounts whose contact is not confirmed (docs/security.md, "Accounts") may upload a little
// each (UPLOAD_QUOTA_UNVERIFIED_MB), and all of them together a tenth of the brand quota, so
// throwaway sign-ups cannot fill the brand's space. Small here so the test sends little.
process.env.UPLOAD_QUOTA_CUSTOMER_MB = '0.5';
process.env.UPLOAD_QUOTA_BRAND_MB = '2'; // unconfirmed accounts together: 204.8 kB
process.env.UPLOAD_QUOTA_UNVERIFIED_MB = '0.1'; // 102.4 kB each

jest.setTimeout(60_000);

const server = apiServerForFile();

const FLAGS = { isComplaintManagementEnabled: true };
const KB = 1024;

const complaint = (host: string, who: TestCustomer, size: number) => complaintWithPdf(server, host, who, size);

async function unverified(clientId: string) {
  const who = await signedInCustomer(clientId);
  await (await getDb()).update(customers).set({ contactVerifiedAt: null }).where(eq(customers.id, who.customerId));
  return who;
}

it('gives an account with an unconfirmed contact a small quota, and the full one once it is confirmed', async () => {
  const brand = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: ['Low'] } });
  const alice = await unverified(brand.id);
  expect((await complaint(brand.domain, alice, 60 * KB)).status).toBe(201);
  const res = await complaint(brand.domain, alice, 60 * KB);
  expect(res.status).toBe(413);
  expect(res.body).toEqual({
    errorMessage: 'Upload quota reached: until you confirm your e-mail address or mobile number, your files may take at most 0.1 MB at this brand (0.1 MB used).',
    code: 'payload_too_large',
  });
  expect(await countRows(uploadReservations, brand.id)).toBe(0);
  await (await getDb()).update(customers).set({ contactVerifiedAt: new Date() }).where(eq(customers.id, alice.customerId));
  expect((await complaint(brand.domain, alice, 60 * KB)).status).toBe(201);
  expect(await countRows(files, brand.id)).toBe(2);
});

it('caps what all unconfirmed accounts of a brand may upload together, leaving confirmed customers room', async () => {
  const brand = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: ['Low'] } });
  const throwaway = await Promise.all(Array.from({ length: 4 }, () => unverified(brand.id)));
  const results = [];
  for (const who of throwaway) results.push(await complaint(brand.domain, who, 60 * KB));
  expect(results.map((r) => r.status)).toEqual([201, 201, 201, 413]);
  expect(results[3]!.body.errorMessage).toBe('Upload quota reached: confirm your e-mail address or mobile number to upload files at this brand.');
  const confirmed = await signedInCustomer(brand.id);
  expect((await complaint(brand.domain, confirmed, 300 * KB)).status).toBe(201);
});

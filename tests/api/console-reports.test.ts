import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { consoleCall, signedInStaff } from '../support/console';
import { createTestBatch } from '../support/codes';
import { createTestCustomer } from '../support/customers';
import { fixtures, multipart } from '../support/aftersales';
import { newDeviceId } from '@/lib/edge/device-id';
import { phoneHeaders, SIX_CITIES } from '../support/devices';
import { runOperatorCommand } from '@/lib/operator/commands';
import { getDb } from '@/lib/db/client';
import { reports } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';

// Customers' reports of suspicious products reach the brand (lib/console/reports/): a report sent
// from /report with a photo and the evidence report of a check is listed for the brand's staff with
// that evidence (only when it names one of the brand's scans), its code's product and its photo,
// filtered, per brand and role, with a clear 4xx for bad input; the command line lists the same.

jest.setTimeout(60_000);
const server = apiServerForFile({ env: { TRUST_PROXY: '1' } });
const base = (slug: string) => `/api/console/brands/${slug}`;
const PNG = fixtures.png();

async function setup() {
  const brand = await createTestBrand({ flags: { isRedFlaggingEnabled: true } });
  const batch = await createTestBatch(brand, { units: 2 });
  const customer = await createTestCustomer(brand.id);
  const verify = async (qrId: string, query: string) => call(server, brand.domain, 'GET', `/api/verify/info/${qrId}${query}`, { headers: await phoneHeaders(brand.domain, newDeviceId()) });
  const report = (fields: Record<string, string>, photo = false) =>
    call(server, brand.domain, 'POST', '/api/report', {
      token: customer.token,
      ...multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...(photo ? [{ name: 'photo', filename: 'pack.png', type: 'image/png', bytes: PNG }] : [])]),
    });
  return { brand, batch, customer, verify, report };
}

describe("customers' reports in the console", () => {
  it('lists each report with its evidence, product, place and photo, newest first; filters by evidence and product; serves the photo in place', async () => {
    const { brand, batch, verify, report } = await setup();
    const qrId = batch.units[0]!.overt.qrId;
    // A copied code: checked in six cities the same minutes by unrelated phones (suspect: an evidence report).
    for (const q of SIX_CITIES.slice(0, 5)) await verify(qrId, q);
    const copy = await verify(qrId, SIX_CITIES[5]!);
    const copyRef = copy.body.evidence.reference as string;
    // A code the brand never issued (Fake: an evidence report of no code of the brand).
    const fake = await verify('NoSuchCode7654321', '');
    expect(fake.body.result).toBe('Fake');
    const fakeRef = fake.body.evidence.reference as string;
    // Another brand's scan, and a reference typed by hand, prove nothing here.
    const other = await setup();
    const otherRef = (await other.verify('NoSuchCode7654321', '')).body.evidence.reference as string;

    const r1 = await report({ description: `Evidence report: ${copyRef}\nSame code on a pack in Delhi.`, qrId, lat: '28.61234', lng: '77.20987' }, true);
    expect(r1.status).toBe(201);
    const r2 = await report({ description: `Evidence report: ${fakeRef}\nScans as fake.`, qrId: 'NoSuchCode7654321' });
    const r3 = await report({ description: `Evidence report: ${otherRef}\nAnother brand's check.` });
    const r4 = await report({ description: 'Evidence report: sc_AAAAAAAAAAAAAAAA\nTyped by hand.' });
    const agent = await signedInStaff(server, { clientId: brand.id, role: 'support' });

    const list = await agent.fetch(`${base(brand.slug)}/reports`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(list.body.reports.map((r: { id: string }) => r.id)).toEqual([r4.body.reportId, r3.body.reportId, r2.body.reportId, r1.body.reportId]);
    const [fourth, third, second, first] = list.body.reports;
    expect(first).toEqual({
      id: r1.body.reportId,
      description: `Evidence report: ${copyRef}\nSame code on a pack in Delhi.`,
      qrId,
      productName: 'Test Serum',
      evidence: { reference: copyRef, qrId },
      customerName: 'Test Customer',
      place: { lat: 28.61, lng: 77.21, near: 'New Delhi' },
      hasPhoto: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(second).toMatchObject({ qrId: 'NoSuchCode7654321', productName: null, evidence: { reference: fakeRef, qrId: null }, place: null, hasPhoto: false });
    expect(third).toMatchObject({ qrId: null, productName: null, evidence: null, hasPhoto: false });
    expect(fourth).toMatchObject({ description: 'Evidence report: sc_AAAAAAAAAAAAAAAA\nTyped by hand.', evidence: null });

    const withEvidence = await agent.fetch(`${base(brand.slug)}/reports?evidence=with`);
    expect(withEvidence.body.reports.map((r: { id: string }) => r.id)).toEqual([r2.body.reportId, r1.body.reportId]);
    expect(withEvidence.body.total).toBe(2);
    const productId = list.body.products[0].id as string;
    const ofProduct = await agent.fetch(`${base(brand.slug)}/reports?product=${productId}`);
    expect(ofProduct.body.reports.map((r: { id: string }) => r.id)).toEqual([r1.body.reportId]);

    const photo = await agent.fetch(`${base(brand.slug)}/reports/${r1.body.reportId}/photo?disposition=inline`);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-length']).toBe(String(PNG.length));
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.headers['content-disposition']).toMatch(/^inline; /);
    const none = await agent.fetch(`${base(brand.slug)}/reports/${r2.body.reportId}/photo`);
    expect(none.status).toBe(404);
    expect(none.body.errorMessage).toBe('Photo not found');

    // The command line lists the same rows, with the same filters.
    expect(await runOperatorCommand('list-reports', { slug: brand.slug, evidence: 'with' })).toEqual(withEvidence.body.reports);
    await expect(runOperatorCommand('list-reports', { slug: brand.slug, evidence: 'maybe' })).rejects.toThrow(/evidence/);
  });

  it('shows a photo kept on the report itself, as reports were before the file store (migration 0007)', async () => {
    const { brand } = await setup();
    const db = await getDb();
    const [withPhoto, without] = [randomId('rp', 16), randomId('rp', 16)]; // the PostgreSQL test database outlives a run
    await db.insert(reports).values({ id: withPhoto, clientId: brand.id, description: 'Old report', photo: PNG, photoType: 'image/png' });
    await db.insert(reports).values({ id: without, clientId: brand.id, description: 'Old report without a photo' });
    const agent = await signedInStaff(server, { clientId: brand.id, role: 'support' });
    const list = await agent.fetch(`${base(brand.slug)}/reports`);
    expect(Object.fromEntries(list.body.reports.map((r: { id: string; hasPhoto: boolean }) => [r.id, r.hasPhoto]))).toEqual({ [withPhoto]: true, [without]: false });
    const photo = await agent.fetch(`${base(brand.slug)}/reports/${withPhoto}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-length']).toBe(String(PNG.length));
    expect((await agent.fetch(`${base(brand.slug)}/reports/${without}/photo`)).status).toBe(404);
  });

  it("keeps each brand's reports to its own staff, by role, and answers bad input with a clear 4xx", async () => {
    const { brand, report } = await setup();
    const r = await report({ description: 'Seal broken' }, true);
    const reportId = r.body.reportId as string;
    const other = await setup();
    const outsider = await signedInStaff(server, { clientId: other.brand.id, role: 'owner' });
    // another brand's staff: not a member here (404), and the report is not theirs on their own brand (404)
    expect((await outsider.fetch(`${base(brand.slug)}/reports`)).status).toBe(404);
    expect((await outsider.fetch(`${base(other.brand.slug)}/reports`)).body.total).toBe(0);
    const foreign = await outsider.fetch(`${base(other.brand.slug)}/reports/${reportId}/photo`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorMessage).toBe('Report not found');
    // roles: the analyst reads red flags and reports; finance does not
    expect((await (await signedInStaff(server, { clientId: brand.id, role: 'analyst' })).fetch(`${base(brand.slug)}/reports`)).status).toBe(200);
    expect((await (await signedInStaff(server, { clientId: brand.id, role: 'finance' })).fetch(`${base(brand.slug)}/reports`)).status).toBe(403);
    // bad input names the field
    const agent = await signedInStaff(server, { clientId: brand.id, role: 'support' });
    const badFilter = await agent.fetch(`${base(brand.slug)}/reports?evidence=maybe`);
    expect(badFilter.status).toBe(422);
    expect(badFilter.body.errorMessage).toMatch(/evidence/);
    const badPage = await agent.fetch(`${base(brand.slug)}/reports?pageSize=1000`);
    expect(badPage.status).toBe(422);
    expect(badPage.body.errorMessage).toMatch(/pageSize/);
    const badId = await agent.fetch(`${base(brand.slug)}/reports/not-a-report/photo`);
    expect(badId.status).toBe(422);
    expect(badId.body.errorMessage).toMatch(/reportId/);
    // no session at all
    expect((await consoleCall(server, 'GET', `${base(brand.slug)}/reports`)).status).toBe(401);
  });
});

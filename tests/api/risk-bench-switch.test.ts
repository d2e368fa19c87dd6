import { eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { createTestBatch } from '../support/codes';
import { getDb } from '@/lib/db/client';
import { scans, unitSessions } from '@/lib/db/schema';
import { newDeviceId } from '@/lib/edge/device-id';
import { issuedFor } from '../support/devices';
import { loadIpPlaces } from '@/lib/places/ip-place';

// BENCH_SKIP_RISK=1, the bench's switch (docs/benchmarks.md, "The risk assessment's cost"): scans
// are served as before the risk assessment, so `npm run bench` can compare the two in one run.
// The switch must really skip the work (no risk, no session kept) and change nothing else.

const server = apiServerForFile({ env: { BENCH_SKIP_RISK: '1', TRUST_PROXY: '1' } });
jest.setTimeout(30_000);
// The address table in memory, so a look-up of 49.36.0.1 would place it (Navi Mumbai) if one were made.
beforeAll(() => loadIpPlaces([4]), 60_000);

it('answers the verdict and its count without a risk, keeps the scan (with its shared place) and no session', async () => {
  const brand = await createTestBrand();
  const batch = await createTestBatch(brand, { units: 1 });
  const qrId = batch.units[0]!.overt.qrId;
  const scan = async (query = '') =>
    call(server, brand.domain, 'GET', `/api/verify/info/${qrId}${query}`, { headers: { 'x-device-id': await issuedFor(brand.domain, newDeviceId()), 'x-forwarded-for': '49.36.0.1' } });
  const first = await scan('?lat=18.52&lng=73.86');
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ result: 'Info', verification: { count: 1 } });
  expect(first.body).not.toHaveProperty('risk');
  const second = await scan();
  expect(second.body).toMatchObject({ result: 'Info', verification: { count: 2 } });
  expect(second.body).not.toHaveProperty('risk');

  const db = await getDb();
  const kept = await db.select().from(scans).where(eq(scans.clientId, brand.id)).orderBy(scans.at);
  expect(kept.map((s) => ({ lat: s.lat, lng: s.lng, placeFromIp: s.placeFromIp, sessionKey: s.sessionKey, risk: s.risk }))).toEqual([
    { lat: 18.52, lng: 73.86, placeFromIp: false, sessionKey: null, risk: null },
    // no address place is looked up without the assessment
    { lat: null, lng: null, placeFromIp: false, sessionKey: null, risk: null },
  ]);
  expect(await db.select().from(unitSessions).where(eq(unitSessions.clientId, brand.id))).toEqual([]);
});

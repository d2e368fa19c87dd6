import { and, eq } from 'drizzle-orm';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { createTestBatch } from '../support/codes';
import { getDb } from '@/lib/db/client';
import { unitFirstPlaces } from '@/lib/db/schema';
import { newDeviceId } from '@/lib/edge/device-id';
import { phoneHeaders } from '../support/devices';
import { RISK_SESSIONS_READ } from '@/lib/api/verify/read-code';

// "First verified … near X" names where the pack was first seen (docs/verification.md, "Places as
// people know them"): the unit keeps that place (migration 0067), so it is not lost once more
// sessions than the verify read takes have come after it, and it is only ever a place someone gave.

const server = apiServerForFile({ env: { TRUST_PROXY: '1' } });
jest.setTimeout(120_000);

const PUNE = '?lat=18.52&lng=73.86';

async function setup() {
  const brand = await createTestBrand({ flags: { isRedFlaggingEnabled: true } });
  const batch = await createTestBatch(brand, { units: 2 });
  const scan = async (qrId: string, opts: { device?: string; query?: string; address?: string } = {}) =>
    call(server, brand.domain, 'GET', `/api/verify/info/${qrId}${opts.query ?? ''}`, {
      headers: opts.device ? await phoneHeaders(brand.domain, opts.device) : { 'x-forwarded-for': opts.address ?? '10.200.0.9' },
    });
  const kept = async (qrId: string) => {
    const unit = batch.units.find((u) => u.overt.qrId === qrId)!;
    const db = await getDb();
    return db.select().from(unitFirstPlaces).where(and(eq(unitFirstPlaces.clientId, brand.id), eq(unitFirstPlaces.unitKey, unit.overt.pairId ?? '')));
  };
  return { brand, batch, scan, kept };
}

it('keeps where the pack was first seen after more sessions than the read takes', async () => {
  const { batch, scan } = await setup();
  const qrId = batch.units[0]!.overt.qrId;
  expect((await scan(qrId, { device: newDeviceId(), query: PUNE })).status).toBe(200);
  // More people than the read takes, none sharing a place: the first session is no longer among them.
  for (let i = 0; i < RISK_SESSIONS_READ; i++) expect((await scan(qrId, { device: newDeviceId() })).status).toBe(200);
  const later = await scan(qrId, { device: newDeviceId() });
  // (people: those among the sessions read and this one)
  expect(later.body.risk.reasons[0]).toMatch(/^First verified on .+ near Pune\. Verified 42 times since, by 41 different people\.$/);
  expect(later.body.risk.reasonCodes[0]).toMatchObject({ code: 'history', values: { place: 'Pune', count: 42 } });
  // Heads in one place (or none given) are no copy.
  expect(later.body.risk.level).toBe('none');
});

it('never takes a network-only place (no device, no account) as where the pack was first seen', async () => {
  const { batch, scan, kept } = await setup();
  const qrId = batch.units[1]!.overt.qrId;
  // A bare location query from nobody's session is kept with the scan but judges nothing.
  expect((await scan(qrId, { query: PUNE })).status).toBe(200);
  expect(await kept(qrId)).toEqual([]);
  const next = await scan(qrId, { device: newDeviceId() });
  expect(next.body.risk.reasons[0]).not.toMatch(/near/);
  // The first place someone gave is kept.
  await scan(qrId, { device: newDeviceId(), query: PUNE });
  expect(await kept(qrId)).toEqual([expect.objectContaining({ lat: 18.52, lng: 73.86 })]);
});

it('keeps the place a phone shares on its rescan within the hour (the verify page asked for it)', async () => {
  const { batch, scan, kept } = await setup();
  const qrId = batch.units[0]!.overt.qrId;
  const phone = newDeviceId();
  expect((await scan(qrId, { device: phone })).body.risk.askLocation).toBe(true);
  expect(await kept(qrId)).toEqual([]);
  // The same phone, now sharing its place: its session takes the place (an update of the session).
  expect((await scan(qrId, { device: phone, query: PUNE })).status).toBe(200);
  expect(await kept(qrId)).toEqual([expect.objectContaining({ lat: 18.52, lng: 73.86 })]);
  // A rescan that changes no place leaves it as it is.
  expect((await scan(qrId, { device: phone, query: '?lat=28.61&lng=77.21' })).status).toBe(200);
  expect(await kept(qrId)).toEqual([expect.objectContaining({ lat: 18.52, lng: 73.86 })]);
});

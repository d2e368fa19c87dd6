import { closeDb, getDb } from '@/lib/db/client';
import { resetEnvCache } from '@/lib/edge/env';
import { runCloneSimulation, SMALL_SIMULATION } from '@/lib/simulation/clone-simulation';

// The small version of `npm run simulate` (docs/verification.md, "Simulation"): a fixed seed,
// every scan through the real Brand API, exact expected counts. A change to the rules or their
// defaults that flags a genuine customer or misses a copy changes these numbers.

const before = process.env.SCAN_RATE_LIMIT_PER_MINUTE;
beforeAll(async () => {
  process.env.SCAN_RATE_LIMIT_PER_MINUTE = '1000000'; // one address sends every simulated scan
  resetEnvCache();
  await getDb();
}, 60_000);
afterAll(async () => {
  if (before === undefined) delete process.env.SCAN_RATE_LIMIT_PER_MINUTE;
  else process.env.SCAN_RATE_LIMIT_PER_MINUTE = before;
  resetEnvCache();
  await closeDb();
});
jest.setTimeout(120_000);

it('flags no genuine customer, even those placed by a carrier gateway\'s address, still catches copies, and never lets a copied covert code claim twice', async () => {
  const report = await runCloneSimulation(SMALL_SIMULATION);
  expect(report).toEqual({
    seed: 7,
    scans: 110,
    // 12 of the 28 genuine people share no location: their gateways put them in far cities
    genuine: { units: 12, people: 28, peoplePlacedByAddress: 12, scans: 66, peopleShownCaution: 0, peopleShownSuspect: 0 },
    // half the copied packs' shoppers are placed by address only, which never counts as a place;
    // new people arriving days after the claim, at separate times or in far-apart places, catch
    // them (the consumed rule; by the 2nd foreign scan 3 of 4 counting times only)
    copies: { codes: 4, packs: 20, packsPlacedByAddress: 10, suspectBy2ndForeignScan: 4, suspectBy3rdForeignScan: 4, suspectBy5thForeignScan: 4 },
    coverts: { codes: 2, packs: 6, genuinePostSaleForASecondCustomer: 0 },
    // the verify answers that offered to share a location (nobody here takes it up)
    locationOffers: { asked: 30, shared: 0 },
    // none for a genuine unit
    redFlags: 6,
  });
});

it('with everyone sharing a location, flags every copied code by its 2nd foreign scan (the same population)', async () => {
  const report = await runCloneSimulation({ ...SMALL_SIMULATION, ipOnlyShare: 0 });
  expect(report).toMatchObject({
    scans: 110,
    genuine: { people: 28, peoplePlacedByAddress: 0, peopleShownCaution: 0, peopleShownSuspect: 0 },
    copies: { packsPlacedByAddress: 0, suspectBy2ndForeignScan: 4, suspectBy3rdForeignScan: 4, suspectBy5thForeignScan: 4 },
    coverts: { genuinePostSaleForASecondCustomer: 0 },
    redFlags: 6,
  });
});

it('with everyone who shared no location sharing it when the verify page asks, flags every copied code by its 2nd foreign scan and still no genuine customer', async () => {
  const report = await runCloneSimulation({ ...SMALL_SIMULATION, offerShare: 1 });
  expect(report).toMatchObject({
    scans: 110,
    // 12 genuine rescans with a location, each judged as their person's first check with it
    genuine: { people: 28, peoplePlacedByAddress: 12, scans: 78, peopleShownCaution: 0, peopleShownSuspect: 0 },
    copies: { packsPlacedByAddress: 10, suspectBy2ndForeignScan: 4, suspectBy3rdForeignScan: 4, suspectBy5thForeignScan: 4 },
    coverts: { genuinePostSaleForASecondCustomer: 0 },
    locationOffers: { asked: 19, shared: 19 },
    redFlags: 6,
  });
});

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
    // half the copied packs' shoppers are placed by address only, behind 7 carrier gateways that
    // are one network each: five shoppers of a copy never add up to more than three independent
    // witnesses here, so none is suspect (bounded influence: forgery before copies; each was 4 of 4
    // before the bound). They are shown caution instead.
    copies: { codes: 4, packs: 20, packsPlacedByAddress: 10, suspectBy2ndForeignScan: 0, suspectBy3rdForeignScan: 0, suspectBy5thForeignScan: 0 },
    coverts: { codes: 2, packs: 6, genuinePostSaleForASecondCustomer: 0 },
    // the verify answers that offered to share a location (nobody here takes it up)
    locationOffers: { asked: 43, shared: 0 },
    // none at all: no suspicion here is corroborated beyond three witnesses
    redFlags: 0,
  });
});

it('with everyone sharing a location (each on a network of their own), flags every copied code by its 5th foreign scan (the same population)', async () => {
  const report = await runCloneSimulation({ ...SMALL_SIMULATION, ipOnlyShare: 0 });
  expect(report).toMatchObject({
    scans: 110,
    genuine: { people: 28, peoplePlacedByAddress: 0, peopleShownCaution: 0, peopleShownSuspect: 0 },
    // the buyer and five shoppers in far cities: three places remain whichever three witnesses are
    // taken away only from the 5th foreign scan (each was by the 2nd before the bound)
    copies: { packsPlacedByAddress: 0, suspectBy2ndForeignScan: 0, suspectBy3rdForeignScan: 0, suspectBy5thForeignScan: 4 },
    coverts: { genuinePostSaleForASecondCustomer: 0 },
    redFlags: 4,
  });
});

it('with everyone who shared no location sharing it when the verify page asks, flags every copied code by its 5th foreign scan and still no genuine customer', async () => {
  const report = await runCloneSimulation({ ...SMALL_SIMULATION, offerShare: 1 });
  expect(report).toMatchObject({
    scans: 110,
    // 12 genuine rescans with a location, each judged as their person's first check with it
    genuine: { people: 28, peoplePlacedByAddress: 12, scans: 78, peopleShownCaution: 0, peopleShownSuspect: 0 },
    copies: { packsPlacedByAddress: 10, suspectBy2ndForeignScan: 0, suspectBy3rdForeignScan: 0, suspectBy5thForeignScan: 4 },
    coverts: { genuinePostSaleForASecondCustomer: 0 },
    locationOffers: { asked: 29, shared: 29 },
    redFlags: 4,
  });
});

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

it('flags no genuine customer in any family (after-sales life, busy shelves, resale, previews), even those placed by a carrier gateway\'s address, lets no forger above caution, catches copies sold first by their made-up hidden codes, and never lets a copied covert code claim twice', async () => {
  const report = await runCloneSimulation(SMALL_SIMULATION);
  expect(report).toEqual({
    seed: 7,
    scans: 272,
    // 12 of the 28 genuine people share no location: their gateways put them in far cities
    genuine: { units: 12, people: 28, peoplePlacedByAddress: 12, scans: 66, peopleShownCaution: 0, peopleShownSuspect: 0 },
    // half the copied packs' shoppers are placed by address only, behind 7 carrier gateways that
    // are one network each: five shoppers of a copy never add up to more than three independent
    // witnesses here, so none is suspect (bounded influence: forgery before copies; each was 4 of 4
    // before the bound). They are shown caution instead.
    // (notBy5th: of the codes not suspect by their 5th foreign scan, how many had 0…6 people, the
    // buyer and five shoppers, who gave a place: three far places standing whichever three
    // witnesses are taken away need all six)
    copies: { codes: 4, packs: 20, packsPlacedByAddress: 10, suspectBy2ndForeignScan: 0, suspectBy3rdForeignScan: 0, suspectBy5thForeignScan: 0, notBy5th: [0, 0, 1, 3, 0, 0, 0] },
    coverts: { codes: 2, packs: 6, genuinePostSaleForASecondCustomer: 0 },
    // after-sales life is normal: installers and technicians at home, a spouse days later, busy
    // shelves, resale, a shared link's previews: nobody genuine shown caution or suspect. The
    // buyers of forged units and their households see caution at most (the forgery target).
    families: {
      purchase: { people: 28, shownCaution: 0, shownSuspect: 0 },
      service: { people: 6, shownCaution: 0, shownSuspect: 0 },
      lateHousehold: { people: 6, shownCaution: 0, shownSuspect: 0 },
      busyShelf: { people: 21, shownCaution: 0, shownSuspect: 0 },
      resale: { people: 6, shownCaution: 0, shownSuspect: 0 },
      sharedLink: { people: 4, shownCaution: 0, shownSuspect: 0 },
      forged: { people: 4, shownCaution: 4, shownSuspect: 0 },
    },
    // copies sold before the genuine pack: their buyers' made-up hidden codes are the evidence;
    // the genuine buyer is told the code is copied at the shelf, never once they have claimed it
    copiesBefore: {
      // the one not suspect by its 5th copy: the buyers who had typed a made-up hidden code by then
      // were on fewer than four networks, so no finding survives taking three witnesses away
      here: { codes: 2, packs: 10, suspectBy3rdCopy: 0, suspectBy5thCopy: 1, notBy5th: { beyondTheBound: 1, missedByTheRules: 0 } },
      elsewhere: { codes: 2, packs: 10, suspectBy3rdCopy: 0, suspectBy5thCopy: 2, notBy5th: { beyondTheBound: 0, missedByTheRules: 0 } },
      genuine: { buyers: 4, shownSuspectBeforeClaim: 4, claimantsShownSuspect: 0, households: 3, householdsShownSuspect: 3 },
    },
    // one forger per unit, up to three addresses, 20 requests each: nothing above caution, no flag
    forgery: { units: 2, requests: 40, refused: 11, answersAboveCaution: 0, redFlags: 0 },
    previews: { sent: 8, recorded: 0 },
    // the verify answers that offered to share a location (nobody here takes it up)
    locationOffers: { asked: 79, shared: 0 },
    // every place an answer names is where the unit really was checked: never a carrier gateway's
    // city (12 people here are placed only by one), never a forger's made-up sea
    places: { named: 273, notNearACheck: 0, examples: [] },
    // only the copies sold first (their made-up hidden codes, from more than three buyers)
    redFlags: 4,
  });
});

it('with everyone sharing a location (each on a network of their own), flags every copied code by its 5th foreign scan (the same population)', async () => {
  const report = await runCloneSimulation({ ...SMALL_SIMULATION, ipOnlyShare: 0 });
  expect(report).toMatchObject({
    scans: 272,
    genuine: { people: 28, peoplePlacedByAddress: 0, peopleShownCaution: 0, peopleShownSuspect: 0 },
    // the buyer and five shoppers in far cities: three places remain whichever three witnesses are
    // taken away only from the 5th foreign scan (each was by the 2nd before the bound)
    copies: { packsPlacedByAddress: 0, suspectBy2ndForeignScan: 0, suspectBy3rdForeignScan: 0, suspectBy5thForeignScan: 4 },
    coverts: { genuinePostSaleForASecondCustomer: 0 },
    copiesBefore: { here: { suspectBy5thCopy: 2 }, elsewhere: { suspectBy5thCopy: 2 }, genuine: { claimantsShownSuspect: 0 } },
    forgery: { answersAboveCaution: 0, redFlags: 0 },
    places: { notNearACheck: 0 },
    redFlags: 8,
  });
});

it('with everyone who shared no location sharing it when the verify page asks, flags every copied code by its 5th foreign scan and still no genuine customer', async () => {
  const report = await runCloneSimulation({ ...SMALL_SIMULATION, offerShare: 1 });
  expect(report).toMatchObject({
    scans: 272,
    // 12 genuine rescans with a location, each judged as their person's first check with it
    genuine: { people: 28, peoplePlacedByAddress: 12, scans: 78, peopleShownCaution: 0, peopleShownSuspect: 0 },
    copies: { packsPlacedByAddress: 10, suspectBy2ndForeignScan: 0, suspectBy3rdForeignScan: 0, suspectBy5thForeignScan: 3 },
    coverts: { genuinePostSaleForASecondCustomer: 0 },
    families: { service: { shownCaution: 0, shownSuspect: 0 }, lateHousehold: { shownCaution: 0, shownSuspect: 0 }, busyShelf: { shownCaution: 0, shownSuspect: 0 } },
    previews: { sent: 8, recorded: 0 },
    locationOffers: { asked: 61, shared: 61 },
    places: { notNearACheck: 0 },
    redFlags: 8,
  });
});

import { closeDb, getDb } from '@/lib/db/client';
import { resetEnvCache } from '@/lib/server/env';
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

it('flags no genuine customer, every copied code by its 2nd foreign scan, and never lets a copied covert code claim twice', async () => {
  const report = await runCloneSimulation(SMALL_SIMULATION);
  expect(report).toEqual({
    seed: 7,
    scans: 107,
    genuine: { units: 12, people: 26, scans: 63, peopleShownCaution: 0, peopleShownSuspect: 0 },
    copies: { codes: 4, packs: 20, suspectBy2ndForeignScan: 4, suspectBy3rdForeignScan: 4, suspectBy5thForeignScan: 4 },
    coverts: { codes: 2, packs: 6, genuinePostSaleForASecondCustomer: 0 },
    // one per copied code and per copied covert code; none for a genuine unit
    redFlags: 6,
  });
});

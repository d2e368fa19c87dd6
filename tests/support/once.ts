// Tests that do not use the pass's database (they spawn processes on data folders of their own,
// or test the embedded database's thread itself) run once per `npm test`: scripts/test.mjs sets
// TEST_SECOND_PASS for the PostgreSQL pass, where they are reported as skipped. Run by hand, on
// either database, they run.

/** `describe`, skipped in the second database pass of npm test. */
export const describeOncePerRun: jest.Describe = process.env.TEST_SECOND_PASS ? describe.skip : describe;

/** `it`, skipped in the second database pass of npm test. */
export const itOncePerRun: jest.It = process.env.TEST_SECOND_PASS ? it.skip : it;

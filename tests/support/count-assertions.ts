import { appendFileSync } from 'node:fs';

// Counts the expect calls each test actually ran, when ASSERTION_COUNT_FILE names a file (npm test
// sets it): one line per test, `file<TAB>test<TAB>calls`, appended by every worker. scripts/test.mjs
// sums them in its closing lines, so a change to the suite can show it kept every assertion.
// jest resets the count when a test ends (after its afterEach hooks), so read here it holds the
// test's own calls and its beforeEach/afterEach hooks'; a file's beforeAll calls fall to its first test.
const file = process.env.ASSERTION_COUNT_FILE;
if (file) {
  afterEach(() => {
    const { assertionCalls, currentTestName, testPath } = expect.getState();
    appendFileSync(file, `${testPath ?? ''}\t${(currentTestName ?? '').replace(/\s+/g, ' ')}\t${assertionCalls}\n`);
  });
}

import { badInputTests } from './bad-input';

// Bad input against every operation of the Brand API's OpenAPI document (tests/attack/bad-input.ts):
// the operations at odd places of the document's list. The even places are in bad-input.test.ts.
badInputTests(1);

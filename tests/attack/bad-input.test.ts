import { badInputTests } from './bad-input';

// Bad input against every operation of the Brand API's OpenAPI document (tests/attack/bad-input.ts):
// the operations at even places of the document's list, and the check that the list is the one the
// running server documents. The odd places are in bad-input-second-half.test.ts.
badInputTests(0);

// Next.js's SWC transformer for jest (next/jest), with a cache key of what changes its output.
// Jest keys a transformer without getCacheKey by the file and the whole project configuration;
// the api project's configuration differs between npm test's steps (TEST_SOLO and
// TEST_SECOND_PASS choose the files, jest.config.mjs), so each step transformed every module
// again, and the unit, api and attack projects never shared one. The output depends only on the
// source, its file name, the transformer's options (next/jest's, the same in all three projects),
// the test environment, the ESM extensions, Next's SWC (its version) and Node's.
const crypto = require('node:crypto');
const { createTransformer: createNextTransformer } = require('next/dist/build/swc/jest-transformer');
const { version: nextVersion } = require('next/package.json');

/** Raise when this file's key changes meaning, so no entry of the old key is read. */
const KEY_VERSION = '1';

function createTransformer(options) {
  const inner = createNextTransformer(options);
  const fixed = JSON.stringify(options ?? {});
  return {
    process: (src, filename, jestOptions) => inner.process(src, filename, jestOptions),
    getCacheKey(src, filename, jestOptions) {
      const config = jestOptions.config ?? {};
      return crypto
        .createHash('sha256')
        .update([KEY_VERSION, nextVersion, process.version, filename, fixed, String(config.testEnvironment), JSON.stringify(config.extensionsToTreatAsEsm ?? []), jestOptions.instrument ? 'instrument' : ''].join('\0'))
        .update('\0')
        .update(src)
        .digest('hex');
    },
  };
}

module.exports = { createTransformer };

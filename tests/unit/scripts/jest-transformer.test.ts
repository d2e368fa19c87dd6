import { execFileSync } from 'node:child_process';
import path from 'node:path';

// tests/support/jest-transformer.cjs: next/jest's SWC transformer with a cache key of what changes
// its output, so that npm test's steps (whose project configurations differ in the files they
// choose) and the three projects share one transform cache.

type Transformer = {
  process: (src: string, filename: string, options: object) => { code: string };
  getCacheKey: (src: string, filename: string, options: object) => string;
};
type Module = { createTransformer: (options: object) => Transformer };

const root = path.resolve(__dirname, '../../..');
const SOURCE = "import type { X } from './x';\nexport const verdict: string = 'Genuine';\n";
const FILE = path.join(root, 'lib/example.ts');
let ours: Transformer;
let next: Transformer;
let nextOptions: object;
beforeAll(() => {
  // The api project's transform, as jest.config.mjs makes it (read in a process of its own: jest
  // does not load its own configuration module as a test's import).
  const printed = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', "const c = await (await import('./jest.config.mjs')).default(); console.log(JSON.stringify(c.projects.find((p) => p.displayName === 'api').transform))"],
    { cwd: root, encoding: 'utf8', env: { ...process.env, TEST_SOLO: 'skip' } },
  );
  const [file, options] = Object.values(JSON.parse(printed) as Record<string, [string, object]>)[0]!;
  expect(file).toBe('<rootDir>/tests/support/jest-transformer.cjs'); // jest.config.mjs puts it in place of next's
  nextOptions = options;
  ours = (require(path.join(root, 'tests/support/jest-transformer.cjs')) as Module).createTransformer(options);
  next = (require('next/dist/build/swc/jest-transformer') as Module).createTransformer(options);
});

const jestOptions = (config: object, instrument = false) => ({ config: { testEnvironment: 'node', ...config }, instrument });

it("transforms as next/jest's transformer does", () => {
  const options = jestOptions({});
  expect(ours.process(SOURCE, FILE, options).code).toBe(next.process(SOURCE, FILE, options).code);
  expect(ours.process(SOURCE, FILE, options).code).not.toContain('import type');
});

it("keys a file by what changes its output, not by which tests a step runs", () => {
  const key = ours.getCacheKey(SOURCE, FILE, jestOptions({ testPathIgnorePatterns: ['/node_modules/'] }));
  // Another step's choice of files: the same key.
  expect(ours.getCacheKey(SOURCE, FILE, jestOptions({ testPathIgnorePatterns: ['/node_modules/', 'operator'], testRegex: 'startup' }))).toBe(key);
  // The source, the file, the environment, ESM extensions, coverage and the transformer's options: another key each.
  const others = [
    ours.getCacheKey(`${SOURCE}\n`, FILE, jestOptions({})),
    ours.getCacheKey(SOURCE, `${FILE}x`, jestOptions({})),
    ours.getCacheKey(SOURCE, FILE, jestOptions({ testEnvironment: 'jsdom' })),
    ours.getCacheKey(SOURCE, FILE, jestOptions({ extensionsToTreatAsEsm: ['.ts'] })),
    ours.getCacheKey(SOURCE, FILE, jestOptions({}, true)),
    (require(path.join(root, 'tests/support/jest-transformer.cjs')) as Module).createTransformer({ ...nextOptions, compilerOptions: { experimentalDecorators: true } }).getCacheKey(SOURCE, FILE, jestOptions({})),
  ];
  expect(new Set([key, ...others]).size).toBe(others.length + 1);
});

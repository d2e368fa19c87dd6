import vm from 'node:vm';
import path from 'node:path';
import NodeEnvironment from 'jest-environment-node';

// tests/support/jest-environment.cjs: jest's node environment on an ordinary context of the test
// file's own (vm.constants.DONT_CONTEXTIFY) rather than a sandbox reached through interceptors.
// These tests fail when a jest upgrade makes its context some other way, which would quietly put
// the slow sandbox back. It also keeps V8's code cache of the modules jest compiles, per process.

type Environment = { global: typeof globalThis; getVmContext(): vm.Context | null; setup(): Promise<void>; teardown(): Promise<void> };
type EnvironmentClass = new (config: unknown, context: unknown) => Environment;
const OwnContextEnvironment = require(path.resolve(__dirname, '../../support/jest-environment.cjs')) as EnvironmentClass;

const config = { globalConfig: {}, projectConfig: { testEnvironmentOptions: {}, globals: {}, fakeTimers: {} } };
const context = { console, docblockPragmas: {}, testPath: __filename };
const made: Environment[] = [];
const make = (Env: EnvironmentClass) => {
  const env = new Env(config, context);
  made.push(env);
  return env;
};
afterEach(async () => {
  await Promise.all(made.splice(0).map((env) => env.teardown()));
});

it("gives a file a context whose global object is its own, not a sandbox behind Node's interceptors", () => {
  const env = make(OwnContextEnvironment);
  const ctx = env.getVmContext()!;
  expect(vm.runInContext('this', ctx)).toBe(ctx);
  expect(env.global).toBe(ctx);
  // jest's own environment, for contrast: its context object is a sandbox that is not the global.
  const jests = make(NodeEnvironment as unknown as EnvironmentClass);
  expect(vm.runInContext('this', jests.getVmContext()!)).not.toBe(jests.getVmContext());
});

it("puts Node's globals and jest's in it, apart from this file's, and leaves vm as it found it", () => {
  const createContext = vm.createContext;
  const env = make(OwnContextEnvironment);
  expect(vm.createContext).toBe(createContext);
  const ctx = env.getVmContext()!;
  const kinds = vm.runInContext('[typeof setTimeout, typeof process, typeof Buffer, typeof fetch, typeof URL, typeof structuredClone, typeof TextEncoder, global === globalThis]', ctx);
  expect(kinds).toEqual(['function', 'object', 'function', 'function', 'function', 'function', 'function', true]);
  // Its builtins are the context's own, not this file's.
  expect(vm.runInContext('Object', ctx)).not.toBe(Object);
  expect(vm.runInContext('[] instanceof Array', ctx)).toBe(true);
  // A global one file sets is not seen by another.
  vm.runInContext('globalThis.leftOver = 1', ctx);
  expect(vm.runInContext('typeof leftOver', make(OwnContextEnvironment).getVmContext()!)).toBe('undefined');
  expect((globalThis as { leftOver?: number }).leftOver).toBeUndefined();
});

describe("V8's code cache for the modules jest compiles", () => {
  // Loading the environment module put it in place of vm.compileFunction (once per process).
  type Compiled = ReturnType<typeof vm.compileFunction> & { cachedDataProduced?: boolean; cachedDataRejected?: boolean };
  const compile = (code: string, filename: string) => vm.compileFunction(code, ['a'], { filename }) as Compiled;

  it('compiles a module again from the cache its first compile produced, with the same result', () => {
    const filename = path.join(__dirname, `cached-${Math.random().toString(36).slice(2)}.js`);
    const code = 'return a * 2 + [1, 2, 3].length;';
    const first = compile(code, filename);
    expect(first.cachedDataProduced).toBe(true);
    const again = compile(code, filename);
    expect(again.cachedDataRejected).toBe(false); // the cache was given, and V8 took it
    expect([first(5), again(5)]).toEqual([13, 13]);
  });

  it('compiles a changed source afresh: the cache is only for the same file and the same source', () => {
    const filename = path.join(__dirname, `changed-${Math.random().toString(36).slice(2)}.js`);
    compile('return a + 1;', filename);
    const changed = compile('return a + 2;', filename);
    expect(changed.cachedDataRejected).toBeUndefined(); // no cache was given
    expect(changed.cachedDataProduced).toBe(true);
    expect(changed(1)).toBe(3);
    expect(compile('return a + 1;', `${filename}.other.js`)(1)).toBe(2);
  });
});

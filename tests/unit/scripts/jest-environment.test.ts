import vm from 'node:vm';
import path from 'node:path';
import NodeEnvironment from 'jest-environment-node';

// tests/support/jest-environment.cjs: jest's node environment on an ordinary context of the test
// file's own (vm.constants.DONT_CONTEXTIFY) rather than a sandbox reached through interceptors.
// These tests fail when a jest upgrade makes its context some other way, which would quietly put
// the slow sandbox back.

type Environment = { global: typeof globalThis; getVmContext(): vm.Context | null; setup(): Promise<void>; teardown(): Promise<void> };
const OwnContextEnvironment = require(path.resolve(__dirname, '../../support/jest-environment.cjs')) as new (config: unknown, context: unknown) => Environment;

const config = { globalConfig: {}, projectConfig: { testEnvironmentOptions: {}, globals: {}, fakeTimers: {} } };
const context = { console, docblockPragmas: {}, testPath: __filename };
const made: Environment[] = [];
const make = (Env: new (config: unknown, context: unknown) => Environment) => {
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
  const jests = make(NodeEnvironment as unknown as new (config: unknown, context: unknown) => Environment);
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

// @ts-check
// Jest's node environment with each test file's globals on a context of their own
// (vm.constants.DONT_CONTEXTIFY, Node 22.8+), instead of on a sandbox object that the context reaches
// through interceptors. Jest 30 makes that sandbox a Proxy (to delete what a file left on its
// globals), and every global a module reads (Object, Array, JSON, Promise…) then crossed
// from V8 into Node's interceptor and through the Proxy: Object.getPrototypeOf({}) took about 300 ns
// instead of 1 to 20, drizzle's query building (its is(), which reads Object twice a call) was 20%
// of the attack suite's main thread, and a query was built in 417 µs instead of 55. What the
// environment gives a file is the same (Node's globals, jest's timers and mocks, its own context
// per file); the files' contexts are dropped whole after each file, so the Proxy's clean-up of
// single globals is not needed. tests/unit/scripts/jest-environment.test.ts holds the contract:
// jest-environment-node makes its context with vm.createContext, looked up at the call.
const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

class OwnContextEnvironment extends TestEnvironment {
  /** @param {ConstructorParameters<typeof TestEnvironment>} args */
  constructor(...args) {
    const createContext = vm.createContext;
    // jest-environment-node calls vm.createContext(its Proxy) once, in its constructor: this call
    // makes an ordinary context instead, whose global object jest then fills as it would the sandbox.
    vm.createContext = () => createContext(vm.constants.DONT_CONTEXTIFY);
    try {
      super(...args);
    } finally {
      vm.createContext = createContext;
    }
  }
}

/**
 * V8's code cache for the modules jest compiles (jest-runtime calls vm.compileFunction for every
 * module of every test file, with no cache): a worker process runs many files that load the same
 * modules, and the second file on compiles each from the first one's cache instead of parsing it
 * again (compiling was 19% of an API worker's main thread). Kept per process, by file name, for
 * the same source only.
 * @type {Map<string, { code: string; data: Buffer }>}
 */
const codeCache = new Map();
const compileFunction = vm.compileFunction;
/** @type {typeof vm.compileFunction} */
function compileWithCache(code, params, options = {}) {
  const { filename } = options;
  if (!filename || options.cachedData || options.produceCachedData) return compileFunction(code, params, options);
  const cached = codeCache.get(filename);
  if (cached && cached.code === code) {
    const fn = compileFunction(code, params, { ...options, cachedData: cached.data });
    if (fn.cachedDataRejected) codeCache.delete(filename);
    return fn;
  }
  const fn = compileFunction(code, params, { ...options, produceCachedData: true });
  if (fn.cachedData) codeCache.set(filename, { code, data: fn.cachedData });
  return fn;
}
vm.compileFunction = compileWithCache;

module.exports = OwnContextEnvironment;

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

module.exports = OwnContextEnvironment;

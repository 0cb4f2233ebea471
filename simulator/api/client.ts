/**
 * The package's entry for code that only steers a sandbox started elsewhere:
 * `import { connectSandbox } from 'ledger-sim/client'`. It loads none of the simulator, so a test
 * runner with a module system of its own (jest's) loads it in every test file at no cost.
 */
export { connectSandbox } from './connectSandbox.ts';
export { SandboxError } from './callSandbox.ts';
export { trustingFetch } from './trustingFetch.ts';
export type * from './sandboxApi.ts';
